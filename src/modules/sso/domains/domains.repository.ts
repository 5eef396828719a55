import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrgScopedRepository } from '#src/common/database/scoped/org-scoped-repository.js';
import { EVERY_ROW, sql } from '#src/common/database/scoped/sql-fragment.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import type { Tx } from '#src/common/database/transaction.js';
import { OrganizationDomainEntity } from '#src/modules/sso/domains/organization-domain.entity.js';

/** The e-mail domains organizations claim, each keyed by its organization and domain name. */
@Injectable()
export class DomainsRepository extends OrgScopedRepository<OrganizationDomainEntity, 'domain'> {
  constructor(dataSource: DataSource, sqlClient: SqlClient) {
    super(dataSource, sqlClient, OrganizationDomainEntity, 'domain');
  }

  list(orgId: string): Promise<OrganizationDomainEntity[]> {
    return this.findMany(orgId, EVERY_ROW, { orderBy: sql`domain ASC` });
  }

  async markVerified(orgId: string, domain: string, at: Date, tx: Tx): Promise<void> {
    await this.update(orgId, domain, { verifiedAt: at }, tx);
  }

  async isVerified(orgId: string, domain: string): Promise<boolean> {
    return (await this.count(orgId, sql`domain = ${domain} AND verified_at IS NOT NULL`)) > 0;
  }

  /** Across organizations: a domain is verified for one organization at most, and this finds which. */
  async verifiedOwnerOf(domain: string): Promise<string | undefined> {
    const [claim] = await this.findAcrossOrganizations(sql`domain = ${domain} AND verified_at IS NOT NULL`, { limit: 1 });
    return claim?.orgId;
  }
}
