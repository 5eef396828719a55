import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways on narrow screens. The scrolling region is named and focusable, so a
 * keyboard can scroll it too (a region with nothing focusable inside would otherwise be out of reach).
 */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
