import { Injectable } from '@nestjs/common';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import { Clock } from '#src/common/clock/clock.js';
import { AppError } from '#src/common/errors/app.error.js';
import { AgentsService } from '#src/modules/agents/agents.service.js';
import { AnalyticsRepository, type AnalyticsBucket, type AnalyticsScope, type AnalyticsTotals } from '#src/modules/analytics/analytics.repository.js';
import { MAX_BUCKETS, type AnalyticsQueryDto, type Granularity } from '#src/modules/analytics/dto/analytics.dto.js';

const DAY_MS = 86_400_000;

const STEP: Record<Granularity, string> = { hour: '1 hour', day: '1 day', week: '1 week', month: '1 month' };

/** Start of the bucket holding the UTC midnight `day`: the day itself, its ISO week's Monday, or the 1st of its month. */
export function bucketStart(day: Date, granularity: Granularity): Date {
  switch (granularity) {
    case 'hour':
    case 'day':
      return day;
    case 'week':
      return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
    case 'month':
      return new Date(day.getTime() - (day.getUTCDate() - 1) * DAY_MS);
  }
}

/** The buckets of the inclusive UTC day range [first, last]: first bucket start, last bucket start, and how many. */
export function bucketsOf(first: Date, last: Date, granularity: Granularity): { first: Date; last: Date; count: number } {
  const start = bucketStart(first, granularity);
  const end = granularity === 'hour' ? new Date(last.getTime() + 23 * 3_600_000) : bucketStart(last, granularity);
  const count =
    granularity === 'month'
      ? (end.getUTCFullYear() - start.getUTCFullYear()) * 12 + end.getUTCMonth() - start.getUTCMonth() + 1
      : Math.round((end.getTime() - start.getTime()) / { hour: 3_600_000, day: DAY_MS, week: 7 * DAY_MS }[granularity]) + 1;
  return { first: start, last: end, count };
}

const utcDay = (date: string): Date => new Date(`${date}T00:00:00.000Z`);

/** `2026-11-02 00:00:00`: a UTC wall-clock time, as PostgreSQL reads a timestamp without time zone. */
const wallClock = (instant: Date): string => instant.toISOString().slice(0, 19).replace('T', ' ');

export interface AnalyticsReport {
  totals: AnalyticsTotals;
  buckets: AnalyticsBucket[];
}

@Injectable()
export class AnalyticsService {
  constructor(
    private readonly analytics: AnalyticsRepository,
    private readonly agents: AgentsService,
    private readonly clock: Clock,
  ) {}

  async report(auth: AuthContext, query: AnalyticsQueryDto): Promise<AnalyticsReport> {
    if (query.start_date > query.end_date) {
      throw AppError.invalid('start_date must not be after end_date', { start_date: ['start_date must not be after end_date'] });
    }
    const span = bucketsOf(utcDay(query.start_date), utcDay(query.end_date), query.granularity);
    if (span.count > MAX_BUCKETS) {
      const message = `${query.start_date} to ${query.end_date} by ${query.granularity} makes ${span.count} buckets, more than the ${MAX_BUCKETS} allowed: narrow the range or choose a coarser granularity`;
      throw AppError.invalid(message, { granularity: [message] });
    }
    if (query.agent_id !== undefined) {
      await this.agents.get(auth, query.agent_id);
    }
    const scope: AnalyticsScope = {
      orgId: auth.orgId,
      agentId: query.agent_id,
      startDate: query.start_date,
      endDate: query.end_date,
      firstBucket: wallClock(span.first),
      lastBucket: wallClock(span.last),
      step: STEP[query.granularity],
    };
    return this.analytics.report(scope, this.clock.now());
  }
}
