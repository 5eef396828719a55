import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { GlobalRepository } from '#src/common/database/scoped/global-repository.js';
import { sql } from '#src/common/database/scoped/sql-fragment.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import type { Tx } from '#src/common/database/transaction.js';
import { OrganizationEntity } from '#src/modules/organizations/organization.entity.js';

/** Arbitrary, fixed: the advisory lock under which a first start looks for organizations. */
const FIRST_START_LOCK_ID = 7_253_001;

/** The organizations themselves: each row is its own scope, read and written by its id. */
@Injectable()
export class OrganizationsRepository extends GlobalRepository<OrganizationEntity> {
  constructor(dataSource: DataSource, sqlClient: SqlClient) {
    super(dataSource, sqlClient, OrganizationEntity);
  }

  insert(organization: OrganizationEntity, tx?: Tx): Promise<OrganizationEntity> {
    return this.repository(tx).save(organization);
  }

  findById(id: string, tx?: Tx): Promise<OrganizationEntity | null> {
    return this.findOne(sql`id = ${id}`, tx);
  }

  /** Locks the row until the transaction ends, so concurrent changes of one organization's settings serialise. */
  async findByIdForUpdate(id: string, tx: Tx): Promise<OrganizationEntity | null> {
    const rows = await this.sqlClient.query<Record<string, unknown>>(`SELECT ${this.rows.columns} FROM ${this.rows.table} WHERE id = $1 FOR UPDATE`, [id], tx);
    return rows[0] ? this.rows.map(rows[0]) : null;
  }

  /** Writes the columns that changed since the row was read; the update time moves only when one did. */
  save(organization: OrganizationEntity, tx?: Tx): Promise<OrganizationEntity> {
    return this.repository(tx).save(organization);
  }

  /**
   * Counts the organizations once every other instance starting at this moment has done the same (an
   * advisory lock held until the transaction ends), so that one of them, not each, finds none.
   */
  async countExclusively(tx: Tx): Promise<number> {
    await this.sqlClient.query('SELECT pg_advisory_xact_lock($1)', [FIRST_START_LOCK_ID], tx);
    return this.count(tx);
  }

  async count(tx?: Tx): Promise<number> {
    const [row] = await this.execute<{ count: string | number }>(sql`SELECT count(*) AS count FROM organization`, tx);
    return Number(row?.count ?? 0);
  }
}
