import { Injectable } from '@nestjs/common';
import type { ClientInfo } from '#src/common/auth/auth-context.js';
import type { Role } from '#src/common/auth/permissions.js';
import { TransactionRunner } from '#src/common/database/transaction.js';
import { toAppError } from '#src/common/errors/all-exceptions.filter.js';
import { ErrorCode } from '#src/common/errors/error-code.enum.js';
import { AuditLog } from '#src/modules/audit/audit-log.service.js';
import { IpGate } from '#src/modules/auth/ip-allowlist/ip-gate.js';
import { storedAllowlist } from '#src/modules/auth/ip-allowlist/ip-allowlist.js';
import { SessionsService, type OpenedSession } from '#src/modules/auth/sessions/sessions.service.js';
import { OrganizationsRepository } from '#src/modules/organizations/organizations.repository.js';
import type { SsoConnectionEntity } from '#src/modules/sso/connections/sso-connection.entity.js';
import { DomainsService } from '#src/modules/sso/domains/domains.service.js';
import { storableIdentity } from '#src/modules/sso/sign-in/storable-identity.js';
import { SsoFailure } from '#src/modules/sso/sso-failure.js';
import type { SsoIdentity } from '#src/modules/sso/sso-request.js';
import type { UserEntity } from '#src/modules/users/user.entity.js';
import { ssoSettingsOf } from '#src/modules/sso/sso-settings.js';
import { UsersService } from '#src/modules/users/users.service.js';

/**
 * The end of a single sign-on: the identity provider vouched for an e-mail address, and this decides
 * whether that person may come in, creating them just in time, and opens their web session.
 *
 * - The address must be one a user may have (storableIdentity): else "Authentication failed".
 * - The organization must still be on the enterprise plan (a downgrade keeps the configuration, unused).
 * - The address must be in one of the organization's verified domains: else "Unauthorized domain".
 * - The organization's IP allowlist holds, as for every way in.
 * - An unknown address becomes a user with the organization's default role, unless an admin deleted a
 *   user with that address and the organization does not let SSO create them again. First sign-ins of one
 *   person at the same moment all get in: those that lose the race to create the user use the winner's.
 */
@Injectable()
export class SsoSignInService {
  constructor(
    private readonly organizations: OrganizationsRepository,
    private readonly transactions: TransactionRunner,
    private readonly domains: DomainsService,
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly gate: IpGate,
    private readonly audit: AuditLog,
  ) {}

  async complete(connection: SsoConnectionEntity, vouched: SsoIdentity, client: ClientInfo): Promise<OpenedSession> {
    const identity = storableIdentity(vouched);
    const organization = await this.organizations.findById(connection.orgId);
    if (!organization || organization.plan !== 'enterprise') {
      throw new SsoFailure('unavailable', 'plan_required', organization?.plan);
    }
    if (!(await this.domains.isVerified(organization.id, identity.email))) {
      throw new SsoFailure('unauthorized_domain', 'unverified_domain', identity.email.slice(identity.email.lastIndexOf('@') + 1));
    }
    const existing = await this.users.findByEmail(organization.id, identity.email);
    await this.gate.admit(
      organization.id,
      storedAllowlist(organization.settings.ip_allowlist),
      client,
      { type: existing ? 'user' : 'anonymous', id: existing?.id ?? null },
      'sso',
    );
    const settings = ssoSettingsOf(organization.settings);
    if (!existing && !settings.recreateDeleted && (await this.audit.userWasDeleted(organization.id, identity.email))) {
      throw new SsoFailure('authentication_failed', 'user_deleted_by_admin');
    }
    const signIn = { orgId: organization.id, connection, identity, role: settings.defaultRole, client };
    try {
      return await this.open(signIn, existing);
    } catch (error) {
      // Another first sign-in of the same person (a second tab, a double click) created them meanwhile.
      const created = !existing && toAppError(error)?.code === ErrorCode.Conflict ? await this.users.findByEmail(organization.id, identity.email) : null;
      if (!created) {
        throw error;
      }
      return this.open(signIn, created);
    }
  }

  /** Opens the person's session, creating them first when `existing` is null. */
  private open(signIn: SignIn, existing: UserEntity | null): Promise<OpenedSession> {
    const { orgId, connection, identity, role, client } = signIn;
    return this.transactions.run(async (tx) => {
      const user = existing ?? (await this.users.createInTx(orgId, { email: identity.email, name: identity.name, role }, tx));
      if (!existing) {
        await this.audit.record(
          {
            orgId,
            action: 'user.created',
            actor: { type: 'system', id: null },
            client,
            target: { type: 'user', id: user.id },
            details: { email: user.email, role: user.role, via: 'sso', connection_id: connection.id },
          },
          tx,
        );
      }
      const opened = await this.sessions.open(orgId, user.id, client, tx);
      await this.audit.record(
        {
          orgId,
          action: 'sso.succeeded',
          actor: { type: 'user', id: user.id },
          client,
          target: { type: 'session', id: opened.session.id },
          details: { connection_id: connection.id, type: connection.type, created_user: !existing },
        },
        tx,
      );
      return opened;
    });
  }
}

interface SignIn {
  orgId: string;
  connection: SsoConnectionEntity;
  identity: SsoIdentity;
  role: Role;
  client: ClientInfo;
}
