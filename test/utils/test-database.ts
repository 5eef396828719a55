import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';

/** The database the suite runs against: the server in DATABASE_URL, or embedded PGlite when it is unset. */
export const SERVER_URL = process.env.DATABASE_URL;
export const REDIS_URL = process.env.REDIS_URL;

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database for one test file, copied from the migrated template the global setup made;
 * on the embedded default, `undefined` (an in-memory PGlite per app).
 */
export async function createTestDatabase(): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  if (!SERVER_URL) {
    return { url: undefined, drop: async () => undefined };
  }
  const name = `aqs_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(SERVER_URL, `CREATE DATABASE "${name}" TEMPLATE "${inject('templateDatabase')}"`);
  return { url: withDatabase(SERVER_URL, name), drop: () => adminQuery(SERVER_URL, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

let embeddedTemplate: Blob | undefined;

/** The migrated PGlite data directory an in-memory test database starts from (read once per worker). */
export function embeddedTemplateData(): Blob | undefined {
  const file = inject('embeddedTemplate');
  if (file === undefined) {
    return undefined;
  }
  embeddedTemplate ??= new Blob([readFileSync(file)]);
  return embeddedTemplate;
}
