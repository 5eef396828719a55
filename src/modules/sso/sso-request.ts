import type { Request } from 'express';
import type { SsoConnectionEntity } from '#src/modules/sso/connections/sso-connection.entity.js';

/** The identity an identity provider vouched for, as a strategy hands it over. */
export interface SsoIdentity {
  email: string;
  name: string | null;
}

/** What the SSO routes learn about a request as it goes: the connection it is for, once resolved. */
export interface SsoRequest extends Request {
  ssoConnection?: SsoConnectionEntity;
}

export function connectionOf(request: Request): SsoConnectionEntity | undefined {
  return (request as SsoRequest).ssoConnection;
}
