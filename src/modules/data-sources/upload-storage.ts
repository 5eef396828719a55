import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { StorageEngine } from 'multer';
import { ensurePrivateFolder, PRIVATE_FILE_MODE } from '#src/common/files/private-folder.js';

/**
 * Where uploads are written before they are checked: as multer's disk engine, but a file whose writing fails
 * (the disk full half-way, the client gone) is removed at once rather than left half-written in the folder.
 */
export function temporaryUploads(folder: string): StorageEngine {
  ensurePrivateFolder(folder);
  return {
    _handleFile(_request, file, done) {
      const filename = randomBytes(16).toString('hex');
      const path = join(folder, filename);
      const out = createWriteStream(path, { mode: PRIVATE_FILE_MODE });
      pipeline(file.stream, out).then(
        () => done(null, { destination: folder, filename, path, size: out.bytesWritten }),
        (error: Error) => void rm(path, { force: true }).finally(() => done(error)),
      );
    },
    _removeFile(_request, file, done) {
      rm(file.path, { force: true }).then(
        () => done(null),
        (error: Error) => done(error),
      );
    },
  };
}
