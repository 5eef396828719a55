import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrgScopedRepository } from '#src/common/database/scoped/org-scoped-repository.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import type { Tx } from '#src/common/database/transaction.js';
import { ConnectorAuthorizationEntity } from '#src/modules/connectors/oauth/connector-authorization.entity.js';

/** Consents in progress, keyed by the hash of their `state`. */
@Injectable()
export class ConnectorAuthorizationsRepository extends OrgScopedRepository<ConnectorAuthorizationEntity, 'stateHash'> {
  constructor(dataSource: DataSource, sqlClient: SqlClient) {
    super(dataSource, sqlClient, ConnectorAuthorizationEntity, 'stateHash');
  }

  /**
   * The consent of this state, deleted in the same statement (a state works once). Across organizations: the
   * provider's callback names only the state, and the consent found names the organization.
   */
  async take(stateHash: string): Promise<ConnectorAuthorizationEntity | undefined> {
    const [row] = await this.sqlClient.query<Record<string, unknown>>(
      `WITH taken AS (DELETE FROM ${this.rows.table} WHERE state_hash = $1 RETURNING ${this.rows.columns}) SELECT ${this.rows.columns} FROM taken`,
      [stateHash],
    );
    return row ? this.rows.map(row) : undefined;
  }

  /** Consents that have expired, in every organization: whichever consent starts next clears them. */
  async purgeExpired(tx: Tx): Promise<void> {
    await this.sqlClient.query(`DELETE FROM ${this.rows.table} WHERE expires_at < $1`, [new Date()], tx);
  }
}
