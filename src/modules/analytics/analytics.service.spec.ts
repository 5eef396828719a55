import { describe, expect, it } from 'vitest';
import { bucketsOf, bucketStart } from '#src/modules/analytics/analytics.service.js';

const day = (date: string): Date => new Date(`${date}T00:00:00.000Z`);
const iso = (span: { first: Date; last: Date; count: number }): [string, string, number] => [span.first.toISOString(), span.last.toISOString(), span.count];

describe('analytics buckets', () => {
  it('should start weeks on Monday, Sunday belonging to the week before', () => {
    expect(bucketStart(day('2026-11-01'), 'week').toISOString()).toBe('2026-10-26T00:00:00.000Z');
    expect(bucketStart(day('2026-11-02'), 'week').toISOString()).toBe('2026-11-02T00:00:00.000Z');
    expect(bucketStart(day('2026-11-08'), 'week').toISOString()).toBe('2026-11-02T00:00:00.000Z');
    expect(bucketStart(day('2027-01-01'), 'week').toISOString()).toBe('2026-12-28T00:00:00.000Z');
  });

  it('should count the buckets of an inclusive day range at each granularity', () => {
    expect(iso(bucketsOf(day('2026-11-01'), day('2026-11-01'), 'hour'))).toEqual(['2026-11-01T00:00:00.000Z', '2026-11-01T23:00:00.000Z', 24]);
    expect(iso(bucketsOf(day('2024-02-28'), day('2024-03-01'), 'day'))).toEqual(['2024-02-28T00:00:00.000Z', '2024-03-01T00:00:00.000Z', 3]);
    expect(iso(bucketsOf(day('2026-11-01'), day('2026-11-16'), 'week'))).toEqual(['2026-10-26T00:00:00.000Z', '2026-11-16T00:00:00.000Z', 4]);
    expect(iso(bucketsOf(day('2026-10-31'), day('2027-02-01'), 'month'))).toEqual(['2026-10-01T00:00:00.000Z', '2027-02-01T00:00:00.000Z', 5]);
    expect(bucketsOf(day('2026-01-01'), day('2026-12-31'), 'hour').count).toBe(8760);
  });

  it('should start the months of the years 1 to 99 in those years, not in the 1900s', () => {
    expect(bucketStart(day('0050-03-17'), 'month').toISOString()).toBe('0050-03-01T00:00:00.000Z');
    expect(iso(bucketsOf(day('0099-12-01'), day('0100-02-01'), 'month'))).toEqual(['0099-12-01T00:00:00.000Z', '0100-02-01T00:00:00.000Z', 3]);
  });
});
