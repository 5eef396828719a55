import { describe, expect, it } from 'vitest';
import { citationClaims, citationPrecision, containsFact, isRefusal, normalizeForMatch, supports } from '#src/modules/generation/evaluation/answer-metrics.js';
import { NO_ANSWER } from '#src/modules/generation/prompt.js';

describe('answer metrics', () => {
  it('should compare text without case, markers, Markdown marks or spacing differences', () => {
    expect(normalizeForMatch('**Use `Query`**  to validate [1].\n\nIt   works [2, 3].')).toBe('use query to validate . it works .');
    expect(containsFact('Set `max_length` in **Query** [2].', 'max_length')).toBe(true);
    expect(containsFact('Listen 80\nListen   8000 [1]', 'listen 8000')).toBe(true);
    expect(containsFact('The default is None [1].', 'default to None')).toBe(false);
    expect(containsFact('anything', '   ')).toBe(false);
  });

  it('should know the refusal only by its exact text', () => {
    expect(isRefusal(NO_ANSWER)).toBe(true);
    expect(isRefusal(`  ${NO_ANSWER}\n`)).toBe(true);
    expect(isRefusal(`${NO_ANSWER} But see [1].`)).toBe(false);
  });

  it('should attribute the text before a marker to it, a repeated marker to the same text, and a code block to the marker before it', () => {
    const answer = '**Listen** [1]\n\nTo accept two ports, use [1][2]:\n\n```\nListen 80\nListen 8000\n```\n\nMore sources exist [3].';
    expect(citationClaims(answer)).toEqual([
      { source: 1, text: '**Listen**' },
      { source: 1, text: 'To accept two ports, use' },
      { source: 2, text: 'To accept two ports, use' },
      { source: 1, text: 'Listen 80\nListen 8000' },
      { source: 2, text: 'Listen 80\nListen 8000' },
      { source: 3, text: 'More sources exist' },
    ]);
    expect(citationClaims('No marker at all.')).toEqual([]);
    expect(citationClaims('Both at once [1-2].').map((claim) => claim.source)).toEqual([1, 2]);
  });

  it('should count a claim as supported when its source holds it verbatim, or 80% of its words when paraphrased', () => {
    const source = 'Use the Listen directive to accept connections on more ports.\n\n```\nListen 8000\n```';
    expect(supports(source, 'Use the Listen directive to accept connections on more ports.')).toBe(true);
    expect(supports(source, 'Listen 8000')).toBe(true);
    expect(supports(source, 'The Listen directive accepts connections on more ports')).toBe(true);
    expect(supports(source, 'Restart the server after changing the port')).toBe(false);
  });

  it('should measure precision over every claim, a marker past the sources supporting nothing', () => {
    const sources = ['Refunds take five days.', 'Shipping is free in Europe.'];
    expect(citationPrecision('Refunds take five days [1]. Shipping is free in Europe [2].', sources)).toEqual({ supported: 2, total: 2 });
    expect(citationPrecision('Refunds take five days [2]. Shipping is free [3].', sources)).toEqual({ supported: 0, total: 2 });
    expect(citationPrecision(NO_ANSWER, sources)).toEqual({ supported: 0, total: 0 });
  });
});
