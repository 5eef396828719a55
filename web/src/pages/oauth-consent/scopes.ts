import type { components } from '@/api/schema';
import { ROLE_LABELS, type Role } from '@/app/permissions';
import { scopeWithinRole } from '@/pages/api-keys/scopes';

export type OAuthScope = components['schemas']['CreateOAuthClientDto']['scopes'][number];

export const OAUTH_SCOPES: readonly OAuthScope[] = ['read', 'write', 'execute', 'admin', 'offline_access'];

/** What each scope lets an application do, in the words the authorization server uses. */
export const SCOPE_TEXT: Record<OAuthScope, string> = {
  read: 'read your agents, data sources, interactions and knowledge base',
  write: 'create, change and delete agents, data sources and articles',
  execute: 'ask agents questions and give feedback',
  admin: 'administer the organization as you',
  offline_access: 'keep this access when you are away (a refresh token)',
};

/** A scope explained; a scope this console does not know is shown as it is. */
export function scopeText(scope: string): string {
  return (SCOPE_TEXT as Record<string, string | undefined>)[scope] ?? scope;
}

/** "Read your agents…" as a list item reads, capitalised. */
export function scopeSentence(scope: string): string {
  const text = scopeText(scope);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A scope asked for, as the consent page says it to someone of `role`: a token's scopes are capped by the
 * person's role at each request, so a scope beyond the role says what the application will really be able to do.
 */
export function consentSentence(scope: string, role: Role): string {
  const within = scopeWithinRole(scope, role);
  const label = ROLE_LABELS[role];
  if (within.kind === 'all') {
    return scopeSentence(scope);
  }
  if (within.kind === 'none') {
    return `${scopeSentence(scope)}: not while your role is ${label}`;
  }
  return `${scopeSentence(scope)}: with your role (${label}), ${within.part} only`;
}
