import type { DataSource } from 'typeorm';
import { expect } from 'vitest';
import type { FixtureSite } from '#test/utils/fixture-site.js';
import { docsSite, page } from '#test/utils/ingestion.js';

/** Pages of the slow site, besides its index. */
export const SLOW_SITE_PAGES = 12;
const PAGE_DELAY_MS = 250;

/** A documentation site whose pages each take a while to come, so a sync is still running when a fault comes. */
export function slowSite(site: FixtureSite): void {
  const slugs = Array.from({ length: SLOW_SITE_PAGES }, (_, i) => `page-${i + 1}`);
  docsSite(site, Object.fromEntries(slugs.map((slug) => [slug, `Content of ${slug}.`])));
  for (const slug of slugs) {
    site.route(`/docs/${slug}`, {
      delayMs: PAGE_DELAY_MS,
      body: page(slug, `The ${slug} widget calibration procedure takes four steps and a torque wrench.`),
      headers: { 'content-type': 'text/html' },
    });
  }
}

export interface SyncTotals {
  documents: number;
  indexed: number;
  /** Distinct document keys (URLs or file names). */
  keys: number;
  chunks: number;
  /** The sum of the documents' own chunk counts. */
  declared: number;
  /** Documents whose chunks are not exactly indexes 0 to chunk_count - 1. */
  gapped: number;
}

export async function syncTotals(db: DataSource, dataSourceId: string): Promise<SyncTotals> {
  const [row] = await db.query<Array<Record<keyof SyncTotals, string>>>(
    `SELECT count(*) AS documents,
            count(*) FILTER (WHERE d.status = 'indexed') AS indexed,
            count(DISTINCT d.key) AS keys,
            coalesce(sum(c.chunks), 0) AS chunks,
            coalesce(sum(d.chunk_count), 0) AS declared,
            count(*) FILTER (WHERE c.chunks IS DISTINCT FROM d.chunk_count OR c.last_index IS DISTINCT FROM d.chunk_count - 1) AS gapped
       FROM document d
       LEFT JOIN (SELECT document_id, count(*) AS chunks, max(chunk_index) AS last_index FROM chunk GROUP BY document_id) c ON c.document_id = d.id
      WHERE d.data_source_id = $1`,
    [dataSourceId],
  );
  return Object.fromEntries(Object.entries(row).map(([name, value]) => [name, Number(value)])) as unknown as SyncTotals;
}

export async function sourceStatus(db: DataSource, dataSourceId: string): Promise<string> {
  const [row] = await db.query<Array<{ status: string }>>('SELECT status FROM data_source WHERE id = $1', [dataSourceId]);
  return row.status;
}

/** The statuses of the sources' sync runs, sorted. */
export async function runStatuses(db: DataSource, dataSourceIds: string[]): Promise<string[]> {
  const rows = await db.query<Array<{ status: string }>>('SELECT status FROM sync_run WHERE data_source_id = ANY($1) ORDER BY status', [dataSourceIds]);
  return rows.map((row) => row.status);
}

/**
 * A slow-site source synced exactly once, whatever happened meanwhile: every page indexed once with all its
 * chunks and no other, one run that succeeded, one `datasource.processed` event. Answers the run's attempts.
 */
export async function expectSyncedOnce(db: DataSource, dataSourceId: string): Promise<number> {
  const totals = await syncTotals(db, dataSourceId);
  const pages = SLOW_SITE_PAGES + 1;
  expect(totals).toEqual({ documents: pages, indexed: pages, keys: pages, chunks: totals.declared, declared: totals.declared, gapped: 0 });
  expect(totals.chunks).toBeGreaterThanOrEqual(pages);
  const runs = await db.query<Array<{ status: string; attempts: number }>>('SELECT status, attempts FROM sync_run WHERE data_source_id = $1', [dataSourceId]);
  expect(runs.map((run) => run.status)).toEqual(['succeeded']);
  const [processed] = await db.query<Array<{ count: string }>>(
    `SELECT count(*) AS count FROM event WHERE type = 'datasource.processed' AND data->'dataSource'->>'id' = $1`,
    [dataSourceId],
  );
  expect(Number(processed.count)).toBe(1);
  return runs[0].attempts;
}
