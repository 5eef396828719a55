import { describe, expect, it } from 'vitest';
import { bandCentre, bucketCount, bucketLabel, labelStep, lastDays, niceTicks, peak, scaleLinear, segments } from '@/pages/analytics/scale';

describe('niceTicks', () => {
  it('should step by 1, 2 or 5 times a power of ten up to a round top', () => {
    expect(niceTicks(43)).toEqual([0, 20, 40, 60]);
    expect(niceTicks(100)).toEqual([0, 50, 100]);
    expect(niceTicks(1890.3)).toEqual([0, 500, 1000, 1500, 2000]);
    expect(niceTicks(0.37)).toEqual([0, 0.1, 0.2, 0.3, 0.4]);
  });

  it('should keep whole steps for counts and give an empty series an axis', () => {
    expect(niceTicks(3, 4, true)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(1, 4, true)).toEqual([0, 1]);
    expect(niceTicks(0, 4, true)).toEqual([0, 1]);
    expect(niceTicks(Number.NaN)).toEqual([0, 0.5, 1]);
  });

  it('should always reach the maximum', () => {
    for (const max of [1, 7, 9.99, 10, 11, 99, 101, 999, 12345]) {
      const ticks = niceTicks(max);
      expect(ticks[0]).toBe(0);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
  });
});

describe('scales', () => {
  it('should map a domain onto pixels, upside down for a y axis', () => {
    const y = scaleLinear([0, 100], [200, 0]);
    expect(y(0)).toBe(200);
    expect(y(25)).toBe(150);
    expect(y(100)).toBe(0);
    expect(scaleLinear([5, 5], [10, 20])(5)).toBe(10);
  });

  it('should centre buckets in equal bands', () => {
    expect(bandCentre(0, 4, 40, 400)).toBe(90);
    expect(bandCentre(3, 4, 40, 400)).toBe(390);
  });

  it('should thin out labels that would overlap', () => {
    expect(labelStep(7, 700, 60)).toBe(1);
    expect(labelStep(30, 600, 60)).toBe(3);
    expect(labelStep(0, 600, 60)).toBe(1);
  });
});

describe('series', () => {
  it('should find the peak and skip empty buckets', () => {
    expect(peak([null, 3, 9, 9, null])).toEqual({ index: 2, value: 9 });
    expect(peak([null, null])).toBeUndefined();
  });

  it('should break lines where a bucket has no value', () => {
    expect(segments([1, 2, null, 4, null, null, 7])).toEqual([
      [
        [0, 1],
        [1, 2],
      ],
      [[3, 4]],
      [[6, 7]],
    ]);
  });
});

describe('ranges and buckets', () => {
  it('should count the buckets the API answers', () => {
    expect(bucketCount('2026-11-01', '2026-11-30', 'day')).toBe(30);
    expect(bucketCount('2026-11-01', '2026-11-02', 'hour')).toBe(48);
    // Sunday 1 November to Monday 9 November 2026 touches three ISO weeks.
    expect(bucketCount('2026-11-01', '2026-11-09', 'week')).toBe(3);
    expect(bucketCount('2026-11-30', '2027-01-01', 'month')).toBe(3);
    expect(bucketCount('2026-11-02', '2026-11-01', 'day')).toBe(0);
  });

  it('should give the last days in UTC', () => {
    expect(lastDays(new Date('2026-03-01T23:30:00Z'), 30)).toEqual({ start_date: '2026-01-31', end_date: '2026-03-01' });
  });

  it('should name buckets in UTC', () => {
    expect(bucketLabel('2026-11-02T00:00:00.000Z', 'day', 'en-GB')).toBe('2 Nov');
    expect(bucketLabel('2026-11-02T14:00:00.000Z', 'hour', 'en-GB')).toBe('2 Nov, 14:00');
    expect(bucketLabel('2026-11-01T00:00:00.000Z', 'month', 'en-GB')).toBe('Nov 2026');
  });
});
