import { Injectable } from '@nestjs/common';
import { Clock } from '#src/common/clock/clock.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import { TransactionRunner } from '#src/common/database/transaction.js';
import { AppError } from '#src/common/errors/app.error.js';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import { auditOf } from '#src/modules/audit/audit-actions.js';
import { AuditLog } from '#src/modules/audit/audit-log.service.js';

export interface GrantView {
  id: string;
  clientId: string;
  clientName: string;
  scopes: string[];
  createdAt: Date;
  expiresAt: Date | null;
}

interface GrantRow {
  id: string;
  payload: { openid?: { scope?: string }; iat?: number };
  expires_at: Date | null;
  client_id: string;
  client_name: string;
}

/**
 * What a person has allowed applications to do for them: the authorization server's grants whose
 * account is the caller, for clients of the caller's organization. Revoking one ends every code and
 * token issued under it, on every instance, from the next request.
 */
@Injectable()
export class OAuthGrantsService {
  constructor(
    private readonly sql: SqlClient,
    private readonly clock: Clock,
    private readonly transactions: TransactionRunner,
    private readonly audit: AuditLog,
  ) {}

  async list(auth: AuthContext): Promise<GrantView[]> {
    const rows = await this.sql.query<GrantRow>(
      `SELECT g.id, g.payload, g.expires_at, c.id AS client_id, c.name AS client_name
       FROM oauth_payload g JOIN oauth_client c ON c.id = g.payload ->> 'clientId' AND c.org_id = $2
       WHERE g.model = 'Grant' AND g.payload ->> 'accountId' = $1 AND (g.expires_at IS NULL OR g.expires_at > $3)
       ORDER BY g.id DESC`,
      [auth.userId, auth.orgId, this.clock.now()],
    );
    return rows.map((row) => ({
      id: row.id,
      clientId: row.client_id,
      clientName: row.client_name,
      scopes: (row.payload.openid?.scope ?? '').split(' ').filter(Boolean),
      createdAt: new Date((row.payload.iat ?? 0) * 1000),
      expiresAt: row.expires_at,
    }));
  }

  /** The person's latest live grant to a client: their consent, remembered beyond the authorization server's session. */
  async latestFor(accountId: string, clientId: string): Promise<string | undefined> {
    const [row] = await this.sql.query<{ id: string }>(
      `SELECT id FROM oauth_payload
       WHERE model = 'Grant' AND payload ->> 'accountId' = $1 AND payload ->> 'clientId' = $2 AND (expires_at IS NULL OR expires_at > $3)
       ORDER BY (payload ->> 'iat')::bigint DESC LIMIT 1`,
      [accountId, clientId, this.clock.now()],
    );
    return row?.id;
  }

  async revoke(auth: AuthContext, id: string): Promise<void> {
    const grant = (await this.list(auth)).find((candidate) => candidate.id === id);
    if (!grant) {
      throw AppError.notFound('OAuth grant', id);
    }
    await this.transactions.run(async (tx) => {
      await tx.manager.query(`DELETE FROM oauth_payload WHERE grant_id = $1 OR (model = 'Grant' AND id = $1)`, [id]);
      await this.audit.record(auditOf(auth, 'oauth_grant.revoked', { type: 'oauth_grant', id }, { client_id: grant.clientId }), tx);
    });
  }
}
