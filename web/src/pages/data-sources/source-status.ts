import type { components } from '@/api/schema';
import type { Tone } from '@/ui/Badge';
import { formatDuration, formatNumber } from '@/ui/format';

export type DataSource = components['schemas']['DataSourceResponseDto'];
export type SourceStatus = components['schemas']['DataSourceStatusResponseDto'];
export type SourceType = DataSource['type'];
export type SyncFrequency = DataSource['sync_frequency'];
export type ConnectorType = Exclude<SourceType, 'website' | 'file'>;

/** Sources read through a provider's API, once a person has granted access there. */
export function isConnector(type: SourceType): type is ConnectorType {
  return type !== 'website' && type !== 'file';
}

/** How often the status of a syncing source is asked for. */
export const POLL_MS = 1500;

/** Queued or running: the source's progress is worth watching (a connector's `pending` is not: see connection.ts). */
export function isSyncing(status: string | undefined): boolean {
  return status === 'pending' || status === 'processing';
}

export function statusTone(status: string): Tone {
  switch (status) {
    case 'active':
    case 'Connected':
      return 'good';
    case 'pending':
    case 'processing':
      return 'info';
    case 'failed':
    case 'Connection failed':
      return 'bad';
    default:
      return 'neutral';
  }
}

const STATUS_LABELS: Record<string, string> = { active: 'Active', pending: 'Queued', processing: 'Syncing', failed: 'Failed' };

/** API statuses are lower-case words (connector ones are already sentences): shown as a person would write them. */
export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
}

export const TYPE_LABELS: Record<SourceType, string> = {
  website: 'Website',
  file: 'Files',
  confluence: 'Confluence',
  slack: 'Slack',
  google_drive: 'Google Drive',
  sharepoint: 'SharePoint',
};

export const FREQUENCY_OPTIONS: ReadonlyArray<{ value: SyncFrequency; label: string }> = [
  { value: 'manual', label: 'Manually (Sync now)' },
  { value: 'hourly', label: 'Every hour' },
  { value: 'daily', label: 'Every day' },
  { value: 'weekly', label: 'Every week' },
];

export const FREQUENCY_LABELS = Object.fromEntries(FREQUENCY_OPTIONS.map((option) => [option.value, option.label])) as Record<SyncFrequency, string>;

/** Seconds until the estimated completion the API reports, or null when it has none (not running, or no rate yet). */
export function secondsLeft(estimatedCompletion: string | null | undefined, now: number): number | null {
  if (!estimatedCompletion) {
    return null;
  }
  const at = Date.parse(estimatedCompletion);
  if (Number.isNaN(at)) {
    return null;
  }
  return Math.max(0, (at - now) / 1000);
}

/** One line beside the progress bar: "42% · 1,280 chunks · about 3 minutes left". */
export function progressSummary(status: SourceStatus, now: number): string {
  const parts = [`${formatNumber(status.progress_pct)}%`, `${formatNumber(status.chunks_indexed)} ${status.chunks_indexed === 1 ? 'chunk' : 'chunks'}`];
  if (isSyncing(status.status)) {
    const left = secondsLeft(status.estimated_completion, now);
    parts.push(left === null ? (status.status === 'pending' ? 'waiting to start' : 'estimating time left') : `about ${formatDuration(left)} left`);
  }
  return parts.join(' · ');
}
