import type { components } from '@/api/schema';
import { can, ROLE_LABELS, type Capability, type Role } from '@/app/permissions';

export type Scope = NonNullable<components['schemas']['CreateApiKeyDto']['scopes']>[number];
export type Environment = NonNullable<components['schemas']['CreateApiKeyDto']['environment']>;

/** The versioned scopes a key is made with here; the legacy ones remain for keys made through the legacy path. */
type VersionedScope = Extract<Scope, 'read' | 'write' | 'execute' | 'admin'>;
type ScopeOption = { value: VersionedScope; label: string; hint: string };

export const SCOPE_OPTIONS: readonly ScopeOption[] = [
  { value: 'read', label: 'Read', hint: 'List and read agents, data sources, interactions and the knowledge base.' },
  { value: 'write', label: 'Write', hint: 'Create, change and delete agents, data sources and articles.' },
  { value: 'execute', label: 'Execute', hint: 'Ask questions, search, and give feedback.' },
  { value: 'admin', label: 'Admin', hint: 'Everything, including users, keys, webhooks, analytics and settings.' },
];

export const ENVIRONMENT_OPTIONS: ReadonlyArray<{ value: Environment; label: string }> = [
  { value: 'live', label: 'Live (svcsk_live_…)' },
  { value: 'test', label: 'Test (svcsk_test_…): refused by a production service' },
];

/** What each scope lets a key do, in the role table's terms (as the API maps scopes and roles to permissions). */
const SCOPE_CAPABILITIES: Record<VersionedScope, readonly Capability[]> = {
  read: ['read'],
  write: ['write', 'trainKb'],
  execute: ['ask', 'feedback'],
  admin: ['read', 'write', 'ask', 'feedback', 'trainKb', 'admin'],
};

/** A capability as the part of a scope a role leaves to a key. */
const CAPABILITY_WORDS: Record<Capability, string> = {
  read: 'read',
  write: 'change agents and data sources',
  ask: 'ask questions',
  feedback: 'give feedback on answers',
  trainKb: 'write knowledge base articles',
  admin: 'administer the organization',
};

function isVersioned(scope: string): scope is VersionedScope {
  return Object.hasOwn(SCOPE_CAPABILITIES, scope);
}

/**
 * The scopes offered to someone of `role` for a key of their own. The API caps a personal key to its owner's
 * role, so a scope is offered for what it comes to within the role: whole, or the part the role allows (Train
 * keeps the knowledge base of Write and the feedback of Execute), and not at all when the role allows none of
 * it. Admin is offered to admins alone: below them it would come to no more than the others.
 */
export function scopeOptionsFor(role: Role): ScopeOption[] {
  return SCOPE_OPTIONS.flatMap((option) => {
    const within = scopeWithinRole(option.value, role);
    if (within.kind === 'all') {
      return [option];
    }
    if (within.kind === 'none') {
      return [];
    }
    return [{ ...option, hint: `Within your role (${ROLE_LABELS[role]}): ${within.part} only.` }];
  });
}

export type ScopeWithinRole = { kind: 'all' } | { kind: 'none' } | { kind: 'part'; part: string };

/**
 * What a scope comes to for someone of `role`: all of it, none of it, or (in words) the part the role allows.
 * Admin below the admin role is none: what it would add to the other scopes, administering, is the role's to deny.
 * A scope the role table does not know (`offline_access`) is all.
 */
export function scopeWithinRole(scope: string, role: Role): ScopeWithinRole {
  if (!isVersioned(scope)) {
    return { kind: 'all' };
  }
  const capabilities = SCOPE_CAPABILITIES[scope];
  const allowed = capabilities.filter((capability) => can(role, capability));
  if (allowed.length === capabilities.length) {
    return { kind: 'all' };
  }
  if (allowed.length === 0 || scope === 'admin') {
    return { kind: 'none' };
  }
  return { kind: 'part', part: allowed.map((capability) => CAPABILITY_WORDS[capability]).join(' and ') };
}

/**
 * A personal key's scopes as its owner's role leaves them: a scope beyond the role shows as what the role lets
 * it do (Admin as every scope offered to the role), and `capped` says the key was made with more. Scopes of the
 * legacy path are shown as they are.
 */
export function scopesWithinRole(scopes: readonly string[], role: Role): { scopes: string[]; capped: boolean } {
  const offered: string[] = scopeOptionsFor(role).map((option) => option.value);
  const within = new Set<string>();
  let capped = false;
  for (const scope of scopes) {
    if (!isVersioned(scope)) {
      within.add(scope);
      continue;
    }
    capped ||= !SCOPE_CAPABILITIES[scope].every((capability) => can(role, capability));
    const comesTo = offered.includes(scope) ? [scope] : scope === 'admin' ? offered : [];
    comesTo.forEach((each) => within.add(each));
  }
  return { scopes: [...within], capped };
}
