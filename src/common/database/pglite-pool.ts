import { EventEmitter } from 'node:events';
import { PGlite, types, type PGliteOptions, type Results } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite/vector';
import { claimDataDir } from '#src/common/database/data-dir-claim.js';

type ConnectCallback = (error: Error | null, connection: PGliteConnection | null, release: (error?: unknown) => void) => void;

type QueryCallback = (error: Error | null, result: PgStyleResult | null) => void;

interface PgStyleResult {
  rows: unknown[];
  rowCount: number;
  command: string;
}

/** A FIFO mutex: PGlite has a single session, so a connection checked out by TypeORM must be exclusive. */
class Mutex {
  private locked = false;
  private readonly waiters: Array<() => void> = [];

  async acquire(): Promise<() => void> {
    if (this.locked) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    this.locked = true;
    let released = false;
    return () => {
      if (released) {
        return;
      }
      released = true;
      const next = this.waiters.shift();
      if (next) {
        next();
      } else {
        this.locked = false;
      }
    };
  }
}

class PGliteConnection extends EventEmitter {
  constructor(private readonly db: PGlite) {
    super();
  }

  /** pg's client contract: promise style, or node-style callback (TypeORM uses both). */
  query(sql: string, parameters?: unknown[] | QueryCallback, callback?: QueryCallback): Promise<PgStyleResult> {
    const [values, done] = typeof parameters === 'function' ? [undefined, parameters] : [parameters, callback];
    const result = this.run(sql, values);
    if (done) {
      result.then(
        (rows) => done(null, rows),
        (error: Error) => done(error, null),
      );
    }
    return result;
  }

  private async run(sql: string, parameters: unknown[] | undefined): Promise<PgStyleResult> {
    const result: Results =
      parameters !== undefined && parameters.length > 0
        ? await this.db.query(sql, parameters)
        : ((await this.db.exec(sql)).at(-1) ?? { rows: [], fields: [], affectedRows: 0 });
    return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length, command: commandOf(sql) };
  }
}

function commandOf(sql: string): string {
  const match = /^\s*(?:--[^\n]*\n\s*)*([A-Za-z]+)/.exec(sql);
  return match ? match[1].toUpperCase() : '';
}

/**
 * A pg.Pool look-alike over one embedded PGlite database, handed to TypeORM's postgres driver.
 *
 * Unlike a pool that shares its single connection between query runners, every checkout here holds the
 * session exclusively until TypeORM releases it, so a transaction never absorbs statements issued by
 * concurrent requests. Code inside a transaction must use the transaction's EntityManager: a second
 * checkout from within it waits for the first to end.
 */
export function createPGlitePoolClass(dataDir: string | undefined, startFrom?: Blob): new () => EventEmitter {
  let instance: Promise<PGlite> | undefined;
  let closing: Promise<void> | undefined;
  const mutex = new Mutex();
  const options: PGliteOptions = {
    dataDir,
    loadDataDir: dataDir === undefined ? startFrom : undefined,
    extensions: { vector },
    parsers: { [types.INT8]: (value: string) => Number(value) },
  };
  let release: (() => void) | undefined;
  const open = (): Promise<PGlite> =>
    (instance ??= (async () => {
      release = dataDir === undefined ? undefined : claimDataDir(dataDir);
      return PGlite.create(options);
    })());

  return class PGlitePool extends EventEmitter {
    constructor() {
      super();
    }

    connect(callback: ConnectCallback): void {
      open()
        .then(async (db) => {
          const release = await mutex.acquire();
          callback(null, new PGliteConnection(db), release);
        })
        .catch((error: Error) => callback(error, null, () => undefined));
    }

    /** `pool.query(text, values)` or `pool.query({ text, values })`, as pg.Pool takes them; statement names are ignored. */
    async query(sqlOrConfig: string | { text: string; values?: unknown[] }, parameters?: unknown[]): Promise<PgStyleResult> {
      const [sql, values] = typeof sqlOrConfig === 'string' ? [sqlOrConfig, parameters] : [sqlOrConfig.text, sqlOrConfig.values];
      const db = await open();
      const release = await mutex.acquire();
      try {
        return await new PGliteConnection(db).query(sql, values);
      } finally {
        release();
      }
    }

    end(callback?: (error: Error | null) => void): Promise<void> {
      closing ??= (async () => {
        if (instance) {
          const db = await instance;
          if (!db.closed) {
            await db.close();
          }
        }
        release?.();
      })();
      return closing.then(
        () => callback?.(null),
        (error: Error) => callback?.(error),
      );
    }
  };
}

/** The module TypeORM expects in place of `pg`: only `Pool` is used. */
export function pgliteDriverModule(dataDir: string | undefined, startFrom?: Blob): { Pool: new () => EventEmitter } {
  return { Pool: createPGlitePoolClass(dataDir, startFrom) };
}
