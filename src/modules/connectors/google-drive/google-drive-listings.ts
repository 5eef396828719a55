import { createHash } from 'node:crypto';
import type { DriveListing, GoogleDriveClient } from '#src/modules/connectors/google-drive/google-drive-client.js';
import type { GoogleDriveConfigDto } from '#src/modules/connectors/google-drive/google-drive-config.dto.js';
import { ProviderCallError } from '#src/modules/connectors/provider/provider-failure.js';

export const FOLDER_MIME_TYPE = 'application/vnd.google-apps.folder';

/** Google Docs, Sheets and Slides have no bytes of their own: they are exported to a format the parsers read. */
export const EXPORTED_TYPES: Readonly<Record<string, { mimeType: string; extension: string }>> = {
  'application/vnd.google-apps.document': { mimeType: 'text/html', extension: 'html' },
  'application/vnd.google-apps.spreadsheet': { mimeType: 'text/csv', extension: 'csv' },
  'application/vnd.google-apps.presentation': { mimeType: 'text/plain', extension: 'txt' },
};

/** Files downloaded as they are and read by the file parsers; images, video and other types are neither synced nor listed. */
export const DOWNLOADED_TYPES: readonly string[] = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/plain',
  'text/markdown',
  'text/x-markdown',
  'text/csv',
  'text/tab-separated-values',
  'text/html',
  'application/json',
];

// Drive refuses queries past some complexity: the folders of a tree are searched a few dozen at a time.
const FOLDERS_PER_QUERY = 25;

/** One query of a pass, with an identity that survives a restart as long as the configuration and folder tree do. */
export interface SourceListing extends DriveListing {
  id: string;
}

/** The queries that together find every file the source holds (without a time bound). */
export async function sourceListings(client: GoogleDriveClient, config: GoogleDriveConfigDto): Promise<SourceListing[]> {
  const folderIds = config.folder_ids ?? [];
  const driveIds = config.shared_drive_ids ?? [];
  const scopes: DriveListing[] = [];
  if (folderIds.length === 0 && driveIds.length === 0) {
    scopes.push({ q: `'me' in owners`, corpora: 'user' });
  }
  if (folderIds.length > 0) {
    const tree = await folderTree(client, folderIds);
    scopes.push(...chunks(tree, FOLDERS_PER_QUERY).map((group): DriveListing => ({ q: inParents(group), corpora: 'allDrives' })));
  }
  scopes.push(...driveIds.map((driveId): DriveListing => ({ q: '', corpora: 'drive', driveId })));
  if (config.include_shared_with_me) {
    scopes.push({ q: 'sharedWithMe = true', corpora: 'user' });
  }
  return scopes.map((scope) => {
    const q = [scope.q, 'trashed = false', `(${syncedTypes()})`].filter((clause) => clause !== '').join(' and ');
    const listing: DriveListing = { ...scope, q };
    return { ...listing, id: listingId(listing) };
  });
}

/** The listing narrowed to files modified after `since`. */
export function changedSince(listing: DriveListing, since: string | null): DriveListing {
  return since === null ? listing : { ...listing, q: `${listing.q} and modifiedTime > ${quoted(since)}` };
}

/** The configured folders and every folder below them, sorted so that the queries built from them are stable. */
async function folderTree(client: GoogleDriveClient, roots: readonly string[]): Promise<string[]> {
  for (const root of roots) {
    await checkFolder(client, root);
  }
  const found = new Set(roots);
  let frontier = [...found];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const group of chunks(frontier, FOLDERS_PER_QUERY)) {
      const listing: DriveListing = { q: `${inParents(group)} and mimeType = ${quoted(FOLDER_MIME_TYPE)} and trashed = false`, corpora: 'allDrives' };
      let pageToken: string | undefined;
      do {
        const page = await client.listIds(listing, pageToken);
        for (const id of page.files.filter((folder) => !found.has(folder))) {
          found.add(id);
          next.push(id);
        }
        pageToken = page.nextPageToken;
      } while (pageToken);
    }
    frontier = next;
  }
  return [...found].sort();
}

/** A folder that cannot be read must fail the sync: listing it as empty would remove every document found in it before. */
async function checkFolder(client: GoogleDriveClient, folderId: string): Promise<void> {
  const unreadable = `Google Drive folder ${folderId} was not found, or is not shared with the connected account`;
  let folder: Awaited<ReturnType<GoogleDriveClient['getFile']>>;
  try {
    folder = await client.getFile(folderId);
  } catch (error) {
    if (error instanceof ProviderCallError && error.failure.kind === 'not_found') {
      throw new ProviderCallError({ kind: 'fatal', message: unreadable }, { cause: error });
    }
    throw error;
  }
  if (folder.trashed) {
    throw new ProviderCallError({ kind: 'fatal', message: `Google Drive folder ${folderId} is in the trash` });
  }
  if (folder.mimeType !== FOLDER_MIME_TYPE) {
    throw new ProviderCallError({ kind: 'fatal', message: `${folderId} is a Google Drive file, not a folder` });
  }
}

function syncedTypes(): string {
  return [...Object.keys(EXPORTED_TYPES), ...DOWNLOADED_TYPES].map((type) => `mimeType = ${quoted(type)}`).join(' or ');
}

const inParents = (folderIds: readonly string[]): string => `(${folderIds.map((id) => `${quoted(id)} in parents`).join(' or ')})`;

const quoted = (value: string): string => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function listingId(listing: DriveListing): string {
  return createHash('sha256')
    .update(JSON.stringify([listing.corpora, listing.driveId ?? null, listing.q]))
    .digest('base64url')
    .slice(0, 22);
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    groups.push(items.slice(start, start + size));
  }
  return groups;
}
