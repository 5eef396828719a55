import { Injectable } from '@nestjs/common';
import { Clock } from '#src/common/clock/clock.js';
import { TransactionRunner } from '#src/common/database/transaction.js';
import { AppError } from '#src/common/errors/app.error.js';
import { timeOfId } from '#src/common/ids/ids.js';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import { auditOf } from '#src/modules/audit/audit-actions.js';
import { AuditLog } from '#src/modules/audit/audit-log.service.js';
import { OAuthPayloadsRepository } from '#src/modules/oauth/server/oauth-payloads.repository.js';

export interface GrantView {
  id: string;
  clientId: string;
  clientName: string;
  scopes: string[];
  createdAt: Date;
  expiresAt: Date | null;
}

/**
 * What a person has allowed applications to do for them: the authorization server's grants whose
 * account is the caller, for clients of the caller's organization. Revoking one ends every code and
 * token issued under it, on every instance, from the next request.
 */
@Injectable()
export class OAuthGrantsService {
  constructor(
    private readonly payloads: OAuthPayloadsRepository,
    private readonly clock: Clock,
    private readonly transactions: TransactionRunner,
    private readonly audit: AuditLog,
  ) {}

  async list(auth: AuthContext): Promise<GrantView[]> {
    const rows = await this.payloads.grantsOf(auth.orgId, auth.userId, this.clock.now());
    return rows.map((row) => ({
      id: row.id,
      clientId: row.client_id,
      clientName: row.client_name,
      scopes: (row.payload.openid?.scope ?? '').split(' ').filter(Boolean),
      // The library keeps whole seconds (`iat`); the grant's id was made at the same moment, to the millisecond.
      createdAt: timeOfId(row.id),
      expiresAt: row.expires_at,
    }));
  }

  /** The person's latest live grant to a client: their consent, remembered beyond the authorization server's session. */
  async latestFor(accountId: string, clientId: string): Promise<string | undefined> {
    return this.payloads.latestGrantId(accountId, clientId, this.clock.now());
  }

  /** A grant just used at the token endpoint lives `lifetimeS` more from now. */
  async extend(grantId: string, lifetimeS: number): Promise<void> {
    const now = this.clock.now();
    await this.payloads.extendGrant(grantId, new Date(now.getTime() + lifetimeS * 1000), now);
  }

  async get(auth: AuthContext, id: string): Promise<GrantView> {
    const grant = (await this.list(auth)).find((candidate) => candidate.id === id);
    if (!grant) {
      throw AppError.notFound('OAuth grant', id);
    }
    return grant;
  }

  async revoke(auth: AuthContext, id: string): Promise<void> {
    const grant = await this.get(auth, id);
    await this.transactions.run(async (tx) => {
      await this.payloads.revokeGrant(id, tx);
      await this.audit.record(auditOf(auth, 'oauth_grant.revoked', { type: 'oauth_grant', id }, { client_id: grant.clientId }), tx);
    });
  }
}
