import type { DrivePassCursor, GoogleDriveCheckpoint, ReadVersions } from '#src/modules/connectors/google-drive/google-drive-checkpoint.js';
import type { DriveFileVersion } from '#src/modules/connectors/google-drive/google-drive-client.js';
import type { SourceListing } from '#src/modules/connectors/google-drive/google-drive-listings.js';

// Drive's search index lags behind edits (and our clock may differ from Google's): the next pass looks this far back.
const OVERLAP_MS = 5 * 60_000;
// A bound on the checkpoint's size; a version dropped from it is only read once more.
const MAX_READ_VERSIONS = 5_000;

/** Where one pass starts: the listing, and the page within it. */
export interface PassStart {
  listingIndex: number;
  pageToken: string | undefined;
}

/** The bookkeeping of one pass of `changes`: what it may skip, what it read, and the checkpoints it marks. */
export class DrivePass {
  private readonly nextSince: string;
  private readonly nextSinceMs: number;
  private readonly seenThisRun = new Set<string>();

  private constructor(
    private readonly since: string | null,
    private readonly previouslyRead: ReadVersions,
    private readonly startedAt: string,
    private readonly read: ReadVersions,
  ) {
    this.nextSinceMs = Math.floor((Date.parse(startedAt) - OVERLAP_MS) / 1_000) * 1_000;
    this.nextSince = new Date(this.nextSinceMs).toISOString().replace('.000Z', 'Z');
  }

  /** A new pass from a completed checkpoint (or none), or the pass a checkpoint was interrupted in. */
  static resume(checkpoint: GoogleDriveCheckpoint | null, listings: readonly SourceListing[], now: Date): { pass: DrivePass; start: PassStart } {
    const since = checkpoint?.since ?? null;
    const previouslyRead = checkpoint?.read ?? {};
    const underway = checkpoint?.pass;
    if (!underway) {
      return { pass: new DrivePass(since, previouslyRead, now.toISOString(), {}), start: { listingIndex: 0, pageToken: undefined } };
    }
    const pass = new DrivePass(since, previouslyRead, underway.startedAt, { ...underway.read });
    const listingIndex = listings.findIndex((listing) => listing.id === underway.cursor.listing);
    // The configuration or the folder tree changed meanwhile: the pass reads every listing again rather than guess.
    const start = listingIndex < 0 ? { listingIndex: 0, pageToken: undefined } : { listingIndex, pageToken: underway.cursor.pageToken };
    return { pass, start };
  }

  /** Files modified after this time (all of them when null) are what the pass lists. */
  get changedAfter(): string | null {
    return this.since;
  }

  /** Whether the file, at this version, was already read by the previous pass or earlier in this one; notes it either way. */
  alreadyRead(file: DriveFileVersion): boolean {
    const version = `${file.id}@${file.modifiedTime}`;
    const known = this.previouslyRead[file.id] === file.modifiedTime || this.read[file.id] === file.modifiedTime || this.seenThisRun.has(version);
    this.seenThisRun.add(version);
    if (Date.parse(file.modifiedTime) > this.nextSinceMs) {
      this.read[file.id] = file.modifiedTime;
    }
    return known;
  }

  /** Everything before this point is read; a restart continues at `cursor`. */
  mark(cursor: DrivePassCursor): GoogleDriveCheckpoint {
    return { since: this.since, read: this.previouslyRead, pass: { startedAt: this.startedAt, cursor, read: bounded(this.read) } };
  }

  /** The pass is complete: the next one reads what changed after it began. */
  complete(): GoogleDriveCheckpoint {
    return { since: this.nextSince, read: bounded(this.read) };
  }
}

function bounded(read: ReadVersions): ReadVersions {
  const entries = Object.entries(read);
  if (entries.length <= MAX_READ_VERSIONS) {
    return { ...read };
  }
  entries.sort(([, left], [, right]) => Date.parse(right) - Date.parse(left));
  return Object.fromEntries(entries.slice(0, MAX_READ_VERSIONS));
}
