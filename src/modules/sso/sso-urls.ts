import type { Request } from 'express';
import type { AppConfig } from '#src/config/app-config.js';
import { ownOrigin } from '#src/modules/auth/sessions/csrf.js';

/** The service's public origin: PUBLIC_URL, else the request's own scheme and host (through TRUST_PROXY proxies). */
export function publicOrigin(config: AppConfig, request: Request): string {
  return ownOrigin(request, config.http.publicUrl);
}

/** The addresses an identity provider is configured with, per connection. */
export function ssoUrls(origin: string, connectionId: string) {
  const saml = `${origin}/api/auth/saml/${connectionId}`;
  return {
    /** The SP entity id is its metadata address, as most identity providers expect. */
    entityId: `${saml}/metadata`,
    acs: `${saml}/acs`,
    oidcCallback: `${origin}/api/auth/oidc/${connectionId}/callback`,
  };
}
