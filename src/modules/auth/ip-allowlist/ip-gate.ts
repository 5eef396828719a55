import { Injectable } from '@nestjs/common';
import type { ClientInfo } from '#src/common/auth/auth-context.js';
import { AppError } from '#src/common/errors/app.error.js';
import { ErrorCode } from '#src/common/errors/error-code.enum.js';
import type { AuditActor } from '#src/modules/audit/audit-actions.js';
import { AuditLog } from '#src/modules/audit/audit-log.service.js';
import { IpAllowlist } from '#src/modules/auth/ip-allowlist/ip-allowlist.js';

export const IP_NOT_ALLOWED_MESSAGE = 'Requests from this address are not allowed';

/** How the refused caller came: a credential kind, or a way of signing in. */
export type Entrance = 'api_key' | 'session' | 'oauth_token' | 'oauth_authorization' | 'password' | 'sso';

/**
 * Holds an organization's IP allowlist for every way in: the auth guard for each credential, sign-in for
 * passwords (and SSO). A refused request is a 403 `ip_not_allowed` that says nothing else, and an
 * `ip.blocked` audit entry.
 */
@Injectable()
export class IpGate {
  constructor(private readonly audit: AuditLog) {}

  async admit(orgId: string, allowlist: readonly string[], client: ClientInfo, actor: AuditActor, entrance: Entrance): Promise<void> {
    if (!(await this.passes(orgId, allowlist, client, actor, entrance))) {
      throw new AppError(ErrorCode.IpNotAllowed, IP_NOT_ALLOWED_MESSAGE);
    }
  }

  /** Whether the caller's address may come in; a refusal is audited, and the caller answers it in its own envelope. */
  async passes(orgId: string, allowlist: readonly string[], client: ClientInfo, actor: AuditActor, entrance: Entrance): Promise<boolean> {
    if (allowlist.length === 0 || IpAllowlist.of(allowlist).allows(client.ip)) {
      return true;
    }
    await this.audit.recordRefusal({ orgId, action: 'ip.blocked', actor, client, details: { via: entrance } });
    return false;
  }
}
