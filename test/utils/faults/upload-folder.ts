import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { expect } from 'vitest';

/** A Markdown manual of about `bytes` bytes whose text is one short section: large on disk, one chunk once parsed. */
export function paddedManual(title: string, bytes: number): Buffer {
  const text = `# ${title}\n\nThe ${title} is calibrated with a torque wrench in four steps.\n`;
  return Buffer.from(text + '\n'.repeat(Math.max(0, bytes - text.length)));
}

interface StoredFile {
  name: string;
  size: string;
  sha256: string;
  storage_path: string;
}

/**
 * The upload folder against what the database says it holds: every file row's original is on disk whole (its
 * size and SHA-256), nothing else is (no partial file, no orphan, nothing left over from an upload), and each
 * document of the source is one of those files. Answers the files' names.
 */
export async function expectUploadsConsistent(db: DataSource, uploadDir: string, dataSourceId: string): Promise<string[]> {
  const rows = await db.query<StoredFile[]>('SELECT name, size, sha256, storage_path FROM source_file WHERE data_source_id = $1 ORDER BY name', [dataSourceId]);
  for (const row of rows) {
    const bytes = await readFile(join(uploadDir, row.storage_path));
    expect({ name: row.name, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') }).toEqual({
      name: row.name,
      size: Number(row.size),
      sha256: row.sha256,
    });
  }
  const onDisk = (await readdir(uploadDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  expect(onDisk.map((entry) => join(entry.parentPath, entry.name)).sort()).toEqual(rows.map((row) => join(uploadDir, row.storage_path)).sort());
  const documents = await db.query<Array<{ key: string }>>('SELECT key FROM document WHERE data_source_id = $1 ORDER BY key', [dataSourceId]);
  expect(documents.map((document) => document.key)).toEqual(rows.map((row) => row.name));
  return rows.map((row) => row.name);
}
