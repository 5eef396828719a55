import { formatDateTime, formatUtc } from '@/ui/format';

/** A moment in the reader's local time; the UTC instant on hover and for assistive technology. */
export function Time({ value }: { value: string | null | undefined }) {
  if (!value) {
    return <span>–</span>;
  }
  return (
    <time dateTime={value} title={formatUtc(value)}>
      {formatDateTime(value)}
    </time>
  );
}
