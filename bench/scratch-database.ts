import pg from 'pg';
import { withDatabase } from '#bench/bench-options.js';

export interface ScratchDatabase {
  /** The server's URL, naming the scratch database. */
  url: string;
  /** Drops the database, closing whatever connections are still open on it. */
  drop: () => Promise<void>;
}

/** Creates an empty database named `name` on the PostgreSQL server `serverUrl` names. */
export async function createScratchDatabase(serverUrl: string, name: string): Promise<ScratchDatabase> {
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  return {
    url: withDatabase(serverUrl, name),
    drop: () => onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

async function onServer(serverUrl: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
