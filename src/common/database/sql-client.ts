import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Tx } from '#src/common/database/transaction.js';

interface QueryConfig {
  text: string;
  values: unknown[];
  /** A prepared-statement name: PostgreSQL parses and plans the statement once per connection. */
  name?: string;
}

/** Both pg.Pool and the embedded PGlite pool answer this. */
interface PoolLike {
  query(config: QueryConfig): Promise<{ rows: unknown[] }>;
}

/**
 * Plain parameterised SQL straight on the connection pool, for the read paths every request takes.
 * TypeORM's own `query()` builds a query runner, a broadcaster and a log call per statement, which
 * measured as much as the statement itself; here a statement is a single pool call, prepared once per
 * connection. Inside a transaction the statement goes through the transaction's EntityManager.
 */
@Injectable()
export class SqlClient {
  private readonly names = new Map<string, string>();

  constructor(private readonly dataSource: DataSource) {}

  async query<T>(text: string, values: unknown[], tx?: Tx): Promise<T[]> {
    if (tx) {
      return tx.manager.query<T[]>(text, values);
    }
    const pool = (this.dataSource.driver as unknown as { master: PoolLike }).master;
    const result = await pool.query({ text, values, name: this.nameOf(text) });
    return result.rows as T[];
  }

  private nameOf(text: string): string {
    let name = this.names.get(text);
    if (!name) {
      name = `aqs_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      this.names.set(text, name);
    }
    return name;
  }
}
