import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { GlobalRepository } from '#src/common/database/scoped/global-repository.js';
import { sql } from '#src/common/database/scoped/sql-fragment.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import { SsoRequestEntity } from '#src/modules/sso/saml/sso-request.entity.js';

/** The AuthnRequests awaiting an answer, by their id: a response names its request before it names an organization. */
@Injectable()
export class SsoRequestsRepository extends GlobalRepository<SsoRequestEntity> {
  constructor(dataSource: DataSource, sqlClient: SqlClient) {
    super(dataSource, sqlClient, SsoRequestEntity);
  }

  async insert(id: string, value: string, createdAt: Date): Promise<void> {
    await this.repository().insert({ id, value, createdAt });
  }

  findById(id: string): Promise<SsoRequestEntity | null> {
    return this.findOne(sql`id = ${id}`);
  }

  async delete(id: string): Promise<void> {
    await this.execute(sql`DELETE FROM sso_request WHERE id = ${id}`);
  }

  async deleteCreatedBefore(before: Date): Promise<void> {
    await this.execute(sql`DELETE FROM sso_request WHERE created_at < ${before}`);
  }
}
