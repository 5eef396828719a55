import { useId } from 'react';
import { progressSummary, type SourceStatus } from '@/pages/data-sources/source-status';

/** A progress bar named `label`, with percent, chunks and time left beside it; indeterminate while queued. */
export function SyncProgress({ status, label, at }: { status: SourceStatus; label: string; at: number }) {
  const summaryId = useId();
  const queued = status.status === 'pending';
  return (
    <div className="sync-progress">
      <progress className="progress" aria-label={label} aria-describedby={summaryId} max={100} value={queued ? undefined : status.progress_pct}>
        {status.progress_pct}%
      </progress>
      <span id={summaryId} className="small muted">
        {progressSummary(status, at)}
      </span>
    </div>
  );
}
