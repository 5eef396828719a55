import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildDataSourceOptions } from '#src/common/database/data-source.js';
import { ensurePrivateFolder } from '#src/common/files/private-folder.js';

describe('ensurePrivateFolder', () => {
  let base: string;
  const modeOf = (path: string): number => statSync(path).mode & 0o777;

  beforeEach(() => {
    base = mkdtempSync(join(tmpdir(), 'aqs-private-'));
  });

  afterEach(() => {
    rmSync(base, { recursive: true, force: true });
  });

  it('should create a folder and its missing parents for the service\u2019s user alone', () => {
    const folder = join(base, 'a', 'b');
    ensurePrivateFolder(folder);
    expect(modeOf(join(base, 'a'))).toBe(0o700);
    expect(modeOf(folder)).toBe(0o700);
  });

  it('should close a folder an earlier start left open to other users, and leave a private one as it is', () => {
    const open = join(base, 'open');
    mkdirSync(open);
    chmodSync(open, 0o775);
    ensurePrivateFolder(open);
    expect(modeOf(open)).toBe(0o700);
    const readOnly = join(base, 'read-only');
    mkdirSync(readOnly);
    chmodSync(readOnly, 0o500);
    ensurePrivateFolder(readOnly);
    expect(modeOf(readOnly)).toBe(0o500);
  });

  it('should keep the embedded database in such a folder', () => {
    const dataDir = join(base, 'pgdata');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    buildDataSourceOptions({ kind: 'pglite', dataDir });
    expect(modeOf(dataDir)).toBe(0o700);
  });
});
