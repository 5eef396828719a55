import { describe, expect, it } from 'vitest';
import { unpairedSurrogateAt } from '#src/common/http/body-unicode.js';

describe('unpairedSurrogateAt', () => {
  it('should pass well-formed text, pairs included', () => {
    expect(unpairedSurrogateAt({ query: 'caf\u00e9 \u{1F600}', tags: ['\u{1D11E}'], n: 1, none: null })).toBeUndefined();
    expect(unpairedSurrogateAt('plain')).toBeUndefined();
  });

  it('should name the field, the item or the object holding an unpaired surrogate', () => {
    expect(unpairedSurrogateAt({ agent_id: 'agt_1', query: 'warranty \ud800' })).toBe('query');
    expect(unpairedSurrogateAt({ config: { urls: ['https://a.test/', 'https://b.test/\udfff'] } })).toBe('config.urls[1]');
    expect(unpairedSurrogateAt({ metadata: { ['k\udc00']: 'v' } })).toBe('metadata');
    expect(unpairedSurrogateAt(['\ud83d'])).toBe('[0]');
    expect(unpairedSurrogateAt({ ['\ud800']: 1 })).toBe('body');
  });
});
