import { describe, expect, it } from 'vitest';
import { organizationsOf, passwordProblems, retryAfterText, safeNext, sentence, ssoUrl, tokenFromHash } from '@/pages/sign-in/sign-in';

describe('safeNext', () => {
  it('should keep a path of this site, with its query', () => {
    expect(safeNext('/agents/agt_1?tab=sources')).toBe('/agents/agt_1?tab=sources');
  });

  it('should refuse other origins and fall back to the agents', () => {
    for (const next of ['//evil.test/x', '/\\evil.test', 'https://evil.test', 'javascript:alert(1)', '', null, undefined]) {
      expect(safeNext(next)).toBe('/agents');
    }
  });

  it('should refuse what the address parser would make another origin of: control characters, spaces, dot segments', () => {
    for (const next of ['/\t/example.com', '/\n/example.com', '/\r/example.com', '/ /example.com', '/\u0000/x', '/.//example.com', '/x/..//example.com']) {
      expect(safeNext(next), JSON.stringify(next)).toBe('/agents');
    }
  });

  it('should give the path as the browser reads it', () => {
    expect(safeNext('/agents/./agt_1?tab=x#top')).toBe('/agents/agt_1?tab=x#top');
    expect(safeNext('/%09/example.com')).toBe('/%09/example.com');
  });
});

describe('retryAfterText', () => {
  it('should turn seconds into a wait a person reads', () => {
    expect(retryAfterText('300')).toBe('Try again in 5 minutes.');
    expect(retryAfterText('20')).toBe('Try again in 20 seconds.');
  });

  it('should read an HTTP date, and cope with none or one in the past', () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    expect(retryAfterText('Thu, 01 Jan 2026 10:02:00 GMT', now)).toBe('Try again in 2 minutes.');
    expect(retryAfterText('Thu, 01 Jan 2026 09:00:00 GMT', now)).toBe('Try again in a moment.');
    expect(retryAfterText(null)).toBe('Try again later.');
  });
});

describe('organizationsOf', () => {
  it('should list the organizations of a 409 organization_required, skipping malformed ones', () => {
    expect(organizationsOf({ organizations: [{ id: 'org_1', name: 'Acme' }, { id: 2 }, null, { id: 'org_2', name: 'Beta' }] })).toEqual([
      { id: 'org_1', name: 'Acme' },
      { id: 'org_2', name: 'Beta' },
    ]);
    expect(organizationsOf(undefined)).toEqual([]);
    expect(organizationsOf({ organizations: 'x' })).toEqual([]);
  });
});

describe('passwordProblems', () => {
  it('should want 12 characters and the same password twice', () => {
    expect(passwordProblems('short', 'short').password).toMatch(/at least 12/);
    expect(passwordProblems('long enough password', 'long enough passw0rd')).toEqual({ repeat: 'The two passwords are not the same.' });
    expect(passwordProblems('long enough password', 'long enough password')).toEqual({});
  });
});

describe('tokenFromHash', () => {
  it('should read the token of #token=…, and nothing else', () => {
    expect(tokenFromHash('#token=svcinv_abc')).toBe('svcinv_abc');
    expect(tokenFromHash('#other=1')).toBeUndefined();
    expect(tokenFromHash('#token=')).toBeUndefined();
    expect(tokenFromHash('')).toBeUndefined();
  });
});

describe('ssoUrl and sentence', () => {
  it('should encode the address into the SSO start', () => {
    expect(ssoUrl(' ada+x@acme.test ')).toBe('/api/auth/sso?email=ada%2Bx%40acme.test');
  });

  it('should end a message with a full stop once', () => {
    expect(sentence('The invitation is not valid')).toBe('The invitation is not valid.');
    expect(sentence('Done.')).toBe('Done.');
  });
});
