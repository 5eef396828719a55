import type { AuthContext, ClientInfo } from '#src/common/auth/auth-context.js';
import type { AuditActorType } from '#src/modules/audit/audit-entry.entity.js';

/** Every action the audit log records. */
export const AUDIT_ACTIONS = [
  'login.succeeded',
  'login.failed',
  'logout',
  'session.revoked',
  'sso.succeeded',
  'sso.failed',
  'ip.blocked',
  'api_key.created',
  'api_key.revoked',
  'api_key.rotated',
  'user.created',
  'user.invited',
  'user.updated',
  'user.deleted',
  'organization.updated',
  'oauth_client.created',
  'oauth_client.deleted',
  'oauth_grant.revoked',
  'data_source.connected',
  'data_source.disconnected',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'provider_key.created',
  'provider_key.deleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditActor {
  type: AuditActorType;
  id: string | null;
}

export interface AuditTarget {
  type: string;
  id: string;
}

/** One action to record. `details` must never hold a secret: no password, token, key or cookie value. */
export interface AuditRecord {
  orgId: string;
  action: AuditAction;
  actor: AuditActor;
  client: ClientInfo;
  target?: AuditTarget;
  details?: Record<string, unknown>;
}

export const SYSTEM_ACTOR: AuditActor = { type: 'system', id: null };
export const NO_CLIENT: ClientInfo = { ip: null, userAgent: null };

/** Who acts with a credential: the person of a web session, else the key, or the OAuth client an access token was issued to. */
export function actorOf(auth: Pick<AuthContext, 'credential' | 'userId'>): AuditActor {
  switch (auth.credential.kind) {
    case 'session':
      return { type: 'user', id: auth.userId };
    case 'oauth_token':
      return { type: 'oauth_client', id: auth.credential.oauthClientId ?? null };
    case 'api_key':
      return { type: 'api_key', id: auth.credential.id };
  }
}

/**
 * The details that name the person an OAuth application acted for: its client is shared by everyone who
 * allowed it, so the actor alone does not tell who it was. Nothing for other actors.
 */
export function personActedFor(actor: AuditActor, userId: string | null): { user_id: string | null } | undefined {
  return actor.type === 'oauth_client' ? { user_id: userId } : undefined;
}

/** An action done through the API: the caller and its address come from the request's AuthContext. */
export function auditOf(auth: AuthContext, action: AuditAction, target?: AuditTarget, details?: Record<string, unknown>): AuditRecord {
  const actor = actorOf(auth);
  const forPerson = personActedFor(actor, auth.userId);
  return { orgId: auth.orgId, action, actor, client: auth.client, target, details: forPerson ? { ...details, ...forPerson } : details };
}
