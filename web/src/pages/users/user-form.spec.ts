import { describe, expect, it } from 'vitest';
import { userChanges } from '@/pages/users/user-form';

describe('userChanges', () => {
  const user = { name: 'Ada Lovelace', email: 'ada@acme.test', role: 'configure' as const };

  it('should send only what changed', () => {
    expect(userChanges(user, { name: 'Ada Lovelace', email: 'ada@acme.test', role: 'configure' })).toEqual({});
    expect(userChanges(user, { name: ' Ada King ', email: 'ada@acme.test', role: 'configure' })).toEqual({ name: 'Ada King' });
    expect(userChanges(user, { name: 'Ada Lovelace', email: ' ada.king@acme.test ', role: 'admin' })).toEqual({ email: 'ada.king@acme.test', role: 'admin' });
  });

  it('should clear an emptied name, and leave an address whose case alone changed', () => {
    expect(userChanges(user, { name: '  ', email: 'ADA@acme.test', role: 'configure' })).toEqual({ name: null });
    expect(userChanges({ ...user, name: null }, { name: '', email: 'ada@acme.test', role: 'configure' })).toEqual({});
  });
});
