import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import type { ClientInfo } from '#src/common/auth/auth-context.js';
import { Clock } from '#src/common/clock/clock.js';
import { keyedHash, newSecretToken } from '#src/common/crypto/keyed-hash.js';
import { TransactionRunner, type Tx } from '#src/common/database/transaction.js';
import { AppError } from '#src/common/errors/app.error.js';
import { AuditLog } from '#src/modules/audit/audit-log.service.js';
import { newId } from '#src/common/ids/ids.js';
import { cookieValueOf, csrfTokenOf, SESSION_LIFETIME_MS } from '#src/modules/auth/sessions/session-cookie.js';
import { SessionsRepository, type SessionRow } from '#src/modules/auth/sessions/sessions.repository.js';
import { WebSessionEntity } from '#src/modules/auth/sessions/web-session.entity.js';

/**
 * Every request renews a session's expiry; the row is written at most once a second, so that a page's burst of
 * parallel requests costs one write while the expiry a person or a client reads stays now + 7 days.
 */
const RENEW_INTERVAL_MS = 1_000;

const SESSION_OVER = 'The session has ended or expired: sign in again';

export interface OpenedSession {
  session: WebSessionEntity;
  /** The value of the `service_session` cookie. */
  cookie: string;
  csrfToken: string;
}

/**
 * Web sessions: opened by a sign-in, found by their cookie, kept alive seven days past the last request,
 * ended by logout or from another session. The token is 256 random bits; the database holds its keyed
 * hash only.
 */
@Injectable()
export class SessionsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: SessionsRepository,
    private readonly clock: Clock,
    private readonly transactions: TransactionRunner,
    private readonly audit: AuditLog,
  ) {}

  async open(orgId: string, userId: string, client: ClientInfo, tx: Tx): Promise<OpenedSession> {
    const now = this.clock.now();
    const token = newSecretToken('svcses');
    const session = await this.sessions.insert(
      orgId,
      Object.assign(new WebSessionEntity(), {
        id: newId('webSession'),
        orgId,
        userId,
        tokenHash: this.hash(token),
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
        endedAt: null,
        ip: client.ip?.slice(0, 64) ?? null,
        userAgent: client.userAgent?.slice(0, 500) ?? null,
      }),
      tx,
    );
    return { session, cookie: cookieValueOf(token, this.secret), csrfToken: csrfTokenOf(token, this.secret) };
  }

  /** The live session of a token, its expiry renewed; a 401 for one ended, expired or whose user is gone. */
  async resume(token: string): Promise<SessionRow> {
    const row = await this.sessions.findByTokenHash(this.hash(token));
    const now = this.clock.now();
    if (!row || row.endedAt !== null || row.expiresAt.getTime() <= now.getTime()) {
      throw AppError.unauthorized(SESSION_OVER);
    }
    if (now.getTime() - row.lastSeenAt.getTime() >= RENEW_INTERVAL_MS) {
      const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
      await this.sessions.renew(row.orgId, row.id, now, expiresAt);
      return { ...row, lastSeenAt: now, expiresAt };
    }
    return row;
  }

  csrfTokenOf(token: string): string {
    return csrfTokenOf(token, this.secret);
  }

  list(orgId: string, userId: string): Promise<WebSessionEntity[]> {
    return this.sessions.listLive(orgId, userId, this.clock.now());
  }

  /** Ends one of the user's sessions, from one of theirs (`logout` when it is the same): 404 for one that is not theirs, or already over. */
  async end(caller: SessionRow, id: string, client: ClientInfo): Promise<void> {
    await this.transactions.run(async (tx) => {
      if (!(await this.sessions.end(caller.orgId, caller.userId, id, this.clock.now(), tx))) {
        // The caller's own session ended by a request of the same moment: as any request of an ended session, a 401.
        throw id === caller.id ? AppError.unauthorized(SESSION_OVER) : AppError.notFound('Session', id);
      }
      await this.audit.record(
        {
          orgId: caller.orgId,
          action: id === caller.id ? 'logout' : 'session.revoked',
          actor: { type: 'user', id: caller.userId },
          client,
          target: { type: 'session', id },
        },
        tx,
      );
    });
  }

  /** Ends every live session of a user (a password reset), or every other one than `exceptId` (a password changed in it). */
  async endAll(orgId: string, userId: string, tx: Tx, exceptId?: string): Promise<void> {
    await this.sessions.endAll(orgId, userId, this.clock.now(), tx, exceptId);
  }

  private get secret(): string {
    return this.config.keys.hashSecret;
  }

  private hash(token: string): string {
    return keyedHash(token, this.secret);
  }
}
