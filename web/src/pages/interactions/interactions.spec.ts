import { describe, expect, it } from 'vitest';
import { citedNumbers, splitCitations } from '@/pages/interactions/citations';
import { filterProblems, isDay, readFilters, toQuery, withFilter, writeFilters } from '@/pages/interactions/filters';

describe('interaction filters', () => {
  it('should read the filters of a link and drop what the API would refuse', () => {
    const params = new URLSearchParams('agent_id=agt_1&start_date=2026-01-10&end_date=2026-02-31&feedback=maybe&offset=-5');
    expect(readFilters(params)).toEqual({ agent_id: 'agt_1', start_date: '2026-01-10', offset: 0 });
    expect(readFilters(new URLSearchParams('feedback=null&offset=50'))).toEqual({ feedback: 'null', offset: 50 });
  });

  it('should write only the filters that are set, and read them back unchanged', () => {
    const filters = { agent_id: 'agt_1', end_date: '2026-01-12', feedback: 'negative' as const, offset: 25 };
    const written = writeFilters(filters);
    expect(written.toString()).toBe('agent_id=agt_1&end_date=2026-01-12&feedback=negative&offset=25');
    expect(readFilters(written)).toEqual(filters);
    expect(writeFilters({ offset: 0 }).toString()).toBe('');
  });

  it('should go back to the first page when a filter changes, and clear a filter set to empty', () => {
    const filters = { agent_id: 'agt_1', feedback: 'positive' as const, offset: 50 };
    expect(withFilter(filters, 'feedback', 'null')).toEqual({ agent_id: 'agt_1', feedback: 'null', offset: 0 });
    expect(withFilter(filters, 'agent_id', '')).toEqual({ feedback: 'positive', offset: 0 });
  });

  it('should refuse an end date before the start date', () => {
    expect(filterProblems({ start_date: '2026-01-12', end_date: '2026-01-11', offset: 0 })).toEqual({ end_date: expect.any(String) });
    expect(filterProblems({ start_date: '2026-01-12', end_date: '2026-01-12', offset: 0 })).toEqual({});
  });

  it('should check calendar days', () => {
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2023-02-29')).toBe(false);
    expect(isDay('2024-2-9')).toBe(false);
  });

  it('should make the API query with the page', () => {
    expect(toQuery({ feedback: 'null', offset: 25 }, 25)).toEqual({ feedback: 'null', limit: 25, offset: 25 });
  });
});

describe('citations', () => {
  it('should link markers that cite listed sources', () => {
    expect(splitCitations('Open Settings [1]. Then Security [2, 3] or [2-3].', 3)).toEqual([
      { kind: 'text', text: 'Open Settings ' },
      { kind: 'citation', text: '[1]', sources: [1] },
      { kind: 'text', text: '. Then Security ' },
      { kind: 'citation', text: '[2, 3]', sources: [2, 3] },
      { kind: 'text', text: ' or ' },
      { kind: 'citation', text: '[2-3]', sources: [2, 3] },
      { kind: 'text', text: '.' },
    ]);
  });

  it('should leave markers of unlisted sources, links and other brackets as text', () => {
    expect(splitCitations('See [4], [0], [Settings] and [here](https://example.test).', 3)).toEqual([
      { kind: 'text', text: 'See [4], [0], [Settings] and [here](https://example.test).' },
    ]);
    expect(splitCitations('No sources [1].', 0)).toEqual([{ kind: 'text', text: 'No sources [1].' }]);
  });

  it('should not look for markers inside code', () => {
    const parts = splitCitations('Read `items[1]` first [1].\n```\nlist[2]\n```\nDone [2].', 2);
    expect(parts.filter((part) => part.kind === 'citation').map((part) => part.text)).toEqual(['[1]', '[2]']);
    expect(parts.map((part) => part.text).join('')).toBe('Read `items[1]` first [1].\n```\nlist[2]\n```\nDone [2].');
  });

  it('should pick out bold runs, but not in code', () => {
    expect(splitCitations('**Resetting your password** [1]\n\nOpen `**x**` now.', 1)).toEqual([
      { kind: 'strong', text: 'Resetting your password' },
      { kind: 'text', text: ' ' },
      { kind: 'citation', text: '[1]', sources: [1] },
      { kind: 'text', text: '\n\nOpen `**x**` now.' },
    ]);
  });

  it('should read prefixed forms and en dashes', () => {
    expect(citedNumbers('Source 2', 3)).toEqual([2]);
    expect(citedNumbers('sources 1; 3', 3)).toEqual([1, 3]);
    expect(citedNumbers('1\u20133', 3)).toEqual([1, 2, 3]);
    expect(citedNumbers('3-1', 3)).toBeUndefined();
  });
});
