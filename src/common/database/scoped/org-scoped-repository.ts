import type { DataSource, EntityTarget, ObjectLiteral, Repository } from 'typeorm';
import { EntityRows } from '#src/common/database/entity-rows.js';
import { EVERY_ROW, identifier, join, sql, SqlFragment } from '#src/common/database/scoped/sql-fragment.js';
import type { SqlClient } from '#src/common/database/sql-client.js';
import type { Tx } from '#src/common/database/transaction.js';
import type { Page } from '#src/common/validation/validators.js';

/** A row that belongs to one organization. */
export interface OrgOwned extends ObjectLiteral {
  id: string;
  orgId: string;
}

/** A row that belongs to one organization, identified by its `K` column: `id`, or another for the few tables keyed otherwise. */
export type OrgKeyed<K extends string = 'id'> = ObjectLiteral & { orgId: string } & { [P in K]: string };

/** What may change on a row: never its id (its key) or its organization. */
export type RowChanges<T extends OrgKeyed<K>, K extends string = 'id'> = Partial<Omit<T, K | 'orgId'>>;

/** Changes where a value may also be an SQL expression, such as sql`now()` for the database's clock. */
export type ColumnChanges<T extends OrgKeyed<K>, K extends string = 'id'> = { [P in keyof RowChanges<T, K>]?: RowChanges<T, K>[P] | SqlFragment };

export class CrossOrganizationWriteError extends Error {
  constructor(table: string) {
    super(`A ${table} row was written for an organization other than its own`);
  }
}

/**
 * Every read and write of an organization's rows, scoped by construction: each method takes the
 * organization id first and adds `org_id = $1` itself, conditions are `sql` fragments (never strings),
 * and a row is saved by its organization and id together, so no call can read or change another
 * organization's row by knowing its id. A table keyed by another column than `id` names it (`key`): the
 * `...ById` methods, save, update and delete then go by that column.
 */
export class OrgScopedRepository<T extends OrgKeyed<K>, K extends string = 'id'> {
  protected readonly rows: EntityRows<T>;
  private readonly keyColumn: string;
  private readonly keyIdentifier: SqlFragment;

  constructor(
    protected readonly dataSource: DataSource,
    protected readonly sqlClient: SqlClient,
    private readonly entity: EntityTarget<T>,
    private readonly key: K = 'id' as K,
  ) {
    this.rows = new EntityRows(sqlClient, dataSource, entity);
    const column = dataSource.getMetadata(entity).findColumnWithPropertyName(key);
    if (!column) {
      throw new Error(`${this.rows.table} has no column ${key}`);
    }
    this.keyColumn = quoted(column.databaseName);
    this.keyIdentifier = identifier(column.databaseName);
  }

  findById(orgId: string, id: string, tx?: Tx): Promise<T | null> {
    return this.findOne(orgId, this.byKey(id), tx);
  }

  findOne(orgId: string, where: SqlFragment, tx?: Tx): Promise<T | null> {
    const { text, params } = this.scoped(orgId, where);
    return this.rows.findOne(text, params, tx);
  }

  /** Locks the row until the transaction ends (`FOR UPDATE`). */
  async lockById(orgId: string, id: string, tx: Tx): Promise<T | null> {
    const { text, params } = this.scoped(orgId, this.byKey(id));
    const rows = await this.sqlClient.query<Record<string, unknown>>(
      `SELECT ${this.rows.columns} FROM ${this.rows.table} WHERE ${text} FOR UPDATE`,
      params,
      tx,
    );
    return rows[0] ? this.rows.map(rows[0]) : null;
  }

  /**
   * Which of `ids` exist, their rows share-locked until the transaction ends (`FOR SHARE`): a row another
   * row is about to name cannot be deleted meanwhile, and one being deleted is waited for and then absent.
   */
  async lockSharedIds(orgId: string, ids: readonly string[], tx: Tx): Promise<Set<string>> {
    if (ids.length === 0) {
      return new Set();
    }
    const { text, params } = this.scoped(orgId, sql`${this.keyIdentifier} = ANY(${[...ids]}::varchar[])`);
    const rows = await this.sqlClient.query<{ key: string }>(
      `SELECT ${this.keyColumn} AS key FROM ${this.rows.table} WHERE ${text} ORDER BY ${this.keyColumn} FOR SHARE`,
      params,
      tx,
    );
    return new Set(rows.map((row) => row.key));
  }

  async findMany(orgId: string, where: SqlFragment, options: { orderBy: SqlFragment; limit?: number }, tx?: Tx): Promise<T[]> {
    const limit = options.limit === undefined ? sql`` : sql` LIMIT ${options.limit}`;
    const { text, params } = sql`${this.scopedCondition(orgId, where)} ORDER BY ${options.orderBy}${limit}`.render();
    const rows = await this.sqlClient.query<Record<string, unknown>>(`SELECT ${this.rows.columns} FROM ${this.rows.table} WHERE ${text}`, params, tx);
    return rows.map((row) => this.rows.map(row));
  }

  page(orgId: string, where: SqlFragment, orderBy: SqlFragment, page: Page): Promise<{ items: T[]; total: number }> {
    const condition = this.scoped(orgId, where);
    const order = orderBy.render();
    if (order.params.length > 0) {
      throw new Error('An ORDER BY of a page takes no parameters');
    }
    return this.rows.page({ where: condition.text, params: condition.params, orderBy: order.text }, page);
  }

  async count(orgId: string, where: SqlFragment = EVERY_ROW, tx?: Tx): Promise<number> {
    const { text, params } = this.scoped(orgId, where);
    const [row] = await this.sqlClient.query<{ count: string | number }>(`SELECT count(*) AS count FROM ${this.rows.table} WHERE ${text}`, params, tx);
    return Number(row?.count ?? 0);
  }

  async insert(orgId: string, row: T, tx?: Tx): Promise<T> {
    this.assertOwned(orgId, row);
    await this.repository(tx).insert(row);
    return row;
  }

  /**
   * Writes every column of `row` back, matched by organization and id (a row that is not there is an
   * error), and stamps its update time.
   */
  async save(orgId: string, row: T, tx: Tx): Promise<T> {
    this.assertOwned(orgId, row);
    const metadata = this.dataSource.getMetadata(this.entity);
    const updatedAt = metadata.updateDateColumn?.propertyName;
    if (updatedAt) {
      (row as Record<string, unknown>)[updatedAt] = new Date();
    }
    const changes: Record<string, unknown> = { ...row };
    delete changes[this.key];
    delete changes.orgId;
    const createdAt = metadata.createDateColumn?.propertyName;
    if (createdAt) {
      delete changes[createdAt];
    }
    if (!(await this.update(orgId, row[this.key], changes as RowChanges<T, K>, tx))) {
      throw new Error(`${this.rows.table} ${row[this.key]} is not in the organization`);
    }
    return row;
  }

  async update(orgId: string, id: string, changes: RowChanges<T, K>, tx?: Tx): Promise<boolean> {
    const result = await this.repository(tx).update({ orgId, [this.key]: id } as never, this.columnsOnly(changes) as never);
    return (result.affected ?? 0) > 0;
  }

  /**
   * Changes the organization's rows that match `where` and answers how many changed: a conditional write
   * (`ended_at IS NULL`, `revoked_at IS NULL`) that tells whether this call made it. Values are written as
   * TypeORM writes them (transformers, JSON); the update-date column is stamped as TypeORM's update does.
   */
  async updateWhere(orgId: string, where: SqlFragment, changes: ColumnChanges<T, K>, tx?: Tx): Promise<number> {
    const metadata = this.dataSource.getMetadata(this.entity);
    const assignments: SqlFragment[] = [];
    for (const [property, value] of Object.entries(changes)) {
      const column = metadata.findColumnWithPropertyName(property);
      if (!column || column.propertyName === this.key || column.propertyName === 'orgId') {
        throw new Error(`${this.rows.table} has no column ${property} that can change`);
      }
      if (value !== undefined) {
        const written = SqlFragment.isFragment(value) ? value : (this.dataSource.driver.preparePersistentValue(value, column) as unknown);
        assignments.push(sql`${identifier(column.databaseName)} = ${written}`);
      }
    }
    if (assignments.length === 0) {
      throw new Error(`An update of ${this.rows.table} needs at least one value`);
    }
    const updatedAt = metadata.updateDateColumn;
    if (updatedAt && (changes as Record<string, unknown>)[updatedAt.propertyName] === undefined) {
      assignments.push(sql`${identifier(updatedAt.databaseName)} = CURRENT_TIMESTAMP`);
    }
    const { text, params } = sql`${join(assignments, ', ')} WHERE ${this.scopedCondition(orgId, where)}`.render();
    // As a SELECT, so that the rows come back in the same shape inside and outside a transaction.
    const rows = await this.sqlClient.query<{ id: string }>(
      `WITH changed AS (UPDATE ${this.rows.table} SET ${text} RETURNING ${this.keyColumn} AS id) SELECT id FROM changed`,
      params,
      tx,
    );
    return rows.length;
  }

  async delete(orgId: string, id: string, tx?: Tx): Promise<boolean> {
    return (await this.deleteWhere(orgId, this.byKey(id), tx)) > 0;
  }

  async deleteWhere(orgId: string, where: SqlFragment, tx?: Tx): Promise<number> {
    const { text, params } = this.scoped(orgId, where);
    // As a SELECT, so that the rows come back in the same shape inside and outside a transaction.
    const rows = await this.sqlClient.query<{ id: string }>(
      `WITH deleted AS (DELETE FROM ${this.rows.table} WHERE ${text} RETURNING ${this.keyColumn} AS id) SELECT id FROM deleted`,
      params,
      tx,
    );
    return rows.length;
  }

  /**
   * A read not confined to one organization, for the two callers that have none yet: an authenticator
   * looking up the credential that will name the organization, and a worker serving every organization.
   * Protected, so that each such read is a named method of the repository that owns the table.
   */
  protected async findAcrossOrganizations(where: SqlFragment, options: { orderBy?: SqlFragment; limit?: number; lock?: boolean } = {}, tx?: Tx): Promise<T[]> {
    const order = options.orderBy ? sql` ORDER BY ${options.orderBy}` : sql``;
    const limit = options.limit === undefined ? sql`` : sql` LIMIT ${options.limit}`;
    const lock = options.lock ? sql` FOR UPDATE SKIP LOCKED` : sql``;
    const { text, params } = sql`${where}${order}${limit}${lock}`.render();
    const rows = await this.sqlClient.query<Record<string, unknown>>(`SELECT ${this.rows.columns} FROM ${this.rows.table} WHERE ${text}`, params, tx);
    return rows.map((row) => this.rows.map(row));
  }

  /** `org_id = $1 AND (where)`, with the fragment's parameters after the organization's. */
  protected scoped(orgId: string, where: SqlFragment): { text: string; params: unknown[] } {
    return this.scopedCondition(orgId, where).render();
  }

  protected scopedCondition(orgId: string, where: SqlFragment): SqlFragment {
    return sql`org_id = ${orgId} AND (${where})`;
  }

  protected repository(tx?: Tx): Repository<T> {
    return (tx?.manager ?? this.dataSource.manager).getRepository(this.entity);
  }

  /** `<key column> = $n`: the column's name comes from the entity's metadata, never from a caller. */
  private byKey(id: string): SqlFragment {
    return sql`${this.keyIdentifier} = ${id}`;
  }

  private assertOwned(orgId: string, row: T): void {
    if (row.orgId !== orgId) {
      throw new CrossOrganizationWriteError(this.rows.table);
    }
  }

  /** Relations loaded on an entity are not columns: TypeORM's update() refuses them. */
  private columnsOnly(changes: RowChanges<T, K>): Record<string, unknown> {
    const columns = new Set(this.dataSource.getMetadata(this.entity).columns.map((column) => column.propertyName));
    return Object.fromEntries(Object.entries(changes).filter(([key, value]) => columns.has(key) && value !== undefined));
  }
}

function quoted(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}
