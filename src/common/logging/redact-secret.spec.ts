import { describe, expect, it } from 'vitest';
import { redactSecret } from '#src/common/logging/redact-secret.js';

const KEY = 'sk-operatorOPENAIsecret1111';

describe('redactSecret', () => {
  it('should hide the secret whole, without its prefix, or cut short, and keep the rest of the message', () => {
    expect(redactSecret(`invalid key ${KEY} given`, KEY)).toBe('invalid key [REDACTED] given');
    expect(redactSecret('part=operatorOPENAIsecret1111 refused', KEY)).toBe('part=[REDACTED] refused');
    expect(redactSecret('key "sk-operatorOPENAIsec…" is wrong', KEY)).toBe('key "[REDACTED]" is wrong');
    expect(redactSecret('model gpt-4o-mini does not exist', KEY)).toBe('model gpt-4o-mini does not exist');
  });

  it('should hide bearer tokens and OpenAI-looking keys even without a secret to look for', () => {
    expect(redactSecret('sent Authorization: Bearer abc.def-ghi', undefined)).toBe('sent Authorization: Bearer [REDACTED]');
    expect(redactSecret('Incorrect API key provided: sk-proj-abcdefghijklmnop', undefined)).toBe('Incorrect API key provided: sk-pro[REDACTED]');
  });
});
