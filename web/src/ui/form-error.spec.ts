import { describe, expect, it } from 'vitest';
import { shownBesideFields } from '@/ui/form-error';

const refused = (details?: unknown) => ({ error: { code: 'invalid_request', message: 'The request is invalid.', details }, request_id: 'req_1' });

describe('shownBesideFields', () => {
  it('should say no when nothing was refused, or nothing was said about a field', () => {
    expect(shownBesideFields(undefined)).toBe(false);
    expect(shownBesideFields(refused())).toBe(false);
    expect(shownBesideFields(refused({ retry_after: 30 }))).toBe(false);
    expect(shownBesideFields(new Error('Failed to fetch'))).toBe(false);
  });

  it('should say yes when any field has a reason, unless the fields that show theirs are named', () => {
    expect(shownBesideFields(refused({ name: ['must be shorter'] }))).toBe(true);
    expect(shownBesideFields(refused({ name: ['must be shorter'] }), ['name'])).toBe(true);
    expect(shownBesideFields(refused({ token: ['has expired'] }), ['password'])).toBe(false);
  });
});
