/** A version of a page already read, kept while the page lies in the window every pass reads again. */
export interface ReadVersion {
  version: number;
  /** When Confluence says this version was made (ISO 8601). */
  when: string;
}

/** A pass under way: resumed at `next` when `cql` is still the query it reads. */
export interface ConfluencePass {
  startedAt: string;
  cql: string;
  /** The search's `_links.next`, relative to the site's /wiki. */
  next: string;
}

export interface ConfluenceCheckpoint {
  /** The site and spaces read: a checkpoint of another scope is not resumed. */
  scope: string;
  /** Every page modified before this instant was read by an earlier pass; null: no pass completed yet. */
  since: string | null;
  /** Page id to the version read, for pages modified from `since` on (read again otherwise). */
  read: Record<string, ReadVersion>;
  /** Absent between passes. */
  pass?: ConfluencePass;
}
