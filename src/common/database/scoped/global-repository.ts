import type { DataSource, EntityTarget, ObjectLiteral, Repository } from 'typeorm';
import { EntityRows } from '#src/common/database/entity-rows.js';
import type { SqlFragment } from '#src/common/database/scoped/sql-fragment.js';
import type { SqlClient } from '#src/common/database/sql-client.js';
import type { Tx } from '#src/common/database/transaction.js';

/**
 * The few tables that belong to no organization (organizations themselves, sign-in throttling by
 * address, the OAuth server's and the SAML request store's own records). Everything else goes through
 * an OrgScopedRepository; this one is named so that reaching outside an organization is never an accident.
 */
export class GlobalRepository<T extends ObjectLiteral> {
  protected readonly rows: EntityRows<T>;

  constructor(
    protected readonly dataSource: DataSource,
    protected readonly sqlClient: SqlClient,
    private readonly entity: EntityTarget<T>,
  ) {
    this.rows = new EntityRows(sqlClient, dataSource, entity);
  }

  findOne(where: SqlFragment, tx?: Tx): Promise<T | null> {
    const { text, params } = where.render();
    return this.rows.findOne(text, params, tx);
  }

  async findMany(where: SqlFragment, tx?: Tx): Promise<T[]> {
    const { text, params } = where.render();
    const rows = await this.sqlClient.query<Record<string, unknown>>(`SELECT ${this.rows.columns} FROM ${this.rows.table} WHERE ${text}`, params, tx);
    return rows.map((row) => this.rows.map(row));
  }

  /** Runs a statement on this table; values only as fragment parameters. */
  async execute<R>(statement: SqlFragment, tx?: Tx): Promise<R[]> {
    const { text, params } = statement.render();
    return this.sqlClient.query<R>(text, params, tx);
  }

  protected repository(tx?: Tx): Repository<T> {
    return (tx?.manager ?? this.dataSource.manager).getRepository(this.entity);
  }
}
