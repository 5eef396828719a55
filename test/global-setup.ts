import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite/vector';
import { Logger } from '@nestjs/common';
import type { TestProject } from 'vitest/node';
import { adminQuery, SERVER_URL, withDatabase } from '#test/utils/test-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string | undefined;
    /** On the embedded default, the file holding a migrated PGlite data directory every application starts from. */
    embeddedTemplate: string | undefined;
    /** Where the fuzz files claim operations, so that each is fuzzed by one of them (test/utils/fuzz/suite.ts). */
    fuzzClaims: string;
  }
}

/**
 * Builds dist/ once (subprocess tests run the real entry points), makes the fuzz files' claim folder and
 * a migrated template, private to this run, that every test's database starts from: a database on the
 * PostgreSQL server, or on the embedded default a dumped PGlite data directory (an empty in-memory PGlite
 * takes some 5 s to create its cluster, and the embedded pass creates hundreds).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  execFileSync('npx', ['swc', 'src', 'bench', 'ormconfig.ts', '-d', 'dist', '--config-file', '.swcrc', '--quiet'], { stdio: 'inherit' });
  const fuzzClaims = mkdtempSync(join(tmpdir(), 'aqs-fuzz-claims-'));
  project.provide('fuzzClaims', fuzzClaims);
  const removeClaims = (): void => rmSync(fuzzClaims, { recursive: true, force: true });
  Logger.overrideLogger(['error', 'warn']);
  const { openDataSource } = await import('#src/common/database/data-source.js');
  if (!SERVER_URL) {
    const folder = mkdtempSync(join(tmpdir(), 'aqs-embedded-template-'));
    const dataDir = join(folder, 'pgdata');
    const dataSource = await openDataSource({ database: { kind: 'pglite', dataDir }, migrationsRun: true });
    await dataSource.destroy();
    const template = join(folder, 'pgdata.tar');
    writeFileSync(template, Buffer.from(await (await dumpDataDir(dataDir)).arrayBuffer()));
    project.provide('templateDatabase', undefined);
    project.provide('embeddedTemplate', template);
    return async () => {
      removeClaims();
      rmSync(folder, { recursive: true, force: true });
    };
  }
  project.provide('embeddedTemplate', undefined);
  const template = `aqs_template_${process.pid}`;
  await adminQuery(SERVER_URL, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
  await adminQuery(SERVER_URL, `CREATE DATABASE "${template}"`);
  const dataSource = await openDataSource({ database: { kind: 'postgres', url: withDatabase(SERVER_URL, template), poolSize: 2 }, migrationsRun: true });
  await dataSource.destroy();
  project.provide('templateDatabase', template);
  return async () => {
    removeClaims();
    await adminQuery(SERVER_URL!, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
  };
}

/** The data directory as PGlite loads it (`loadDataDir`): a tar, left uncompressed. */
async function dumpDataDir(dataDir: string): Promise<Blob> {
  const db = await PGlite.create({ dataDir, extensions: { vector } });
  try {
    return await db.dumpDataDir('none');
  } finally {
    await db.close();
  }
}
