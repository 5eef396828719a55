import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn } from 'class-validator';
import { IsCalendarDate, IsPrefixedId, Optional } from '#src/common/validation/validators.js';
import type { AnalyticsReport } from '#src/modules/analytics/analytics.service.js';

export const GRANULARITIES = ['hour', 'day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** The most buckets one series may have: an hourly series spans at most 41 days, a daily one about 2.7 years. */
export const MAX_BUCKETS = 1_000;

export class AnalyticsQueryDto {
  @ApiProperty({ example: '2026-11-01', format: 'date', description: 'First UTC day included (YYYY-MM-DD).' })
  @IsDefined({ message: 'start_date is required' })
  @IsCalendarDate()
  start_date: string;

  @ApiProperty({
    example: '2026-11-30',
    format: 'date',
    description: 'Last UTC day included, up to 23:59:59.999 (YYYY-MM-DD); not before start_date.',
  })
  @IsDefined({ message: 'end_date is required' })
  @IsCalendarDate()
  end_date: string;

  @IsPrefixedId('agent', { optional: true, description: 'Only this agent\u2019s interactions; an agent of another organization is a 404.' })
  agent_id?: string;

  @ApiPropertyOptional({
    enum: GRANULARITIES,
    default: 'day',
    description: `Bucket size of \`time_series\`, in UTC; weeks start on Monday (ISO 8601). At most ${MAX_BUCKETS} buckets.`,
  })
  @Optional()
  @IsIn(GRANULARITIES, { message: `granularity must be one of: ${GRANULARITIES.join(', ')}` })
  granularity: Granularity = 'day';
}

export class AnalyticsMetricsDto {
  @ApiProperty({ type: 'integer', example: 1284, description: 'Interactions in the range, whatever their status (pending, completed, failed).' })
  total_queries: number;

  @ApiProperty({ type: 'integer', example: 37, description: 'Distinct callers: the user when there is one, otherwise the API key.' })
  unique_users: number;

  @ApiProperty({
    type: Number,
    nullable: true,
    example: 912.4,
    description: 'Mean latency of completed interactions, in milliseconds (one decimal); null when none completed.',
  })
  avg_latency_ms: number | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    minimum: 0,
    maximum: 1,
    example: 0.8571,
    description: 'positive \u00f7 (positive + negative) feedback, four decimals; null when no interaction has feedback.',
  })
  accuracy_rate: number | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    minimum: 0,
    maximum: 1,
    example: 0.9312,
    description: 'Share of completed answers citing at least one of their sources with a `[n]` marker, four decimals; null when none completed.',
  })
  citation_rate: number | null;

  @ApiProperty({ example: 0.287616, description: 'Model cost of the completed interactions, in US dollars.' })
  total_cost_usd: number;
}

export class AnalyticsPointDto {
  @ApiProperty({ format: 'date-time', example: '2026-11-02T00:00:00.000Z', description: 'Start of the bucket, in UTC.' })
  timestamp: string;

  @ApiProperty({ type: 'integer', example: 43, description: 'Interactions in the bucket, whatever their status.' })
  queries: number;

  @ApiProperty({
    type: Number,
    nullable: true,
    example: 804.5,
    description: 'Median latency of the completed interactions in the bucket (percentile_cont), in ms, one decimal; null when none.',
  })
  latency_p50: number | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    example: 1890.3,
    description: '95th percentile latency of the completed interactions in the bucket (percentile_cont), in ms, one decimal; null when none.',
  })
  latency_p95: number | null;
}

export class AnalyticsResponseDto {
  @ApiProperty({ type: AnalyticsMetricsDto })
  metrics: AnalyticsMetricsDto;

  @ApiProperty({
    type: [AnalyticsPointDto],
    description:
      'One point per bucket from the bucket holding start_date to the one holding end_date, oldest first, empty buckets included. The first ' +
      'and last week or month bucket count only the days inside the range.',
  })
  time_series: AnalyticsPointDto[];
}

const round = (value: number, decimals: number): number => Number(value.toFixed(decimals));

const ratio = (part: number, whole: number): number | null => (whole === 0 ? null : round(part / whole, 4));

/** Latencies in ms with one decimal, rates with four; dollars as summed (the column keeps eight decimals). */
export function toAnalyticsResponse({ totals, buckets }: AnalyticsReport): AnalyticsResponseDto {
  return {
    metrics: {
      total_queries: totals.queries,
      unique_users: totals.callers,
      avg_latency_ms: totals.completed === 0 ? null : round(totals.latencySumMs / totals.completed, 1),
      accuracy_rate: ratio(totals.positive, totals.positive + totals.negative),
      citation_rate: ratio(totals.cited, totals.completed),
      total_cost_usd: totals.costUsd,
    },
    time_series: buckets.map((bucket) => ({
      timestamp: bucket.start,
      queries: bucket.queries,
      latency_p50: bucket.latencyP50 === null ? null : round(bucket.latencyP50, 1),
      latency_p95: bucket.latencyP95 === null ? null : round(bucket.latencyP95, 1),
    })),
  };
}
