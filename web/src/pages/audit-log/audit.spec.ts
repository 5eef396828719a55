import { describe, expect, it } from 'vitest';
import { detailLines, filtersFromParams, paramsFromFilters } from '@/pages/audit-log/audit';

describe('audit log filters in the address', () => {
  it('should read the action, the days and the offset', () => {
    expect(filtersFromParams(new URLSearchParams('action=login.failed&start=2026-11-01&end=2026-11-30&offset=50'))).toEqual({
      action: 'login.failed',
      start: '2026-11-01',
      end: '2026-11-30',
      offset: 50,
    });
  });

  it('should ignore an unknown action, a malformed day and a bad offset', () => {
    expect(filtersFromParams(new URLSearchParams('action=drop.table&start=yesterday&end=2026-13&offset=-5'))).toEqual({ offset: 0 });
    expect(filtersFromParams(new URLSearchParams('action=toString&offset=1.5'))).toEqual({ offset: 0 });
  });

  it('should write back only what is set', () => {
    expect(paramsFromFilters({ action: 'logout', offset: 0 }).toString()).toBe('action=logout');
    expect(paramsFromFilters({ start: '2026-11-01', end: '2026-11-02', offset: 100 }).toString()).toBe('start=2026-11-01&end=2026-11-02&offset=100');
    expect(paramsFromFilters({ offset: 0 }).toString()).toBe('');
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
