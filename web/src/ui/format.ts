/** Numbers and dates in the browser's locale; times in local time (the UTC instant is on hover, see Time). */
const numberFormat = new Intl.NumberFormat(undefined);
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const secondFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

export function formatNumber(value: number | null | undefined, options?: Intl.NumberFormatOptions): string {
  if (value === null || value === undefined || Number.isNaN(value)) {
    return '–';
  }
  return options ? new Intl.NumberFormat(undefined, options).format(value) : numberFormat.format(value);
}

export function formatDateTime(value: string | Date | null | undefined): string {
  return value ? dateTimeFormat.format(new Date(value)) : '–';
}

/** With the seconds, to tell apart moments of one minute (two sign-ins from one browser). */
export function formatDateTimeToSecond(value: string | Date): string {
  return secondFormat.format(new Date(value));
}

export function formatDate(value: string | Date | null | undefined): string {
  return value ? dateFormat.format(new Date(value)) : '–';
}

export function formatUtc(value: string | Date): string {
  return `${new Date(value).toISOString().replace('T', ' ').slice(0, 19)} UTC`;
}

/** Milliseconds as a person reads a latency: 840 ms, 1.2 s. */
export function formatMs(value: number | null | undefined): string {
  if (value === null || value === undefined) {
    return '–';
  }
  return value < 1000 ? `${formatNumber(Math.round(value))} ms` : `${formatNumber(value / 1000, { maximumFractionDigits: 1 })} s`;
}

/** Seconds left, as "about 3 minutes". */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) {
    return '–';
  }
  if (seconds < 60) {
    return relativeFormat.format(Math.max(1, Math.round(seconds)), 'second').replace(/^in /, '');
  }
  if (seconds < 3600) {
    return relativeFormat.format(Math.round(seconds / 60), 'minute').replace(/^in /, '');
  }
  return relativeFormat.format(Math.round(seconds / 3600), 'hour').replace(/^in /, '');
}

export function formatBytes(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${formatNumber(value, { maximumFractionDigits: unit === 0 ? 0 : 1 })} ${units[unit]}`;
}
