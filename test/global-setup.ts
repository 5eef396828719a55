import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { TestProject } from 'vitest/node';
import { adminQuery, SERVER_URL, withDatabase } from '#test/utils/test-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string | undefined;
    /** Where the fuzz files claim operations, so that each is fuzzed by one of them (test/utils/fuzz/suite.ts). */
    fuzzClaims: string;
  }
}

/**
 * Builds dist/ once (subprocess tests run the real entry points), makes the fuzz files' claim folder and,
 * against a PostgreSQL server, prepares a migrated template database, private to this run, that every test
 * file copies.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  execFileSync('npx', ['swc', 'src', 'bench', 'ormconfig.ts', '-d', 'dist', '--config-file', '.swcrc', '--quiet'], { stdio: 'inherit' });
  const fuzzClaims = mkdtempSync(join(tmpdir(), 'aqs-fuzz-claims-'));
  project.provide('fuzzClaims', fuzzClaims);
  const removeClaims = (): void => rmSync(fuzzClaims, { recursive: true, force: true });
  if (!SERVER_URL) {
    project.provide('templateDatabase', undefined);
    return async () => removeClaims();
  }
  Logger.overrideLogger(['error', 'warn']);
  const { openDataSource } = await import('#src/common/database/data-source.js');
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
