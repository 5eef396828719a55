import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { ConfigError } from '#src/config/config-error.js';

/**
 * Claims an embedded database folder for this process, through a file next to it holding the owner's pid.
 * PGlite is one process's database: a second process opening the same files (a CLI command while the api
 * runs) works on a copy of its own, and whichever writes last silently undoes the other's changes. A claim
 * whose process is gone (a crash leaves it behind) is taken over. Answers the release.
 */
export function claimDataDir(dataDir: string): () => void {
  const path = `${dataDir}.pid`;
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  for (;;) {
    try {
      const file = openSync(path, 'wx');
      writeSync(file, String(process.pid));
      closeSync(file);
      return () => releaseClaim(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw error;
      }
    }
    const owner = Number(readText(path));
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
      throw new ConfigError(
        `The embedded database in ${dataDir} is open in another process (pid ${owner}): stop that process first. ` +
          'The embedded database serves one process at a time; an api, workers and CLI commands running side by side need PostgreSQL (DATABASE_URL).',
      );
    }
    unlinkQuietly(path);
  }
}

function releaseClaim(path: string): void {
  if (readText(path) === String(process.pid)) {
    unlinkQuietly(path);
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return undefined;
  }
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone: another process took the stale claim over first.
  }
}
