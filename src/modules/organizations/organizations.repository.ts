import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import type { Tx } from '#src/common/database/transaction.js';
import { OrganizationEntity } from '#src/modules/organizations/organization.entity.js';

@Injectable()
export class OrganizationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(tx?: Tx): Repository<OrganizationEntity> {
    return (tx?.manager ?? this.dataSource.manager).getRepository(OrganizationEntity);
  }

  async insert(organization: OrganizationEntity, tx?: Tx): Promise<OrganizationEntity> {
    return this.repo(tx).save(organization);
  }

  async findById(id: string, tx?: Tx): Promise<OrganizationEntity | null> {
    return this.repo(tx).findOne({ where: { id } });
  }

  async findByIdForUpdate(id: string, tx: Tx): Promise<OrganizationEntity | null> {
    return this.repo(tx).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  async save(organization: OrganizationEntity, tx?: Tx): Promise<OrganizationEntity> {
    return this.repo(tx).save(organization);
  }

  async count(tx?: Tx): Promise<number> {
    return this.repo(tx).count();
  }
}
