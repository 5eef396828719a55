import { useEffect, useId, useRef, useState } from 'react';
import { bandCentre, bucketLabel, bucketTitle, labelStep, niceTicks, scaleLinear, segments, type Granularity } from '@/pages/analytics/scale';

export interface ChartSeries {
  label: string;
  kind: 'bar' | 'line';
  values: ReadonlyArray<number | null>;
}

interface TimeChartProps {
  /** The chart's name, also the SVG's title. */
  title: string;
  /** What the chart shows, in a sentence or two, for those who cannot see it. */
  summary: string;
  timestamps: readonly string[];
  granularity: Granularity;
  series: readonly ChartSeries[];
  yTitle: string;
  formatValue: (value: number) => string;
  /** Whole-number values (counts): whole ticks. */
  integer?: boolean;
}

const HEIGHT = 260;
const MARGIN = { top: 28, right: 16, bottom: 48, left: 64 };
const LABEL_WIDTH = { hour: 92, day: 56, week: 56, month: 72 } as const;

/** The width the chart has, following its container (a window resize, a phone turned sideways). */
function useWidth(): [React.RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);
  useEffect(() => {
    const element = ref.current;
    if (!element) {
      return;
    }
    const measure = () => setWidth(Math.max(260, Math.floor(element.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

function Plot({ width, timestamps, granularity, series, yTitle, formatValue, integer }: Omit<TimeChartProps, 'title' | 'summary'> & { width: number }) {
  const plotWidth = width - MARGIN.left - MARGIN.right;
  const bottom = HEIGHT - MARGIN.bottom;
  const max = Math.max(0, ...series.flatMap((entry) => entry.values.filter((value): value is number => value !== null)));
  const ticks = niceTicks(max, 4, integer);
  const y = scaleLinear([0, ticks.at(-1) ?? 1], [bottom, MARGIN.top]);
  const count = timestamps.length;
  const band = plotWidth / Math.max(1, count);
  const step = labelStep(count, plotWidth, LABEL_WIDTH[granularity]);
  const bars = series.filter((entry) => entry.kind === 'bar');
  const barWidth = Math.max(1, (band * 0.7) / Math.max(1, bars.length));
  const x = (index: number) => bandCentre(index, count, MARGIN.left, plotWidth);

  return (
    <>
      <g className="chart-grid">
        {ticks.map((tick) => (
          <line key={tick} x1={MARGIN.left} x2={width - MARGIN.right} y1={y(tick)} y2={y(tick)} />
        ))}
      </g>
      <g className="chart-axis">
        {ticks.map((tick) => (
          <text key={tick} x={MARGIN.left - 8} y={y(tick)} dy="0.32em" textAnchor="end">
            {formatValue(tick)}
          </text>
        ))}
        <text className="chart-axis-title" x={MARGIN.left - 56} y={MARGIN.top - 14}>
          {yTitle}
        </text>
        <line className="chart-baseline" x1={MARGIN.left} x2={width - MARGIN.right} y1={bottom} y2={bottom} />
        {timestamps.map((timestamp, index) =>
          index % step === 0 ? (
            <g key={timestamp}>
              <line className="chart-tick" x1={x(index)} x2={x(index)} y1={bottom} y2={bottom + 4} />
              <text x={x(index)} y={bottom + 18} textAnchor="middle">
                {bucketLabel(timestamp, granularity)}
              </text>
            </g>
          ) : null,
        )}
        <text className="chart-axis-title" x={MARGIN.left + plotWidth / 2} y={HEIGHT - 6} textAnchor="middle">
          {bucketTitle(granularity)}
        </text>
      </g>
      {series.map((entry, seriesIndex) => {
        const className = `series-${seriesIndex}`;
        if (entry.kind === 'bar') {
          const offset = bars.indexOf(entry) - (bars.length - 1) / 2;
          return (
            <g key={entry.label} className={`chart-bars ${className}`}>
              {entry.values.map((value, index) =>
                value ? (
                  <rect key={timestamps[index]} x={x(index) + offset * barWidth - barWidth / 2} y={y(value)} width={barWidth} height={bottom - y(value)}>
                    <title>{`${bucketLabel(timestamps[index], granularity)}: ${formatValue(value)}`}</title>
                  </rect>
                ) : null,
              )}
            </g>
          );
        }
        return (
          <g key={entry.label} className={`chart-line ${className}`}>
            {segments(entry.values).map((run) => (
              <path
                key={run[0][0]}
                d={run.map(([index, value], position) => `${position === 0 ? 'M' : 'L'}${x(index).toFixed(1)},${y(value).toFixed(1)}`).join(' ')}
              />
            ))}
            {entry.values.map((value, index) =>
              value === null ? null : (
                <circle key={timestamps[index]} cx={x(index)} cy={y(value)} r={3}>
                  <title>{`${entry.label}, ${bucketLabel(timestamps[index], granularity)}: ${formatValue(value)}`}</title>
                </circle>
              ),
            )}
          </g>
        );
      })}
    </>
  );
}

function FiguresTable({ id, title, timestamps, granularity, series, formatValue, shown }: TimeChartProps & { id: string; shown: boolean }) {
  return (
    // Shown, it scrolls: focusable and named, so keyboard users can scroll it too.
    <div
      id={id}
      className={shown ? 'table-wrap contained chart-table' : 'visually-hidden'}
      {...(shown ? { tabIndex: 0, role: 'region', 'aria-label': `${title}, figures` } : {})}
    >
      <table className="table">
        <caption className={shown ? 'visually-hidden' : undefined}>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{bucketTitle(granularity)}</th>
            {series.map((entry) => (
              <th key={entry.label} scope="col" className="number">
                {entry.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {timestamps.map((timestamp, index) => (
            <tr key={timestamp}>
              <th scope="row">{bucketLabel(timestamp, granularity)}</th>
              {series.map((entry) => {
                const value = entry.values[index];
                return (
                  <td key={entry.label} className="number">
                    {value === null ? '–' : formatValue(value)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A chart over time buckets, drawn as plain SVG: bars or lines with their points, axes with labels and a
 * legend. The SVG is one image with a title and a summary; the same figures are in a table, hidden until
 * asked for but always there for screen readers.
 */
export function TimeChart(props: TimeChartProps) {
  const { title, summary, series } = props;
  const [ref, width] = useWidth();
  const [tableShown, setTableShown] = useState(false);
  const id = useId();

  return (
    <figure className="chart">
      <ul className="chart-legend" aria-label={`Legend of ${title}`}>
        {series.map((entry, index) => (
          <li key={entry.label}>
            <svg className={`chart-swatch series-${index} ${entry.kind}`} width="24" height="12" aria-hidden="true" focusable="false">
              {entry.kind === 'bar' ? <rect x="6" y="0" width="12" height="12" /> : <line x1="0" x2="24" y1="6" y2="6" />}
            </svg>
            {entry.label}
          </li>
        ))}
      </ul>
      <div ref={ref} className="chart-canvas">
        <svg width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-summary`}>
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-summary`}>{summary}</desc>
          <Plot width={width} {...props} />
        </svg>
      </div>
      <figcaption className="chart-caption">
        <span className="muted small">{summary}</span>
        <button type="button" className="btn small" aria-expanded={tableShown} aria-controls={`${id}-table`} onClick={() => setTableShown(!tableShown)}>
          {tableShown ? 'Hide the figures' : 'Show the figures'}
        </button>
      </figcaption>
      <FiguresTable id={`${id}-table`} {...props} shown={tableShown} />
    </figure>
  );
}
