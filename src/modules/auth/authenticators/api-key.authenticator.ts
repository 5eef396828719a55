import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { malformedBearer } from '#src/common/auth/bearer-challenge.js';
import { AppError } from '#src/common/errors/app.error.js';
import { Authenticator, type Caller } from '#src/modules/auth/authenticators/authenticator.js';
import { ApiKeyVerifier } from '#src/modules/keys/api-key-verifier.service.js';

/** Exactly `Bearer <credential>` (scheme case-insensitive, RFC 9110): one space, no whitespace inside it. */
const BEARER = /^Bearer ([^\s]+)$/i;
/** The Bearer scheme, however the rest of the header is mangled. */
const BEARER_SCHEME = /^Bearer(\s|$)/i;
const MALFORMED = 'Malformed Authorization header: expected exactly "Bearer <credential>"';

/** `Authorization: Bearer <API key>`: organization and personal keys, versioned (`svcsk_…`) and legacy (`sk_live_…`). */
@Injectable()
export class ApiKeyAuthenticator extends Authenticator {
  constructor(private readonly keys: ApiKeyVerifier) {
    super();
  }

  async authenticate(request: Request): Promise<Caller | null> {
    const token = bearerToken(request.headers.authorization);
    if (token === undefined) {
      return null;
    }
    const key = await this.keys.verify(token);
    return {
      orgId: key.orgId,
      userId: key.userId,
      role: key.userRole,
      scopes: key.scopes,
      credential: { kind: 'api_key', id: key.id },
      plan: key.plan,
      ipAllowlist: key.ipAllowlist,
    };
  }
}

/** The bearer credential of an Authorization header; undefined without one; a 401 for any other form. */
export function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined || header === '') {
    return undefined;
  }
  const match = BEARER.exec(header);
  if (!match) {
    // Another scheme, or no scheme at all, is no bearer credential to call malformed (RFC 6750, section 3.1).
    throw BEARER_SCHEME.test(header) ? malformedBearer(MALFORMED) : AppError.unauthorized(MALFORMED);
  }
  return match[1];
}
