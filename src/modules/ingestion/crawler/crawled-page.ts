/** One resource the crawler fetched and kept: an HTML or Markdown page (decoded to text) or a PDF (raw bytes). */
export type CrawledPage =
  { kind: 'html'; url: string; html: string } | { kind: 'markdown'; url: string; text: string } | { kind: 'pdf'; url: string; bytes: Buffer };

/** A URL that was in scope but could not be fetched or was refused (recorded, not fatal to the crawl). */
export interface CrawlFailure {
  kind: 'failure';
  url: string;
  error: string;
}

export interface CrawlOptions {
  startUrl: string;
  /** Exact upper bound on pages (HTML and PDF) yielded. */
  maxPages: number;
  concurrency: number;
  /** Minimum pause between two requests to the same host; robots.txt Crawl-delay wins when larger. */
  delayMs: number;
  timeoutMs: number;
  maxPageBytes: number;
  allowPrivateTargets: boolean;
  userAgent: string;
  signal?: AbortSignal;
}
