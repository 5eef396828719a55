import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { ensurePrivateFolder, PRIVATE_FOLDER_MODE } from '#src/common/files/private-folder.js';

/**
 * Uploaded originals on the local disk under UPLOAD_DIR/<organization>/<data source>/<file id>. Paths are
 * built only from generated ids, never from client-supplied names; the folder is the service's user's alone.
 */
@Injectable()
export class FileStorageService {
  private readonly root: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.root = resolve(config.uploadDir);
    ensurePrivateFolder(this.root);
  }

  /** Moves an upload from its temporary path into place; answers its storage path and SHA-256. */
  async keep(temporaryPath: string, orgId: string, dataSourceId: string, fileId: string): Promise<{ storagePath: string; sha256: string }> {
    const sha256 = await this.digest(temporaryPath);
    const target = this.absolute(join(orgId, dataSourceId, fileId));
    await mkdir(dirname(target), { recursive: true, mode: PRIVATE_FOLDER_MODE });
    await rename(temporaryPath, target);
    return { storagePath: relative(this.root, target), sha256 };
  }

  async read(storagePath: string): Promise<Buffer> {
    try {
      return await readFile(this.absolute(storagePath));
    } catch (error) {
      // Seen when the worker's UPLOAD_DIR is not the api's: said so, without the server's paths.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new Error('The uploaded file is not in the UPLOAD_DIR of the process syncing it: every api and worker process must share that folder', {
          cause: error,
        });
      }
      throw error;
    }
  }

  async remove(storagePath: string): Promise<void> {
    await rm(this.absolute(storagePath), { force: true });
  }

  async removeSource(orgId: string, dataSourceId: string): Promise<void> {
    await rm(this.absolute(join(orgId, dataSourceId)), { recursive: true, force: true });
  }

  /** Where multer writes uploads before they are checked. */
  temporaryDir(): string {
    return join(this.root, '.incoming');
  }

  private absolute(path: string): string {
    const absolute = resolve(this.root, path);
    if (!absolute.startsWith(`${this.root}/`)) {
      throw new Error(`Refusing a storage path outside the upload folder: ${path}`);
    }
    return absolute;
  }

  private async digest(path: string): Promise<string> {
    const hash = createHash('sha256');
    await pipeline(createReadStream(path), hash);
    return hash.digest('hex');
  }
}
