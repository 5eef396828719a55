import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock } from '#src/common/clock/clock.js';
import { SqlClient } from '#src/common/database/sql-client.js';

/** How long an assertion id is remembered when its assertion names no end of validity. */
const DEFAULT_MEMORY_MS = 24 * 3_600_000;

/**
 * Each assertion signs in once. Its id is claimed atomically (concurrent posts of one response: one wins)
 * and remembered until the assertion would have expired anyway. It is kept as a digest: an xs:ID has no
 * length limit, and an identity provider's long ids must not keep its people out.
 */
@Injectable()
export class ReplayGuard {
  constructor(
    private readonly sql: SqlClient,
    private readonly clock: Clock,
  ) {}

  async claim(connectionId: string, assertionId: string, notOnOrAfter: Date | undefined): Promise<boolean> {
    const now = this.clock.now();
    await this.sql.query('DELETE FROM sso_assertion WHERE expires_at < $1', [now]);
    const expiresAt = notOnOrAfter && notOnOrAfter > now ? notOnOrAfter : new Date(now.getTime() + DEFAULT_MEMORY_MS);
    const claimed = await this.sql.query<{ assertion_id: string }>(
      'INSERT INTO sso_assertion (connection_id, assertion_id, expires_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING assertion_id',
      [connectionId, createHash('sha256').update(assertionId).digest('base64url'), expiresAt],
    );
    return claimed.length === 1;
  }
}
