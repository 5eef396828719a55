import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { idPattern } from '#src/common/ids/ids.js';
import { isAccountEmail } from '#src/common/validation/validators.js';
import type { SsoType } from '#src/modules/sso/connections/sso-connection.entity.js';
import { OrganizationsRepository } from '#src/modules/organizations/organizations.repository.js';
import { SsoConnectionsService } from '#src/modules/sso/connections/sso-connections.service.js';
import { DomainsService } from '#src/modules/sso/domains/domains.service.js';
import { flowSession } from '#src/modules/sso/oidc/flow-cookie.js';
import { providerErrorOf } from '#src/modules/sso/oidc/provider-error.js';
import { SsoFailure } from '#src/modules/sso/sso-failure.js';
import type { SsoRequest } from '#src/modules/sso/sso-request.js';

/**
 * Runs the request through the Passport strategy of its connection type (@nestjs/passport): the strategy
 * redirects to the identity provider, or validates what it sent back and hands over the identity. The
 * connection is resolved first, from the path (`:connection_id`) unless a start guard already chose it.
 */
function connectionGuard(type: SsoType) {
  @Injectable()
  class ConnectionGuard extends AuthGuard(type) {
    constructor(
      @Inject(APP_CONFIG) readonly config: AppConfig,
      readonly connections: SsoConnectionsService,
    ) {
      super();
    }

    override async canActivate(context: ExecutionContext): Promise<boolean> {
      const request = context.switchToHttp().getRequest<SsoRequest>();
      if (!request.ssoConnection) {
        const id = String(request.params.connection_id ?? '');
        const connection = idPattern('ssoConnection').test(id) ? await this.connections.byId(id) : null;
        if (connection?.type !== type) {
          throw new SsoFailure('authentication_failed', 'unknown_connection', id);
        }
        request.ssoConnection = connection;
      }
      if (type === 'saml' && request.method === 'POST' && typeof (request.body as { SAMLResponse?: unknown } | undefined)?.SAMLResponse !== 'string') {
        throw new SsoFailure('authentication_failed', 'no_saml_response');
      }
      if (type === 'oidc') {
        // Without an answer to read, the strategy would start a new sign-in and replace the browser's flow cookie.
        if (request.path.endsWith('/callback') && typeof request.query.code !== 'string' && typeof request.query.error !== 'string') {
          throw new SsoFailure('authentication_failed', 'no_authorization_response');
        }
        (request as unknown as { session: unknown }).session = flowSession(
          request,
          context.switchToHttp().getResponse<Response>(),
          this.config.keys.hashSecret,
        );
      }
      return (await super.canActivate(context)) as boolean;
    }

    override handleRequest<TUser>(error: unknown, user: TUser | false, info: unknown): TUser {
      if (error instanceof SsoFailure) {
        throw error;
      }
      if (error || !user) {
        const providerError = type === 'oidc' ? providerErrorOf(error, info) : undefined;
        throw providerError
          ? new SsoFailure('authentication_failed', 'provider_error', providerError)
          : new SsoFailure('authentication_failed', 'invalid_response', undefined, messageOf(error) ?? messageOf(info));
      }
      return user;
    }
  }
  return ConnectionGuard;
}

@Injectable()
export class SamlGuard extends connectionGuard('saml') {}

@Injectable()
export class OidcGuard extends connectionGuard('oidc') {}

/** `GET /api/auth/sso?email=`: the connection of the organization whose verified domain the address is in. */
@Injectable()
export class SsoStartGuard implements CanActivate {
  constructor(
    private readonly domains: DomainsService,
    private readonly connections: SsoConnectionsService,
    private readonly organizations: OrganizationsRepository,
    private readonly saml: SamlGuard,
    private readonly oidc: OidcGuard,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<SsoRequest>();
    const email = typeof request.query.email === 'string' ? request.query.email.trim().toLowerCase() : '';
    if (!isAccountEmail(email)) {
      throw new SsoFailure('not_configured', 'invalid_email');
    }
    const orgId = await this.domains.organizationOf(email);
    const [connection] = orgId ? await this.connections.byOrganization(orgId) : [];
    if (!connection) {
      throw new SsoFailure('not_configured', 'no_connection_for_domain', email.slice(email.lastIndexOf('@') + 1));
    }
    // Checked before the person is sent to the identity provider, not only once they come back.
    const organization = await this.organizations.findById(connection.orgId);
    if (organization?.plan !== 'enterprise') {
      throw new SsoFailure('unavailable', 'plan_required', organization?.plan);
    }
    request.ssoConnection = connection;
    return (connection.type === 'saml' ? this.saml : this.oidc).canActivate(context);
  }
}

function messageOf(value: unknown): string | undefined {
  if (value instanceof Error) {
    return value.message;
  }
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string'
    ? (value as { message: string }).message
    : undefined;
}
