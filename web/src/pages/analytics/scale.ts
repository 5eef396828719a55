/** Scales, ticks and labels of the analytics charts: pure arithmetic, so the SVG components only draw. */

export type Granularity = 'hour' | 'day' | 'week' | 'month';

export const GRANULARITIES: ReadonlyArray<{ value: Granularity; label: string }> = [
  { value: 'hour', label: 'Hour' },
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];

/** The API answers at most this many buckets; a longer range at a finer granularity is a 400. */
export const MAX_BUCKETS = 1000;

/**
 * Axis ticks from 0 to a round value at or above `max`, about `count` steps of 1, 2 or 5 × 10^k.
 * `integer` keeps steps whole (counts of queries); an empty or zero series still gets an axis up to 1.
 */
export function niceTicks(max: number, count = 4, integer = false): number[] {
  const top = Number.isFinite(max) && max > 0 ? max : 1;
  const rough = top / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(rough));
  let step = [1, 2, 5, 10].map((multiple) => multiple * power).find((candidate) => candidate >= rough * (1 - 1e-9)) ?? 10 * power;
  if (integer) {
    step = Math.max(1, Math.round(step));
  }
  const steps = Math.ceil(top / step - 1e-9);
  return Array.from({ length: steps + 1 }, (_, index) => Number((index * step).toPrecision(12)));
}

/** Maps a value of `domain` linearly onto `range` (pixels); a domain of zero width maps everything to its start. */
export function scaleLinear(domain: readonly [number, number], range: readonly [number, number]): (value: number) => number {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  return (value) => (d1 === d0 ? r0 : r0 + ((value - d0) / (d1 - d0)) * (r1 - r0));
}

/** Buckets are drawn in equal bands: the centre of band `index` of `count` over `width` pixels from `left`. */
export function bandCentre(index: number, count: number, left: number, width: number): number {
  return left + (width / Math.max(1, count)) * (index + 0.5);
}

/** Labels every how many buckets, so labels about `labelWidth` pixels wide do not overlap. */
export function labelStep(count: number, width: number, labelWidth: number): number {
  if (count <= 0 || width <= 0) {
    return 1;
  }
  return Math.max(1, Math.ceil(labelWidth / (width / count)));
}

/** The largest value and where it is; nulls (buckets without completed answers) are skipped. */
export function peak(values: ReadonlyArray<number | null>): { index: number; value: number } | undefined {
  let best: { index: number; value: number } | undefined;
  values.forEach((value, index) => {
    if (value !== null && (best === undefined || value > best.value)) {
      best = { index, value };
    }
  });
  return best;
}

/** Runs of consecutive non-null values, as [index, value] pairs: a line breaks where a bucket has no data. */
export function segments(values: ReadonlyArray<number | null>): Array<Array<[number, number]>> {
  const runs: Array<Array<[number, number]>> = [];
  let current: Array<[number, number]> = [];
  values.forEach((value, index) => {
    if (value === null) {
      if (current.length > 0) {
        runs.push(current);
      }
      current = [];
    } else {
      current.push([index, value]);
    }
  });
  if (current.length > 0) {
    runs.push(current);
  }
  return runs;
}

function utcDay(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

const DAY_MS = 86_400_000;

/** How many buckets the API will answer for a range (both days included), to refuse a too long one before asking. */
export function bucketCount(startDay: string, endDay: string, granularity: Granularity): number {
  const start = utcDay(startDay);
  const end = utcDay(endDay);
  if (Number.isNaN(start) || Number.isNaN(end) || end < start) {
    return 0;
  }
  const days = Math.round((end - start) / DAY_MS) + 1;
  switch (granularity) {
    case 'hour':
      return days * 24;
    case 'day':
      return days;
    case 'week': {
      // ISO weeks start on Monday: count the Mondays that open a week touching the range.
      const mondayOf = (time: number) => time - ((new Date(time).getUTCDay() + 6) % 7) * DAY_MS;
      return Math.round((mondayOf(end) - mondayOf(start)) / (7 * DAY_MS)) + 1;
    }
    case 'month': {
      const from = new Date(start);
      const to = new Date(end);
      return (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth()) + 1;
    }
  }
}

/** `days` UTC days ending with today's, as the API's YYYY-MM-DD. */
export function lastDays(today: Date, days: number): { start_date: string; end_date: string } {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const start = end - (days - 1) * DAY_MS;
  return { start_date: new Date(start).toISOString().slice(0, 10), end_date: new Date(end).toISOString().slice(0, 10) };
}

const LABEL_OPTIONS: Record<Granularity, Intl.DateTimeFormatOptions> = {
  hour: { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  day: { day: 'numeric', month: 'short' },
  week: { day: 'numeric', month: 'short' },
  month: { month: 'short', year: 'numeric' },
};

/**
 * A bucket's name, in UTC: buckets are UTC hours, days, ISO weeks and months, and a day bucket shown in
 * local time would read as the evening before for a reader west of Greenwich.
 */
export function bucketLabel(timestamp: string, granularity: Granularity, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { ...LABEL_OPTIONS[granularity], timeZone: 'UTC' }).format(new Date(timestamp));
}

/** The x axis's title. */
export function bucketTitle(granularity: Granularity): string {
  return {
    hour: 'Hour (UTC)',
    day: 'Day (UTC)',
    week: 'Week from Monday (UTC)',
    month: 'Month (UTC)',
  }[granularity];
}
