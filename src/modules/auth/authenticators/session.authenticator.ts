import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { AppError } from '#src/common/errors/app.error.js';
import { Authenticator, type Caller } from '#src/modules/auth/authenticators/authenticator.js';
import { checkCsrf } from '#src/modules/auth/sessions/csrf.js';
import { clearedSessionCookie, sessionTokenOf } from '#src/modules/auth/sessions/session-cookie.js';
import type { SessionRow } from '#src/modules/auth/sessions/sessions.repository.js';
import { SessionsService } from '#src/modules/auth/sessions/sessions.service.js';

const SESSION = Symbol('session');

/** The session and token a request was authenticated with, for the session endpoints. */
export interface RequestSession {
  row: SessionRow;
  token: string;
}

/**
 * The `service_session` cookie of a signed-in person, when the request has no Authorization header (a
 * bearer credential wins). The session acts with its user's current role; a state-changing request also
 * needs the CSRF token (csrf.ts).
 */
@Injectable()
export class SessionAuthenticator extends Authenticator {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: SessionsService,
  ) {
    super();
  }

  async authenticate(request: Request): Promise<Caller | null> {
    if (request.headers.authorization !== undefined) {
      return null;
    }
    const token = sessionTokenOf(request, this.config.keys.hashSecret);
    if (token === undefined) {
      return null;
    }
    if (token === false) {
      throw forgetCookie(request, AppError.unauthorized('The session cookie is not valid: sign in again'));
    }
    const row = await this.sessions.resume(token).catch((error: unknown) => {
      throw forgetCookie(request, error);
    });
    (request as Request & { [SESSION]?: RequestSession })[SESSION] = { row, token };
    return {
      orgId: row.orgId,
      userId: row.userId,
      role: row.user.role,
      scopes: null,
      credential: { kind: 'session', id: row.id },
      plan: row.organization.plan,
      ipAllowlist: row.organization.ipAllowlist,
      checkRequest: () => checkCsrf(request, this.sessions.csrfTokenOf(token), this.config.http.publicUrl),
    };
  }
}

/** A cookie the service no longer honours (ended, expired, altered) is cleared with the 401, so the browser stops sending it. */
function forgetCookie(request: Request, error: unknown): unknown {
  if (error instanceof AppError && error.status === 401) {
    request.res?.setHeader('Set-Cookie', clearedSessionCookie());
  }
  return error;
}

export function sessionOf(request: Request): RequestSession {
  const session = (request as Request & { [SESSION]?: RequestSession })[SESSION];
  if (!session) {
    throw AppError.unauthorized('This endpoint needs a web session: sign in');
  }
  return session;
}
