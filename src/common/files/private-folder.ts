import { chmodSync, mkdirSync, statSync } from 'node:fs';

/** Folders holding organizations' data (the embedded database, uploaded originals): the service's user only. */
export const PRIVATE_FOLDER_MODE = 0o700;
/** Files written there: read and written by the service's user only. */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates `path` (and any missing parent) for the service's user alone, and takes back what a folder made
 * before allowed its group and everyone else: under the usual umask a folder is readable by every user of
 * the machine, and these hold every organization's documents and database.
 */
export function ensurePrivateFolder(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const mode = statSync(path).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    chmodSync(path, mode & PRIVATE_FOLDER_MODE);
  }
}
