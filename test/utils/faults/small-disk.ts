import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { statfs, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A real file system of a few hundred kilobytes (a tmpfs mounted on a fresh folder), so a test can fill
 * it up and see the service meet ENOSPC, then free it again. Mounting needs root (or CAP_SYS_ADMIN).
 */
export class SmallDisk {
  private readonly filler: string;

  private constructor(readonly path: string) {
    this.filler = join(path, 'filler.bin');
  }

  /** The mounted disk, or why it could not be mounted here. */
  static async mount(bytes: number): Promise<SmallDisk | { refused: string }> {
    const path = mkdtempSync(join(tmpdir(), 'aqs-small-disk-'));
    try {
      await run('mount', ['-t', 'tmpfs', '-o', `size=${bytes}`, 'tmpfs', path]);
    } catch (error) {
      rmSync(path, { recursive: true, force: true });
      return { refused: `mounting a tmpfs is not permitted here (${error instanceof Error ? error.message.trim() : String(error)})` };
    }
    return new SmallDisk(path);
  }

  async freeBytes(): Promise<number> {
    const stats = await statfs(this.path);
    return stats.bavail * stats.bsize;
  }

  /** Takes space with a file of its own until only `leaveBytes` (rounded to blocks) are free. */
  async fillLeaving(leaveBytes: number): Promise<void> {
    const take = (await this.freeBytes()) - leaveBytes;
    if (take > 0) {
      await writeFile(this.filler, Buffer.alloc(take));
    }
  }

  /** Removes the filler: the space is free again. */
  async release(): Promise<void> {
    await unlink(this.filler).catch(() => undefined);
  }

  async unmount(): Promise<void> {
    await run('umount', ['-l', this.path]).catch(() => undefined);
    rmSync(this.path, { recursive: true, force: true });
  }
}
