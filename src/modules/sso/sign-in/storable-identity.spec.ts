import { describe, expect, it } from 'vitest';
import { storableIdentity } from '#src/modules/sso/sign-in/storable-identity.js';

describe('storableIdentity', () => {
  it.each(['x@evil.test\n@acme.test', 'a b <x@evil.test>@acme.test', '@acme.test', 'a\u0000b@acme.test', 'a@acme.test\u0000', 'a@acme.test\ud800', ''])(
    'should refuse %j as an invalid e-mail',
    (email) => {
      expect(() => storableIdentity({ email, name: null })).toThrow(expect.objectContaining({ page: 'authentication_failed', reason: 'invalid_email' }));
    },
  );

  it('should trim and lower-case the address', () => {
    expect(storableIdentity({ email: ' Ada@ACME.test\t', name: null })).toEqual({ email: 'ada@acme.test', name: null });
  });

  it('should turn control characters of a name into spaces, and drop a name left empty', () => {
    expect(storableIdentity({ email: 'ada@acme.test', name: '\u0000Ada\r\nLovelace\u0007' }).name).toBe('Ada Lovelace');
    expect(storableIdentity({ email: 'ada@acme.test', name: '\u0000\n\t ' }).name).toBeNull();
    expect(storableIdentity({ email: 'ada@acme.test', name: 'Ada \ud800' }).name).toBe('Ada');
  });

  it('should cut a long name to 200 characters without splitting a surrogate pair', () => {
    expect(storableIdentity({ email: 'ada@acme.test', name: '\u{1F600}'.repeat(250) }).name).toBe('\u{1F600}'.repeat(200));
  });
});
