/** One resource the crawler fetched and kept: an HTML or Markdown page (decoded to text) or a PDF (raw bytes). */
export type CrawledPage =
  { kind: 'html'; url: string; html: string } | { kind: 'markdown'; url: string; text: string } | { kind: 'pdf'; url: string; bytes: Buffer };

/** A URL that was in scope but could not be fetched or was refused (recorded, not fatal to the crawl). */
export interface CrawlFailure {
  kind: 'failure';
  url: string;
  error: string;
  /**
   * The server may answer next time: HTTP 408, 429 or 5xx, a timeout, a connection reset or refused. A page
   * indexed before keeps its content through such a failure; any other failure (404, 410, a page that cannot
   * be read) means the page is gone.
   */
  transient?: boolean;
}

export interface CrawlOptions {
  startUrl: string;
  /** Exact upper bound on items yielded: pages (HTML, Markdown and PDF) and failures together. */
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
