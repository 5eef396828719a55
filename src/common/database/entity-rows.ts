import type { DataSource, EntityTarget, ObjectLiteral, ValueTransformer } from 'typeorm';
import type { SqlClient } from '#src/common/database/sql-client.js';
import type { Tx } from '#src/common/database/transaction.js';
import type { Page } from '#src/common/validation/validators.js';

interface ColumnMapping {
  property: string;
  column: string;
  transformer: ValueTransformer | undefined;
}

const quote = (identifier: string): string => `"${identifier.replace(/"/g, '""')}"`;

/**
 * Plain SQL reads of one entity's table, mapped onto entity instances with the entity's own column
 * metadata (names and transformers), computed once.
 *
 * The hot read paths (agent reads, every list) use this instead of TypeORM's find methods, whose
 * per-query metadata work and hydration cost about half a millisecond each, measured: more than the
 * query itself. Writes stay with TypeORM.
 */
export class EntityRows<T extends ObjectLiteral> {
  readonly table: string;
  /** The select list, every column of the entity. */
  readonly columns: string;
  private readonly mappings: ColumnMapping[];
  private readonly create: () => T;

  constructor(
    private readonly sql: SqlClient,
    dataSource: DataSource,
    entity: EntityTarget<T>,
  ) {
    const metadata = dataSource.getMetadata(entity);
    this.table = quote(metadata.tableName);
    // Columns marked `select: false` (password and key hashes) are never read through here.
    this.mappings = metadata.columns
      .filter((column) => column.isSelect)
      .map((column) => ({
        property: column.propertyName,
        column: column.databaseName,
        transformer: Array.isArray(column.transformer) ? undefined : column.transformer,
      }));
    this.columns = this.mappings.map((mapping) => quote(mapping.column)).join(', ');
    this.create = () => metadata.create() as T;
  }

  map(row: Record<string, unknown>): T {
    const entity = this.create() as Record<string, unknown>;
    for (const { property, column, transformer } of this.mappings) {
      const value = row[column];
      entity[property] = transformer ? (transformer.from(value) as unknown) : value;
    }
    return entity as T;
  }

  async findOne(where: string, params: unknown[], tx?: Tx): Promise<T | null> {
    const rows = await this.sql.query<Record<string, unknown>>(`SELECT ${this.columns} FROM ${this.table} WHERE ${where} LIMIT 1`, params, tx);
    return rows[0] ? this.map(rows[0]) : null;
  }

  /**
   * One page and the total in a single round trip (a window count); only a page past the end needs a
   * second query for the total.
   */
  async page(query: { where: string; params: unknown[]; orderBy: string }, page: Page): Promise<{ items: T[]; total: number }> {
    const n = query.params.length;
    const rows = await this.sql.query<Record<string, unknown>>(
      `SELECT ${this.columns}, count(*) OVER () AS "__total" FROM ${this.table} WHERE ${query.where} ORDER BY ${query.orderBy} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...query.params, page.limit, page.offset],
    );
    if (rows.length > 0) {
      return { items: rows.map((row) => this.map(row)), total: Number(rows[0].__total) };
    }
    if (page.offset === 0) {
      return { items: [], total: 0 };
    }
    const [count] = await this.sql.query<{ total: number | string }>(`SELECT count(*) AS total FROM ${this.table} WHERE ${query.where}`, query.params);
    return { items: [], total: Number(count?.total ?? 0) };
  }
}
