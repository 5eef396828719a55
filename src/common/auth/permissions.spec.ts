import { describe, expect, it } from 'vitest';
import {
  ALL_SCOPES,
  effectivePermissions,
  effectiveScopes,
  scopesOfRole,
  isKnownScope,
  LEGACY_SCOPES,
  Permission,
  permissionsOfRole,
  permissionsOfScopes,
  requiredScopeFor,
  ROLES,
  VERSIONED_SCOPES,
  type Role,
} from '#src/common/auth/permissions.js';

/** Every permission, written out by hand: a permission added to the enum must be placed in the tables below. */
const EVERY_PERMISSION = [
  'agents:read',
  'agents:write',
  'agents:delete',
  'data:read',
  'data:write',
  'interactions:read',
  'kb:read',
  'kb:write',
  'chat',
  'feedback',
  'analytics:read',
  'users:manage',
  'keys:manage',
  'keys:own',
  'webhooks:manage',
  'provider-keys:manage',
  'organization:manage',
  'audit-log:read',
];

const READ = ['agents:read', 'data:read', 'interactions:read', 'kb:read'];
const WRITE = ['agents:write', 'agents:delete', 'data:write', 'kb:write'];
const EXECUTE = ['chat', 'feedback'];

/** SPEC-DECISIONS.md, "Scopes": what each scope grants, independent of the implementation's tables. */
const SCOPE_GRANTS: Record<string, string[]> = {
  read: READ,
  write: WRITE,
  execute: EXECUTE,
  admin: EVERY_PERMISSION,
  chat: ['chat'],
  'agents:read': ['agents:read'],
  'agents:write': ['agents:write'],
  'agents:delete': ['agents:delete'],
  'data:read': ['data:read'],
  'data:write': ['data:write'],
  'analytics:read': ['analytics:read'],
};

/** SPEC-DECISIONS.md, "Keys": roles cap personal keys and web users; every person makes their own (personal) keys. */
const ROLE_GRANTS: Record<Role, string[]> = {
  readonly: [...READ, 'keys:own'],
  train: [...READ, 'kb:write', 'feedback', 'keys:own'],
  configure: [...READ, ...WRITE, ...EXECUTE, 'keys:own'],
  admin: EVERY_PERMISSION,
};

/** The scope a 403 names: the narrowest scope of the path form's kind that grants the permission. */
const REQUIRED_SCOPES: Record<string, { versioned: string; legacy: string }> = {
  'agents:read': { versioned: 'read', legacy: 'agents:read' },
  'agents:write': { versioned: 'write', legacy: 'agents:write' },
  'agents:delete': { versioned: 'write', legacy: 'agents:delete' },
  'data:read': { versioned: 'read', legacy: 'data:read' },
  'data:write': { versioned: 'write', legacy: 'data:write' },
  'interactions:read': { versioned: 'read', legacy: 'admin' },
  'kb:read': { versioned: 'read', legacy: 'admin' },
  'kb:write': { versioned: 'write', legacy: 'admin' },
  chat: { versioned: 'execute', legacy: 'chat' },
  feedback: { versioned: 'execute', legacy: 'admin' },
  'analytics:read': { versioned: 'admin', legacy: 'analytics:read' },
  'users:manage': { versioned: 'admin', legacy: 'admin' },
  'keys:manage': { versioned: 'admin', legacy: 'admin' },
  'keys:own': { versioned: 'admin', legacy: 'admin' },
  'webhooks:manage': { versioned: 'admin', legacy: 'admin' },
  'provider-keys:manage': { versioned: 'admin', legacy: 'admin' },
  'organization:manage': { versioned: 'admin', legacy: 'admin' },
  'audit-log:read': { versioned: 'admin', legacy: 'admin' },
};

const sorted = (values: Iterable<string>): string[] => [...values].sort();

describe('permissions', () => {
  it('should list exactly the permissions the tables of this test know', () => {
    expect(sorted(Object.values(Permission))).toEqual(sorted(EVERY_PERMISSION));
  });

  it('should know the four versioned and eight legacy scopes, lower case', () => {
    expect(sorted(VERSIONED_SCOPES)).toEqual(['admin', 'execute', 'read', 'write']);
    expect(sorted(LEGACY_SCOPES)).toEqual(
      sorted(['chat', 'agents:read', 'agents:write', 'agents:delete', 'data:read', 'data:write', 'analytics:read', 'admin']),
    );
    expect(sorted(ALL_SCOPES)).toEqual(sorted(Object.keys(SCOPE_GRANTS)));
  });

  it.each(Object.entries(SCOPE_GRANTS))('should grant scope %s exactly its permissions', (scope, grants) => {
    expect(sorted(permissionsOfScopes([scope]))).toEqual(sorted(grants));
  });

  it('should grant the union of several scopes', () => {
    expect(sorted(permissionsOfScopes(['read', 'execute']))).toEqual(sorted([...READ, ...EXECUTE]));
    expect(sorted(permissionsOfScopes(['agents:read', 'agents:write', 'chat']))).toEqual(['agents:read', 'agents:write', 'chat']);
    expect(sorted(permissionsOfScopes(['read', 'agents:read']))).toEqual(sorted(READ));
  });

  it('should grant nothing for no scope, unknown scopes or scopes in another case', () => {
    expect(permissionsOfScopes([]).size).toBe(0);
    expect(permissionsOfScopes(['READ', 'Admin', 'superuser', 'agents:*', '', ' read', 'constructor', '__proto__', 'toString']).size).toBe(0);
  });

  it('should tell known scopes from unknown ones', () => {
    for (const scope of Object.keys(SCOPE_GRANTS)) {
      expect(isKnownScope(scope)).toBe(true);
    }
    for (const scope of ['READ', 'Admin', 'kb:read', 'interactions:read', 'feedback', '', 'constructor', '__proto__']) {
      expect(isKnownScope(scope)).toBe(false);
    }
  });

  it.each(ROLES)('should cap the %s role to its permissions', (role) => {
    expect(sorted(permissionsOfRole(role))).toEqual(sorted(ROLE_GRANTS[role]));
  });

  it('should give an organization key its scopes, a session its role, and a personal credential what both allow', () => {
    expect(sorted(effectivePermissions(['read', 'execute'], null))).toEqual(sorted(permissionsOfScopes(['read', 'execute'])));
    expect(sorted(effectivePermissions(null, 'train'))).toEqual(sorted(permissionsOfRole('train')));
    expect(sorted(effectivePermissions(['admin'], 'readonly'))).toEqual(sorted(permissionsOfRole('readonly')));
    expect(sorted(effectivePermissions(['read', 'write'], 'train'))).toEqual(sorted([...READ, Permission.KbWrite]));
    expect(effectivePermissions(null, null).size).toBe(0);
    expect(effectivePermissions([], 'admin').size).toBe(0);
  });

  it('should name the scopes a credential holds in effect under its user\u2019s role', () => {
    expect(effectiveScopes(['read', 'execute'], null)).toEqual(['read', 'execute']);
    expect(effectiveScopes(['read'], 'train')).toEqual(['read']);
    expect(effectiveScopes(['admin'], 'readonly')).toEqual(['read']);
    expect(effectiveScopes(['read', 'write'], 'readonly')).toEqual(['read']);
    expect(effectiveScopes(['read', 'write', 'execute'], 'train')).toEqual(['read', 'kb:write', 'feedback']);
    expect(effectiveScopes(['write'], 'configure')).toEqual(['write']);
    expect(effectiveScopes(['admin'], 'admin')).toEqual(['admin']);
    expect(effectiveScopes([], 'admin')).toEqual([]);
    for (const role of ROLES) {
      expect(effectiveScopes(scopesOfRole(role), role)).toEqual(scopesOfRole(role));
    }
  });

  it.each(ROLES)('should describe the %s role as scopes that grant nothing beyond it', (role) => {
    const allowed = permissionsOfRole(role);
    expect([...permissionsOfScopes(scopesOfRole(role))].every((permission) => allowed.has(permission))).toBe(true);
  });

  it('should list the four roles', () => {
    expect(sorted(ROLES)).toEqual(['admin', 'configure', 'readonly', 'train']);
  });

  it('should hand out a fresh set for each role, so a caller cannot widen a role for everyone', () => {
    const first = permissionsOfRole('readonly');
    first.add(Permission.UsersManage);
    expect(permissionsOfRole('readonly').has(Permission.UsersManage)).toBe(false);
    const scopes = permissionsOfScopes(['read']);
    scopes.add(Permission.KeysManage);
    expect(permissionsOfScopes(['read']).has(Permission.KeysManage)).toBe(false);
  });

  it.each(Object.entries(REQUIRED_SCOPES))('should name the narrowest scope of each form for %s', (permission, expected) => {
    expect(requiredScopeFor(permission as Permission, 'versioned')).toBe(expected.versioned);
    expect(requiredScopeFor(permission as Permission, 'legacy')).toBe(expected.legacy);
  });

  it('should name a required scope that indeed grants the permission', () => {
    for (const permission of Object.values(Permission)) {
      const versioned = requiredScopeFor(permission, 'versioned');
      const legacy = requiredScopeFor(permission, 'legacy');
      expect((VERSIONED_SCOPES as readonly string[]).includes(versioned)).toBe(true);
      expect((LEGACY_SCOPES as readonly string[]).includes(legacy)).toBe(true);
      expect(permissionsOfScopes([versioned]).has(permission)).toBe(true);
      expect(permissionsOfScopes([legacy]).has(permission)).toBe(true);
    }
  });
});
