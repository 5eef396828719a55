import { describe, expect, it } from 'vitest';
import { bodyShapeError, MAX_BODY_DEPTH } from '#src/common/http/body-shape.js';

const nested = (levels: number): unknown => JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`);

describe('bodyShapeError', () => {
  it('should pass bodies up to the depth limit, with well-formed text and pairs', () => {
    expect(bodyShapeError({ query: 'caf\u00e9 \u{1F600}', tags: ['\u{1D11E}'], n: 1, none: null })).toBeUndefined();
    expect(bodyShapeError(nested(MAX_BODY_DEPTH))).toBeUndefined();
    expect(bodyShapeError('plain')).toBeUndefined();
  });

  it('should refuse a body deeper than the limit, without recursion however deep it is', () => {
    expect(bodyShapeError(nested(MAX_BODY_DEPTH + 1))?.details).toEqual({ body: [`nests deeper than ${MAX_BODY_DEPTH} levels`] });
    expect(bodyShapeError(nested(200_000))?.message).toBe(`The request body nests deeper than ${MAX_BODY_DEPTH} levels`);
  });

  it('should name the field, the item or the object holding an unpaired surrogate', () => {
    const fieldOf = (body: unknown): string[] => Object.keys(bodyShapeError(body)?.details ?? {});
    expect(fieldOf({ agent_id: 'agt_1', query: 'warranty \ud800' })).toEqual(['query']);
    expect(fieldOf({ config: { urls: ['https://a.test/', 'https://b.test/\udfff'] } })).toEqual(['config.urls[1]']);
    expect(fieldOf({ metadata: { ['k\udc00']: 'v' } })).toEqual(['metadata']);
    expect(fieldOf(['\ud83d'])).toEqual(['[0]']);
    expect(fieldOf({ ['\ud800']: 1 })).toEqual(['body']);
  });
});
