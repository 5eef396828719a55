import { useSearchParams } from 'react-router';
import { $api } from '@/api/client';
import type { components } from '@/api/schema';
import { can } from '@/app/permissions';
import { useSignedIn } from '@/app/session';
import { TimeChart } from '@/pages/analytics/TimeChart';
import { bucketCount, bucketLabel, GRANULARITIES, lastDays, MAX_BUCKETS, peak, type Granularity } from '@/pages/analytics/scale';
import { AgentSelect, useAgentNames } from '@/pages/interactions/AgentSelect';
import { isDay } from '@/pages/interactions/filters';
import { SelectField, TextField } from '@/ui/fields';
import { formatMs, formatNumber } from '@/ui/format';
import { Page, Section } from '@/ui/Page';
import { Forbidden, QueryView } from '@/ui/states';
import '@/pages/interactions/interactions.css';
import '@/pages/analytics/analytics.css';

type Analytics = components['schemas']['AnalyticsResponseDto'];

interface Range {
  start_date: string;
  end_date: string;
  granularity: Granularity;
  agent_id?: string;
}

const DEFAULT_DAYS = 30;

function isGranularity(value: string | null): value is Granularity {
  return GRANULARITIES.some((option) => option.value === value);
}

/** The range in the address, so a link or a reload shows the same figures; the last 30 days by default. */
function readRange(params: URLSearchParams): Range {
  const defaults = lastDays(new Date(), DEFAULT_DAYS);
  const start = params.get('start_date');
  const end = params.get('end_date');
  const granularity = params.get('granularity');
  const agent = params.get('agent_id');
  return {
    start_date: isDay(start) ? start : defaults.start_date,
    end_date: isDay(end) ? end : defaults.end_date,
    granularity: isGranularity(granularity) ? granularity : 'day',
    ...(agent ? { agent_id: agent } : {}),
  };
}

function rangeProblems(range: Range): { end_date?: string; granularity?: string } {
  if (range.end_date < range.start_date) {
    return { end_date: 'The end date is before the start date.' };
  }
  const buckets = bucketCount(range.start_date, range.end_date, range.granularity);
  if (buckets > MAX_BUCKETS) {
    return {
      granularity: `This range holds ${formatNumber(buckets)} ${range.granularity}s, more than ${formatNumber(MAX_BUCKETS)}: choose a coarser granularity or a shorter range.`,
    };
  }
  return {};
}

function RangeForm({ range, onChange }: { range: Range; onChange: (next: Range) => void }) {
  const names = useAgentNames();
  const problems = rangeProblems(range);
  return (
    <form className="filters" role="search" aria-label="Analytics range" onSubmit={(event) => event.preventDefault()}>
      <TextField
        label="From"
        type="date"
        required
        value={range.start_date}
        onChange={(event) => isDay(event.target.value) && onChange({ ...range, start_date: event.target.value })}
      />
      <TextField
        label="To"
        type="date"
        required
        value={range.end_date}
        error={problems.end_date}
        onChange={(event) => isDay(event.target.value) && onChange({ ...range, end_date: event.target.value })}
      />
      <SelectField
        label="Granularity"
        value={range.granularity}
        options={GRANULARITIES}
        error={problems.granularity}
        onChange={(event) => isGranularity(event.target.value) && onChange({ ...range, granularity: event.target.value })}
      />
      <AgentSelect
        value={range.agent_id ?? ''}
        names={names}
        onChange={(agentId) => {
          const { agent_id: _previous, ...rest } = range;
          onChange(agentId ? { ...rest, agent_id: agentId } : rest);
        }}
      />
    </form>
  );
}

function percent(value: number | null): string {
  return formatNumber(value, { style: 'percent', maximumFractionDigits: 1 });
}

function Totals({ metrics }: { metrics: Analytics['metrics'] }) {
  const totals: Array<{ label: string; value: string; hint?: string }> = [
    { label: 'Queries', value: formatNumber(metrics.total_queries) },
    { label: 'Unique users', value: formatNumber(metrics.unique_users), hint: 'People, or API keys when no person asked.' },
    { label: 'Average latency', value: formatMs(metrics.avg_latency_ms) },
    { label: 'Accuracy', value: percent(metrics.accuracy_rate), hint: 'Positive share of the feedback given.' },
    { label: 'Citation rate', value: percent(metrics.citation_rate), hint: 'Answers citing at least one source.' },
    { label: 'Model cost', value: formatNumber(metrics.total_cost_usd, { style: 'currency', currency: 'USD', maximumFractionDigits: 4 }) },
  ];
  return (
    <dl className="grid totals">
      {totals.map((total) => (
        <div key={total.label} className="card stat">
          <dt className="muted">{total.label}</dt>
          <dd className="value">{total.value}</dd>
          {total.hint ? <dd className="small muted">{total.hint}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

function Charts({ data, granularity }: { data: Analytics; granularity: Granularity }) {
  const points = data.time_series;
  const timestamps = points.map((point) => point.timestamp);
  const queries = points.map((point) => point.queries);
  const p50 = points.map((point) => point.latency_p50);
  const p95 = points.map((point) => point.latency_p95);
  const span =
    points.length > 0 ? `from ${bucketLabel(points[0].timestamp, granularity)} to ${bucketLabel(points[points.length - 1].timestamp, granularity)}` : '';
  const busiest = peak(queries);
  const slowest = peak(p95);
  const medianPeak = peak(p50);

  const queriesSummary =
    busiest && busiest.value > 0
      ? `${formatNumber(data.metrics.total_queries)} queries ${span}; the busiest ${granularity} was ${bucketLabel(timestamps[busiest.index], granularity)} with ${formatNumber(busiest.value)}.`
      : `No queries ${span}.`;
  const latencySummary =
    slowest && medianPeak
      ? `Median (p50) and 95th percentile (p95) latency of completed answers ${span}; the highest p50 was ${formatMs(medianPeak.value)} on ${bucketLabel(timestamps[medianPeak.index], granularity)}, the highest p95 ${formatMs(slowest.value)} on ${bucketLabel(timestamps[slowest.index], granularity)}.`
      : `No completed answers ${span}, so no latency to show.`;

  return (
    <>
      <Section title="Queries over time">
        <TimeChart
          title={`Queries per ${granularity}`}
          summary={queriesSummary}
          timestamps={timestamps}
          granularity={granularity}
          series={[{ label: 'Queries', kind: 'bar', values: queries }]}
          yTitle="Queries"
          formatValue={(value) => formatNumber(value)}
          integer
        />
      </Section>
      <Section title="Latency over time">
        <TimeChart
          title={`Latency per ${granularity}, p50 and p95`}
          summary={latencySummary}
          timestamps={timestamps}
          granularity={granularity}
          series={[
            { label: 'p50 (median)', kind: 'line', values: p50 },
            { label: 'p95', kind: 'line', values: p95 },
          ]}
          yTitle="Latency"
          formatValue={formatMs}
        />
      </Section>
    </>
  );
}

function AnalyticsView() {
  const [params, setParams] = useSearchParams();
  const range = readRange(params);
  const valid = Object.keys(rangeProblems(range)).length === 0;
  const query = $api.useQuery('get', '/api/v1/analytics', { params: { query: range } }, { enabled: valid });
  const change = (next: Range) => setParams(new URLSearchParams({ ...next }), { replace: true });

  return (
    <>
      <RangeForm range={range} onChange={change} />
      {valid ? (
        <QueryView query={query} label="Loading analytics…">
          {(data) => (
            <>
              <Section title="Totals">
                <Totals metrics={data.metrics} />
              </Section>
              <Charts data={data} granularity={range.granularity} />
            </>
          )}
        </QueryView>
      ) : null}
    </>
  );
}

export function AnalyticsPage() {
  const { user } = useSignedIn();
  return (
    <Page title="Analytics" description="Usage and quality of your agents' answers. Days and buckets are in UTC.">
      {can(user.role, 'admin') ? <AnalyticsView /> : <Forbidden what="analytics" />}
    </Page>
  );
}
