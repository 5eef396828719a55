import { Logger } from '@nestjs/common';
import type { Request } from 'express';
import type { AuditRecord } from '#src/modules/audit/audit-actions.js';
import type { AuditLog } from '#src/modules/audit/audit-log.service.js';
import { clientOf } from '#src/modules/auth/client-info.js';
import type { OidcProvider, ProviderContext } from '#src/modules/oauth/server/oidc-provider.types.js';
import { reusedGrantOf } from '#src/modules/oauth/server/used-once.js';

/** What the library's `grant.revoked` event carries of the request that revoked the grant. */
interface RevokingContext extends ProviderContext {
  req: Request;
  oidc: {
    route?: string;
    client?: { clientId: string; org_id?: string };
    params?: { grant_type?: unknown };
    entities?: Partial<Record<'RefreshToken' | 'AuthorizationCode' | 'Grant', { accountId?: string }>>;
  };
}

const logger = new Logger('OAuthServer');

/**
 * Grants the authorization server revokes by itself are audited as `oauth_grant.revoked`, as a person's
 * revocation through the API is: a client revoking a refresh token (RFC 7009), and a refresh token or an
 * authorization code presented a second time (a sign that it leaked), also by two requests at once. The
 * entry is written before the answer goes out, so whoever reads the log next finds it.
 */
export function auditGrantRevocations(provider: OidcProvider, audit: AuditLog): void {
  const writes = new WeakMap<object, Array<Promise<void>>>();
  const write = (ctx: RevokingContext, grantId: string, userId?: string): void => {
    const record = recordOf(ctx, grantId, userId);
    if (!record) {
      return;
    }
    const written = audit.record(record).catch((error: unknown) => logger.error({ err: error, org_id: record.orgId }, 'Could not audit a revoked OAuth grant'));
    writes.set(ctx, [...(writes.get(ctx) ?? []), written]);
  };
  provider.on('grant.revoked', (ctx: RevokingContext, grantId: string) => write(ctx, grantId));
  // A code or refresh token another request used at the same moment: its grant was revoked (used-once.ts).
  provider.on('grant.error', (ctx: RevokingContext, error: unknown) => {
    const reused = reusedGrantOf(error);
    if (reused) {
      write(ctx, reused.grantId, reused.accountId);
    }
  });
  provider.use(async (ctx, next) => {
    try {
      await next();
    } finally {
      await Promise.all(writes.get(ctx) ?? []);
    }
  });
}

function recordOf(ctx: RevokingContext, grantId: string, knownUserId?: string): AuditRecord | undefined {
  const client = ctx.oidc.client;
  if (!client?.org_id) {
    return undefined;
  }
  const entities = ctx.oidc.entities ?? {};
  const userId = knownUserId ?? entities.RefreshToken?.accountId ?? entities.AuthorizationCode?.accountId ?? entities.Grant?.accountId ?? null;
  return {
    orgId: client.org_id,
    action: 'oauth_grant.revoked',
    actor: { type: 'oauth_client', id: client.clientId },
    client: clientOf(ctx.req),
    target: { type: 'oauth_grant', id: grantId },
    details: { client_id: client.clientId, user_id: userId, reason: reasonOf(ctx) },
  };
}

function reasonOf(ctx: RevokingContext): string {
  if (ctx.oidc.route === 'revocation') {
    return 'revoked_by_client';
  }
  return ctx.oidc.params?.grant_type === 'refresh_token' ? 'refresh_token_reused' : 'authorization_code_reused';
}
