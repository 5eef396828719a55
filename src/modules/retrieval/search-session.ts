import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';

/** What both a pg.PoolClient and the embedded PGlite connection answer. */
interface RawConnection {
  query(textOrConfig: string | { text: string; values: unknown[]; name: string }, values?: unknown[]): Promise<{ rows: unknown[] }>;
  on(event: 'error', listener: (error: Error) => void): unknown;
  off(event: 'error', listener: (error: Error) => void): unknown;
}

type Release = (error?: unknown) => void;

/** Both pg.Pool and the embedded PGlite pool take `connect(callback)`. */
interface CallbackPool {
  connect(callback: (error: Error | null, connection: RawConnection | null, release: Release) => void): void;
}

/** A connection checked out for a few statements: prepared, parameterised statements and plain SQL. */
export interface SearchConnection {
  /** A parameterised statement, prepared once per connection on PostgreSQL. */
  query<T>(text: string, values: unknown[]): Promise<T[]>;
  /** Plain SQL without parameters; may hold several statements (simple query protocol). */
  exec(text: string): Promise<void>;
}

/**
 * Connections straight from the pool for the search statements, below TypeORM (as SqlClient does): a
 * search that needs session settings (`SET LOCAL hnsw.*` inside a transaction) runs BEGIN and the
 * settings as one plain round trip, then its prepared statement, then COMMIT, on one connection.
 */
@Injectable()
export class SearchSessions {
  private readonly names = new Map<string, string>();
  private readonly prepared: boolean;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    // PGlite ignores statement names; pg.Client needs the config object form to prepare.
    this.prepared = config.database.kind === 'postgres';
  }

  /** Runs `work` on one connection, outside any transaction unless `work` opens one. */
  async withConnection<T>(work: (connection: SearchConnection) => Promise<T>): Promise<T> {
    const pool = (this.dataSource.driver as unknown as { master: CallbackPool }).master;
    const [raw, release] = await new Promise<[RawConnection, Release]>((resolve, reject) => {
      pool.connect((error, connection, done) => (error || !connection ? reject(error ?? new Error('No connection')) : resolve([connection, done])));
    });
    const connection: SearchConnection = {
      query: async <T>(text: string, values: unknown[]): Promise<T[]> => {
        const result = this.prepared ? await raw.query({ text, values, name: this.nameOf(text) }) : await raw.query(text, values);
        return result.rows as T[];
      },
      exec: async (text: string): Promise<void> => {
        await raw.query(text);
      },
    };
    // A pg client whose connection breaks emits 'error' even while checked out: unheard, that event would end the process.
    let broken: Error | undefined;
    const onError = (error: Error): void => {
      broken = error;
    };
    raw.on('error', onError);
    const done = (error?: Error): void => {
      raw.off('error', onError);
      release(error);
    };
    try {
      const result = await work(connection);
      done(broken);
      return result;
    } catch (error) {
      // A connection whose state is unknown (a failed transaction) is discarded rather than reused.
      done(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
  }

  /** Runs `work` in a read-only transaction that first applies `settings` (trusted `SET LOCAL` statements). */
  async inTransaction<T>(settings: string[], work: (connection: SearchConnection) => Promise<T>): Promise<T> {
    return this.withConnection(async (connection) => {
      await connection.exec(['BEGIN READ ONLY', ...settings].join('; '));
      try {
        const result = await work(connection);
        await connection.exec('COMMIT');
        return result;
      } catch (error) {
        await connection.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
  }

  private nameOf(text: string): string {
    let name = this.names.get(text);
    if (!name) {
      name = `aqs_r_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      this.names.set(text, name);
    }
    return name;
  }
}
