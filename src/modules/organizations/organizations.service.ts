import { Injectable } from '@nestjs/common';
import { TransactionRunner } from '#src/common/database/transaction.js';
import { newId } from '#src/common/ids/ids.js';
import { ApiKeysService } from '#src/modules/keys/api-keys.service.js';
import type { ApiKeyEntity } from '#src/modules/keys/api-key.entity.js';
import { OrganizationEntity, type Plan } from '#src/modules/organizations/organization.entity.js';
import { OrganizationsRepository } from '#src/modules/organizations/organizations.repository.js';
import type { UserEntity } from '#src/modules/users/user.entity.js';
import { UsersService } from '#src/modules/users/users.service.js';

export interface NewOrganization {
  name: string;
  plan: Plan;
  adminEmail: string;
  adminName?: string;
}

export interface CreatedOrganization {
  organization: OrganizationEntity;
  admin: UserEntity;
  apiKey: ApiKeyEntity;
  key: string;
}

export const DEFAULT_ORGANIZATION: NewOrganization = { name: 'Default Organization', plan: 'free', adminEmail: 'admin@localhost', adminName: 'Admin' };

@Injectable()
export class OrganizationsService {
  constructor(
    private readonly organizations: OrganizationsRepository,
    private readonly users: UsersService,
    private readonly keys: ApiKeysService,
    private readonly transactions: TransactionRunner,
  ) {}

  /** An organization, its first admin user and an organization-wide admin key, all or nothing. */
  async create(input: NewOrganization): Promise<CreatedOrganization> {
    return this.transactions.run(async (tx) => {
      const organization = await this.organizations.insert(
        Object.assign(new OrganizationEntity(), { id: newId('organization'), name: input.name, plan: input.plan, settings: {} }),
        tx,
      );
      const admin = await this.users.createInTx(organization.id, { email: input.adminEmail, name: input.adminName ?? null, role: 'admin' }, tx);
      const { entity, key } = await this.keys.issue(organization.id, { name: 'Admin key', scopes: ['admin'], format: 'versioned', environment: 'live' }, tx);
      return { organization, admin, apiKey: entity, key };
    });
  }

  /** On the first start of an empty embedded database: an organization to try the API with at once. */
  async createDefaultIfEmpty(): Promise<CreatedOrganization | undefined> {
    if ((await this.organizations.count()) > 0) {
      return undefined;
    }
    return this.create(DEFAULT_ORGANIZATION);
  }

  async get(id: string): Promise<OrganizationEntity | null> {
    return this.organizations.findById(id);
  }
}
