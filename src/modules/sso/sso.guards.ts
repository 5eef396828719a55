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
      readonly organizations: OrganizationsRepository,
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
      const answer = isAnswerRoute(type, request);
      refuseUnexpectedMessages(type, request, answer);
      if (!answer) {
        // Checked before the person is sent to the identity provider, not only once they come back.
        const organization = await this.organizations.findById(request.ssoConnection.orgId);
        if (organization?.plan !== 'enterprise') {
          throw new SsoFailure('unavailable', 'plan_required', organization?.plan);
        }
      }
      if (type === 'oidc') {
        (request as unknown as { session: unknown }).session = flowSession(
          request,
          context.switchToHttp().getResponse<Response>(),
          this.config.keys.hashSecret,
        );
      }
      const activated = (await super.canActivate(context)) as boolean;
      // A strategy that passes (passport-saml on a logout message) would let the route run with nobody signed in.
      if (answer && !request.user) {
        throw new SsoFailure('authentication_failed', 'no_identity');
      }
      return activated;
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

/** The identity provider's answer comes back to the ACS (POST) and the OpenID callback; every other route starts a sign-in. */
function isAnswerRoute(type: SsoType, request: SsoRequest): boolean {
  return type === 'saml' ? request.method === 'POST' : request.path.endsWith('/callback');
}

/**
 * What each route takes from the identity provider, and nothing else: the ACS a posted `SAMLResponse`, the
 * callback `code` or `error`; a start route takes no answer at all, which the strategies would otherwise
 * read (an authorization code exchanged at `…/login`, a SAML logout message anywhere) instead of starting.
 * The service offers no SAML single logout, so `SAMLRequest` and `SAMLResponse` in a query are refused.
 */
function refuseUnexpectedMessages(type: SsoType, request: SsoRequest, answer: boolean): void {
  if (type === 'saml') {
    const query = request.query as Record<string, unknown>;
    if (query.SAMLResponse !== undefined || query.SAMLRequest !== undefined) {
      throw new SsoFailure('authentication_failed', 'unsupported_message');
    }
    const posted = (request.body as { SAMLResponse?: unknown } | undefined)?.SAMLResponse;
    if (answer && (typeof posted !== 'string' || posted.trim() === '')) {
      throw new SsoFailure('authentication_failed', 'no_saml_response');
    }
    return;
  }
  const params = new URL(request.originalUrl, 'http://callback.invalid').searchParams;
  if (answer && typeof request.query.code !== 'string' && typeof request.query.error !== 'string') {
    // Without an answer to read, the strategy would start a new sign-in and replace the browser's flow cookie.
    throw new SsoFailure('authentication_failed', 'no_authorization_response');
  }
  if (!answer && OIDC_ANSWER_PARAMETERS.some((name) => params.has(name))) {
    throw new SsoFailure('authentication_failed', 'answer_at_start');
  }
}

/** The parameters openid-client's strategy reads as an authorization response rather than starting a sign-in. */
const OIDC_ANSWER_PARAMETERS = ['code', 'error', 'response'];

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
