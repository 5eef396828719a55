import { describe, expect, it } from 'vitest';
import { retryMayHelp } from '@/api/errors';

const refused = (code: string) => ({ error: { code, message: 'Refused.' }, request_id: 'req_1' });

describe('retryMayHelp', () => {
  it('should offer to ask again after a failure that may pass, not after a malformed request or something not found', () => {
    expect(retryMayHelp(refused('not_found'))).toBe(false);
    expect(retryMayHelp(refused('invalid_request'))).toBe(false);
    for (const error of [
      refused('internal_error'),
      refused('service_unavailable'),
      refused('rate_limit_exceeded'),
      new TypeError('Failed to fetch'),
      undefined,
    ]) {
      expect(retryMayHelp(error)).toBe(true);
    }
  });
});
