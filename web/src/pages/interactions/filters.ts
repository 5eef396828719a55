import type { operations } from '@/api/schema';

export type InteractionsQuery = NonNullable<operations['Interactions_list']['parameters']['query']>;
export type FeedbackFilter = NonNullable<InteractionsQuery['feedback']>;

/** The list's filters as they live in the address bar, named as the API's query parameters (the page beside them: ui/paging). */
export interface InteractionFilters {
  agent_id?: string;
  start_date?: string;
  end_date?: string;
  feedback?: FeedbackFilter;
}

export const FEEDBACK_FILTERS: ReadonlyArray<{ value: FeedbackFilter | ''; label: string }> = [
  { value: '', label: 'Any' },
  { value: 'positive', label: 'Positive' },
  { value: 'negative', label: 'Negative' },
  { value: 'null', label: 'No feedback' },
];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day as the API takes it (YYYY-MM-DD), and one that exists (no 31 February). */
export function isDay(value: string | null | undefined): value is string {
  if (!value || !DAY.test(value)) {
    return false;
  }
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function isFeedback(value: string | null): value is FeedbackFilter {
  return value === 'positive' || value === 'negative' || value === 'null';
}

/** Reads the filters from the address; anything malformed (a hand-edited link) is ignored rather than sent. */
export function readFilters(params: URLSearchParams): InteractionFilters {
  const agent = params.get('agent_id')?.trim();
  const start = params.get('start_date');
  const end = params.get('end_date');
  const feedback = params.get('feedback');
  return {
    ...(agent ? { agent_id: agent } : {}),
    ...(isDay(start) ? { start_date: start } : {}),
    ...(isDay(end) ? { end_date: end } : {}),
    ...(isFeedback(feedback) ? { feedback } : {}),
  };
}

/**
 * The address of the filters: only what is set, in a stable order, so links stay short and comparable. It
 * holds no page: new filters start from the first one.
 */
export function writeFilters(filters: InteractionFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['agent_id', 'start_date', 'end_date', 'feedback'] as const) {
    const value = filters[key];
    if (value) {
      params.set(key, value);
    }
  }
  return params;
}

/** Changes one filter. */
export function withFilter(filters: InteractionFilters, key: keyof InteractionFilters, value: string): InteractionFilters {
  const next: InteractionFilters = { ...filters };
  if (value === '') {
    delete next[key];
  } else if (key === 'feedback') {
    if (isFeedback(value)) {
      next.feedback = value;
    }
  } else {
    next[key] = value;
  }
  return next;
}

/** A reason the filters cannot be sent, per field, before asking the API. */
export function filterProblems(filters: InteractionFilters): Partial<Record<'end_date', string>> {
  if (filters.start_date && filters.end_date && filters.end_date < filters.start_date) {
    return { end_date: 'The end date is before the start date.' };
  }
  return {};
}

export function hasFilters(filters: InteractionFilters): boolean {
  return Boolean(filters.agent_id || filters.start_date || filters.end_date || filters.feedback);
}

export function toQuery(filters: InteractionFilters, limit: number, offset: number): InteractionsQuery {
  return { ...filters, limit, offset };
}

/** A time zone's offset from UTC as people write it: `UTC+01:00`, `UTC-05:30`, `UTC`. */
export function utcOffsetText(offsetMinutes: number): string {
  if (offsetMinutes === 0) {
    return 'UTC';
  }
  const minutes = Math.abs(offsetMinutes);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `UTC${offsetMinutes > 0 ? '+' : '-'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/**
 * The API counts `start_date` and `end_date` as whole UTC days, and no local day can be sent instead: the
 * filters say they are UTC days, and how far from the local times of the list they are.
 * `offsetMinutes` is east of UTC (the opposite of `Date#getTimezoneOffset`).
 */
export function utcDaysHint(offsetMinutes: number): string {
  const days = 'From and To are UTC days, midnight to midnight UTC, as the API counts them';
  return offsetMinutes === 0
    ? `${days}; your time zone is UTC too.`
    : `${days}; the times listed are in your time zone (${utcOffsetText(offsetMinutes)}), so a question asked near midnight may fall on the day before or after.`;
}
