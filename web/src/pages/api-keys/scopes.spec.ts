import { describe, expect, it } from 'vitest';
import { SCOPE_OPTIONS, scopeOptionsFor, scopesWithinRole } from '@/pages/api-keys/scopes';

const offered = (role: Parameters<typeof scopeOptionsFor>[0]) => scopeOptionsFor(role).map((option) => option.value);

describe('scopeOptionsFor', () => {
  it('should offer each role only what its personal keys can do', () => {
    expect(scopeOptionsFor('admin')).toEqual(SCOPE_OPTIONS);
    expect(offered('configure')).toEqual(['read', 'write', 'execute']);
    expect(offered('train')).toEqual(['read', 'write', 'execute']);
    expect(offered('readonly')).toEqual(['read']);
  });

  it('should say what a scope comes to when the role allows only part of it', () => {
    const [, write, execute] = scopeOptionsFor('train');
    expect(write.hint).toBe('Within your role (Train): write knowledge base articles only.');
    expect(execute.hint).toBe('Within your role (Train): give feedback on answers only.');
    expect(scopeOptionsFor('configure')[1]).toEqual(SCOPE_OPTIONS[1]);
  });
});

describe('scopesWithinRole', () => {
  it('should show a key beyond its owner’s role as what the role leaves it, and say it is capped', () => {
    expect(scopesWithinRole(['read', 'admin'], 'readonly')).toEqual({ scopes: ['read'], capped: true });
    expect(scopesWithinRole(['admin'], 'configure')).toEqual({ scopes: ['read', 'write', 'execute'], capped: true });
    expect(scopesWithinRole(['read', 'write'], 'train')).toEqual({ scopes: ['read', 'write'], capped: true });
    expect(scopesWithinRole(['write'], 'readonly')).toEqual({ scopes: [], capped: true });
  });

  it('should show a key within the role as it was made, legacy scopes included', () => {
    expect(scopesWithinRole(['read', 'execute'], 'configure')).toEqual({ scopes: ['read', 'execute'], capped: false });
    expect(scopesWithinRole(['read', 'admin'], 'admin')).toEqual({ scopes: ['read', 'admin'], capped: false });
    expect(scopesWithinRole(['agents:read'], 'readonly')).toEqual({ scopes: ['agents:read'], capped: false });
  });
});
