/**
 * One permission per endpoint. Versioned scopes (`read`, `write`, `execute`, `admin`) and legacy scopes
 * (`agents:read`, `chat`, …) are both mapped onto these, so either kind of key works on either path form.
 */
export enum Permission {
  AgentsRead = 'agents:read',
  AgentsWrite = 'agents:write',
  AgentsDelete = 'agents:delete',
  DataRead = 'data:read',
  DataWrite = 'data:write',
  InteractionsRead = 'interactions:read',
  KbRead = 'kb:read',
  KbWrite = 'kb:write',
  Chat = 'chat',
  Feedback = 'feedback',
  AnalyticsRead = 'analytics:read',
  UsersManage = 'users:manage',
  KeysManage = 'keys:manage',
  /** A person's own (personal) keys: made, listed, rotated and revoked by that person. */
  KeysOwn = 'keys:own',
  WebhooksManage = 'webhooks:manage',
  ProviderKeysManage = 'provider-keys:manage',
  OrganizationManage = 'organization:manage',
  AuditLogRead = 'audit-log:read',
}

export const VERSIONED_SCOPES = ['read', 'write', 'execute', 'admin'] as const;
export type VersionedScope = (typeof VERSIONED_SCOPES)[number];

export const LEGACY_SCOPES = ['chat', 'agents:read', 'agents:write', 'agents:delete', 'data:read', 'data:write', 'analytics:read', 'admin'] as const;
export type LegacyScope = (typeof LEGACY_SCOPES)[number];

export const ALL_SCOPES: readonly string[] = [...new Set<string>([...VERSIONED_SCOPES, ...LEGACY_SCOPES])];

const ALL_PERMISSIONS = Object.values(Permission);

const VERSIONED_GRANTS: Record<VersionedScope, readonly Permission[]> = {
  read: [Permission.AgentsRead, Permission.DataRead, Permission.InteractionsRead, Permission.KbRead],
  write: [Permission.AgentsWrite, Permission.AgentsDelete, Permission.DataWrite, Permission.KbWrite],
  execute: [Permission.Chat, Permission.Feedback],
  admin: ALL_PERMISSIONS,
};

const LEGACY_GRANTS: Record<LegacyScope, readonly Permission[]> = {
  chat: [Permission.Chat],
  'agents:read': [Permission.AgentsRead],
  'agents:write': [Permission.AgentsWrite],
  'agents:delete': [Permission.AgentsDelete],
  'data:read': [Permission.DataRead],
  'data:write': [Permission.DataWrite],
  'analytics:read': [Permission.AnalyticsRead],
  admin: ALL_PERMISSIONS,
};

/** The scope named in a 403 body: the narrowest scope of each form that grants the permission. */
const REQUIRED_SCOPE: Record<Permission, { versioned: VersionedScope; legacy: LegacyScope }> = {
  [Permission.AgentsRead]: { versioned: 'read', legacy: 'agents:read' },
  [Permission.AgentsWrite]: { versioned: 'write', legacy: 'agents:write' },
  [Permission.AgentsDelete]: { versioned: 'write', legacy: 'agents:delete' },
  [Permission.DataRead]: { versioned: 'read', legacy: 'data:read' },
  [Permission.DataWrite]: { versioned: 'write', legacy: 'data:write' },
  [Permission.InteractionsRead]: { versioned: 'read', legacy: 'admin' },
  [Permission.KbRead]: { versioned: 'read', legacy: 'admin' },
  [Permission.KbWrite]: { versioned: 'write', legacy: 'admin' },
  [Permission.Chat]: { versioned: 'execute', legacy: 'chat' },
  [Permission.Feedback]: { versioned: 'execute', legacy: 'admin' },
  [Permission.AnalyticsRead]: { versioned: 'admin', legacy: 'analytics:read' },
  [Permission.UsersManage]: { versioned: 'admin', legacy: 'admin' },
  [Permission.KeysManage]: { versioned: 'admin', legacy: 'admin' },
  [Permission.KeysOwn]: { versioned: 'admin', legacy: 'admin' },
  [Permission.WebhooksManage]: { versioned: 'admin', legacy: 'admin' },
  [Permission.ProviderKeysManage]: { versioned: 'admin', legacy: 'admin' },
  [Permission.OrganizationManage]: { versioned: 'admin', legacy: 'admin' },
  [Permission.AuditLogRead]: { versioned: 'admin', legacy: 'admin' },
};

export function requiredScopeFor(permission: Permission, form: 'versioned' | 'legacy'): string {
  return REQUIRED_SCOPE[permission][form];
}

export function isKnownScope(scope: string): boolean {
  return ALL_SCOPES.includes(scope);
}

/** Own properties only: a stored scope such as `constructor` or `__proto__` must grant nothing, not throw. */
function grantsOf(table: Record<string, readonly Permission[]>, scope: string): readonly Permission[] | undefined {
  return Object.hasOwn(table, scope) ? table[scope] : undefined;
}

export function permissionsOfScopes(scopes: readonly string[]): Set<Permission> {
  const granted = new Set<Permission>();
  for (const scope of scopes) {
    const grants = grantsOf(VERSIONED_GRANTS, scope) ?? grantsOf(LEGACY_GRANTS, scope) ?? [];
    grants.forEach((permission) => granted.add(permission));
  }
  return granted;
}

export const ROLES = ['readonly', 'train', 'configure', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** What a user's role allows; personal keys and web sessions never exceed it. */
const ROLE_GRANTS: Record<Role, readonly Permission[]> = {
  readonly: [...VERSIONED_GRANTS.read, Permission.KeysOwn],
  train: [...VERSIONED_GRANTS.read, Permission.KbWrite, Permission.Feedback, Permission.KeysOwn],
  configure: [...VERSIONED_GRANTS.read, ...VERSIONED_GRANTS.write, ...VERSIONED_GRANTS.execute, Permission.KeysOwn],
  admin: ALL_PERMISSIONS,
};

export function permissionsOfRole(role: Role): Set<Permission> {
  return new Set(ROLE_GRANTS[role]);
}

/**
 * A role as scopes, for 403 bodies of credentials that have no scopes of their own (web sessions): as the
 * roles are defined, `train` adds two permissions of `write` and `execute` to `read`.
 */
const ROLE_SCOPES: Record<Role, readonly string[]> = {
  readonly: ['read'],
  train: ['read', Permission.KbWrite, Permission.Feedback],
  configure: ['read', 'write', 'execute'],
  admin: ['admin'],
};

export function scopesOfRole(role: Role): string[] {
  return [...ROLE_SCOPES[role]];
}

/**
 * What a caller may do, the one place it is decided: the credential's scopes, capped by the role of the
 * user behind it. An organization key (no role) has exactly its scopes; a web session (no scopes of its
 * own, `null`) has its user's role; a personal key or an access token has what both allow.
 */
export function effectivePermissions(scopes: readonly string[] | null, role: Role | null): ReadonlySet<Permission> {
  if (scopes === null) {
    return role === null ? new Set() : permissionsOfRole(role);
  }
  const granted = permissionsOfScopes(scopes);
  if (role === null) {
    return granted;
  }
  const allowed = permissionsOfRole(role);
  return new Set([...granted].filter((permission) => allowed.has(permission)));
}

/** What one scope grants; a role's scope named after a permission (`kb:write` of `train`) grants that permission. */
function grantsOfScope(scope: string): Permission[] {
  return isKnownScope(scope) ? [...permissionsOfScopes([scope])] : ALL_PERMISSIONS.filter((permission) => permission.valueOf() === scope);
}

/**
 * The scopes a caller holds in effect, for the `current_scopes` of a 403: a credential's scopes that its
 * user's role allows whole, and the role's scopes its scopes cover (a personal `admin` key of a `readonly`
 * user holds `read`).
 */
export function effectiveScopes(scopes: readonly string[], role: Role | null): string[] {
  if (role === null) {
    return [...scopes];
  }
  const within = (scope: string, allowed: ReadonlySet<Permission>): boolean => grantsOfScope(scope).every((permission) => allowed.has(permission));
  const byRole = permissionsOfRole(role);
  const byScopes = permissionsOfScopes(scopes);
  return [...new Set([...scopes.filter((scope) => within(scope, byRole)), ...scopesOfRole(role).filter((scope) => within(scope, byScopes))])];
}
