import { describe, expect, it } from 'vitest';
import { detailLines, filterProblems, filtersFromParams, paramsFromFilters } from '@/pages/audit-log/audit';

describe('audit log filters in the address', () => {
  it('should read the action and the days', () => {
    expect(filtersFromParams(new URLSearchParams('action=login.failed&start=2026-11-01&end=2026-11-30&offset=50'))).toEqual({
      action: 'login.failed',
      start: '2026-11-01',
      end: '2026-11-30',
    });
  });

  it('should ignore an unknown action and a malformed day', () => {
    expect(filtersFromParams(new URLSearchParams('action=drop.table&start=yesterday&end=2026-13'))).toEqual({});
    expect(filtersFromParams(new URLSearchParams('action=toString'))).toEqual({});
  });

  it('should ignore a day that no calendar has, which the API would refuse', () => {
    expect(filtersFromParams(new URLSearchParams('start=2026-13-45&end=2026-02-30'))).toEqual({});
  });

  it('should say beside To that the days are the wrong way round, rather than ask the API', () => {
    expect(filterProblems({ start: '2026-12-01', end: '2026-11-01' })).toEqual({ end: 'The end date is before the start date.' });
    expect(filterProblems({ start: '2026-11-01', end: '2026-11-01' })).toEqual({});
    expect(filterProblems({ end: '2026-11-01' })).toEqual({});
  });

  it('should write back only what is set, and no page: new filters start from the first one', () => {
    expect(paramsFromFilters({ action: 'logout' }).toString()).toBe('action=logout');
    expect(paramsFromFilters({ start: '2026-11-01', end: '2026-11-02' }).toString()).toBe('start=2026-11-01&end=2026-11-02');
    expect(paramsFromFilters({}).toString()).toBe('');
  });
});

describe('detailLines', () => {
  it('should show strings as they are and anything else as JSON', () => {
    expect(detailLines({ method: 'password', count: 3, changes: { name: { previous: 'A', current: 'B' } } })).toEqual([
      ['method', 'password'],
      ['count', '3'],
      ['changes', '{\n  "name": {\n    "previous": "A",\n    "current": "B"\n  }\n}'],
    ]);
  });
});
