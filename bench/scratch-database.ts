import pg from 'pg';
import { withDatabase } from '#bench/bench-options.js';

export interface ScratchDatabase {
  /** The server's URL, naming the scratch database. */
  url: string;
  /** Drops the database, closing whatever connections are still open on it. */
  drop: () => Promise<void>;
}

/**
 * Creates an empty database named `name` on the PostgreSQL server `serverUrl` names. A run stopped by
 * Ctrl-C or a SIGTERM drops it before exiting, rather than leaving a database of millions of rows behind.
 */
export async function createScratchDatabase(serverUrl: string, name: string): Promise<ScratchDatabase> {
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const drop = async (): Promise<void> => {
    process.off('SIGINT', interrupted).off('SIGTERM', interrupted);
    await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  };
  const interrupted = (signal: NodeJS.Signals): void => {
    process.stderr.write(`${signal}: dropping the scratch database ${name}\n`);
    void drop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
  return { url: withDatabase(serverUrl, name), drop };
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
