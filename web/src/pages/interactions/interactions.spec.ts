import { describe, expect, it } from 'vitest';
import { filterProblems, isDay, readFilters, toQuery, utcDaysHint, utcOffsetText, withFilter, writeFilters } from '@/pages/interactions/filters';

describe('interaction filters', () => {
  it('should read the filters of a link and drop what the API would refuse', () => {
    const params = new URLSearchParams('agent_id=agt_1&start_date=2026-01-10&end_date=2026-02-31&feedback=maybe');
    expect(readFilters(params)).toEqual({ agent_id: 'agt_1', start_date: '2026-01-10' });
    expect(readFilters(new URLSearchParams('feedback=null&offset=50'))).toEqual({ feedback: 'null' });
  });

  it('should write only the filters that are set, with no page (new filters start from the first), and read them back unchanged', () => {
    const filters = { agent_id: 'agt_1', end_date: '2026-01-12', feedback: 'negative' as const };
    const written = writeFilters(filters);
    expect(written.toString()).toBe('agent_id=agt_1&end_date=2026-01-12&feedback=negative');
    expect(readFilters(written)).toEqual(filters);
    expect(writeFilters({}).toString()).toBe('');
  });

  it('should change one filter, and clear a filter set to empty', () => {
    const filters = { agent_id: 'agt_1', feedback: 'positive' as const };
    expect(withFilter(filters, 'feedback', 'null')).toEqual({ agent_id: 'agt_1', feedback: 'null' });
    expect(withFilter(filters, 'agent_id', '')).toEqual({ feedback: 'positive' });
  });

  it('should refuse an end date before the start date', () => {
    expect(filterProblems({ start_date: '2026-01-12', end_date: '2026-01-11' })).toEqual({ end_date: expect.any(String) });
    expect(filterProblems({ start_date: '2026-01-12', end_date: '2026-01-12' })).toEqual({});
  });

  it('should check calendar days', () => {
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2023-02-29')).toBe(false);
    expect(isDay('2024-2-9')).toBe(false);
  });

  it('should make the API query with the page', () => {
    expect(toQuery({ feedback: 'null' }, 25, 50)).toEqual({ feedback: 'null', limit: 25, offset: 50 });
  });
});

describe('UTC days', () => {
  it('should write a time zone offset as UTC plus or minus hours and minutes', () => {
    expect(utcOffsetText(60)).toBe('UTC+01:00');
    expect(utcOffsetText(-330)).toBe('UTC-05:30');
    expect(utcOffsetText(840)).toBe('UTC+14:00');
    expect(utcOffsetText(0)).toBe('UTC');
  });

  it('should say the days are UTC days, and how far local times are from them', () => {
    expect(utcDaysHint(120)).toMatch(/^From and To are UTC days.*\(UTC\+02:00\)/);
    expect(utcDaysHint(0)).toMatch(/your time zone is UTC too\.$/);
  });
});
