import type { ReactNode } from 'react';
import { formatNumber } from '@/ui/format';
import { Empty } from '@/ui/states';
import type { Paging } from '@/ui/usePaging';

/** Previous and next over a `limit`/`offset` list, with where the reader is in `total`. */
function Pager({ offset, limit, total, onChange }: { offset: number; limit: number; total: number; onChange: (offset: number) => void }) {
  if (total <= limit && offset === 0) {
    return null;
  }
  const first = total === 0 ? 0 : offset + 1;
  const last = Math.min(offset + limit, total);
  return (
    <nav className="pager" aria-label="Pages">
      <span className="muted">
        {formatNumber(first)}–{formatNumber(last)} of {formatNumber(total)}
      </span>
      <button type="button" className="btn" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - limit))}>
        Previous
      </button>
      <button type="button" className="btn" disabled={offset + limit >= total} onClick={() => onChange(offset + limit)}>
        Next
      </button>
    </nav>
  );
}

/**
 * One page of a list, then its pager. A list with nothing in it shows `empty`; a page past the list's end (an
 * old link, or the last rows of the last page deleted) says so and leads back to the first page, rather than
 * a table of headers alone.
 */
export function PagedList({
  paging,
  total,
  shown,
  empty,
  children,
}: {
  paging: Paging;
  /** How many rows the list holds, on every page. */
  total: number;
  /** How many of them this page holds. */
  shown: number;
  /** Nothing in the list, or nothing that matches its filters. */
  empty: ReactNode;
  /** The page's rows. */
  children: ReactNode;
}) {
  if (total === 0) {
    return <>{empty}</>;
  }
  if (shown === 0) {
    return (
      <Empty title="Nothing on this page">
        <p>This page starts past the end of the list, which holds {formatNumber(total)} in all.</p>
        <button type="button" className="btn" onClick={() => paging.setOffset(0)}>
          Go to the first page
        </button>
      </Empty>
    );
  }
  return (
    <>
      {children}
      <Pager offset={paging.offset} limit={paging.limit} total={total} onChange={paging.setOffset} />
    </>
  );
}
