import type { components } from '@/api/schema';

export type Role = components['schemas']['SignedInUserDto']['role'];

/** What each role may do in the console; the API decides for real and its 403 is shown as "not allowed". */
export type Capability = 'read' | 'write' | 'ask' | 'feedback' | 'trainKb' | 'admin';

const CAPABILITIES: Record<Role, readonly Capability[]> = {
  readonly: ['read'],
  train: ['read', 'feedback', 'trainKb'],
  configure: ['read', 'write', 'ask', 'feedback', 'trainKb'],
  admin: ['read', 'write', 'ask', 'feedback', 'trainKb', 'admin'],
};

export function can(role: Role | undefined, capability: Capability): boolean {
  return role !== undefined && CAPABILITIES[role].includes(capability);
}

export const ROLES: readonly Role[] = ['readonly', 'train', 'configure', 'admin'];

export const ROLE_LABELS: Record<Role, string> = {
  readonly: 'Read only',
  train: 'Train',
  configure: 'Configure',
  admin: 'Admin',
};
