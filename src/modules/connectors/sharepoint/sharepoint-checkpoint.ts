/** Where one drive's changes are read from. */
export interface SharePointDriveCursor {
  /** The `@odata.deltaLink` of the drive's last complete enumeration: the next pass reads what changed after it. */
  deltaLink?: string;
  /** The `@odata.nextLink` of the pass under way: the page to read next. */
  nextLink?: string;
}

/** Per drive id, plain JSON: a drive with no `nextLink` left has finished its pass. */
export interface SharePointCheckpoint {
  drives: Record<string, SharePointDriveCursor>;
}
