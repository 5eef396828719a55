/** File id → the modification time (RFC 3339) at which it was read. */
export type ReadVersions = Record<string, string>;

/** Where a pass stands: the listing being read and Drive's page token within it. */
export interface DrivePassCursor {
  /** Identity of the listing (its query, corpus and drive), so a changed configuration or folder tree restarts the pass. */
  listing: string;
  /** Absent: the listing is read from its first page. */
  pageToken?: string;
}

/**
 * Where the sync of a Drive source stands. A completed pass keeps `since` (its start, less a safety margin) and
 * the versions it read after that instant; the next pass lists files modified after `since` and skips those
 * versions, since Drive's search index lags behind edits and only an overlap catches every change.
 */
export interface GoogleDriveCheckpoint {
  since: string | null;
  read: ReadVersions;
  /** Present while a pass is under way. */
  pass?: {
    startedAt: string;
    cursor: DrivePassCursor;
    /** Versions read by this pass so far (after its own `since`): the `read` of the next checkpoint. */
    read: ReadVersions;
  };
}
