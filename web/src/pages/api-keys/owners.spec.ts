import { describe, expect, it } from 'vitest';
import { mayRotate, ownerLabel } from '@/pages/api-keys/owners';

describe('key owners', () => {
  const emails = new Map([['usr_2', 'bo@acme.test']]);

  it('should name the organization, the viewer, or the person a key belongs to', () => {
    expect(ownerLabel(null, 'usr_1', emails)).toBe('Organization');
    expect(ownerLabel('usr_1', 'usr_1', emails)).toBe('You');
    expect(ownerLabel('usr_2', 'usr_1', emails)).toBe('bo@acme.test');
    expect(ownerLabel('usr_3', 'usr_1', emails)).toBe('Another person');
  });

  it('should let admins rotate organization keys, and everyone only their own personal keys', () => {
    expect(mayRotate(null, 'usr_1', true)).toBe(true);
    expect(mayRotate(null, 'usr_1', false)).toBe(false);
    expect(mayRotate('usr_1', 'usr_1', false)).toBe(true);
    expect(mayRotate('usr_2', 'usr_1', true)).toBe(false);
  });
});
