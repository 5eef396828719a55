import { Injectable } from '@nestjs/common';
import { TransactionRunner, type Tx } from '#src/common/database/transaction.js';
import { AppError } from '#src/common/errors/app.error.js';
import { diffChanges } from '#src/modules/events/event-map.js';
import { newId } from '#src/common/ids/ids.js';
import { NO_CLIENT, SYSTEM_ACTOR } from '#src/modules/audit/audit-actions.js';
import { AuditLog } from '#src/modules/audit/audit-log.service.js';
import { InvitationsService, type Invitation } from '#src/modules/auth/invitations/invitations.service.js';
import { ApiKeysService, type IssuedKey } from '#src/modules/keys/api-keys.service.js';
import type { ApiKeyEntity, KeyEnvironment } from '#src/modules/keys/api-key.entity.js';
import { limitOverrideErrors } from '#src/modules/limits/plan-limits.js';
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
  /** The admin's invitation: how a person signs in to the new organization. */
  invitation: Invitation;
}

/** A key the operator issues: versioned, never expiring, belonging to no person. */
export interface OperatorKeyInput {
  name: string;
  scopes: string[];
  environment: KeyEnvironment;
}

export interface PlanChange {
  plan?: Plan;
  /** `settings.limits`: see plan-limits.ts for the fields; `null` removes the overrides. */
  limits?: Record<string, unknown> | null;
}

/**
 * The organization a self-hosted install starts with belongs to its operator, so it has the plan without
 * daily caps: on `free` (20 requests a minute) the operator's own trial would be refused within a minute.
 */
export const DEFAULT_ORGANIZATION: NewOrganization = { name: 'Default Organization', plan: 'enterprise', adminEmail: 'admin@localhost', adminName: 'Admin' };

@Injectable()
export class OrganizationsService {
  constructor(
    private readonly organizations: OrganizationsRepository,
    private readonly users: UsersService,
    private readonly keys: ApiKeysService,
    private readonly transactions: TransactionRunner,
    private readonly invitations: InvitationsService,
    private readonly audit: AuditLog,
  ) {}

  /** An organization, its first admin user and an organization-wide admin key, all or nothing; the operator's doing in the audit log. */
  create(input: NewOrganization): Promise<CreatedOrganization> {
    return this.transactions.run((tx) => this.createIn(input, tx));
  }

  /**
   * On the first start of an empty database: an organization to try the API with at once. Several api
   * processes starting together on one PostgreSQL create one between them.
   */
  async createDefaultIfEmpty(): Promise<CreatedOrganization | undefined> {
    return this.transactions.run(async (tx) => ((await this.organizations.countExclusively(tx)) > 0 ? undefined : this.createIn(DEFAULT_ORGANIZATION, tx)));
  }

  private async createIn(input: NewOrganization, tx: Tx): Promise<CreatedOrganization> {
    const organization = await this.organizations.insert(
      Object.assign(new OrganizationEntity(), { id: newId('organization'), name: input.name, plan: input.plan, settings: {} }),
      tx,
    );
    const admin = await this.users.createInTx(organization.id, { email: input.adminEmail, name: input.adminName ?? null, role: 'admin' }, tx);
    await this.audit.record(
      {
        orgId: organization.id,
        actor: SYSTEM_ACTOR,
        client: NO_CLIENT,
        action: 'user.created',
        target: { type: 'user', id: admin.id },
        details: { email: admin.email, role: admin.role },
      },
      tx,
    );
    const { entity, key } = await this.issueOperatorKey(organization.id, { name: 'Admin key', scopes: ['admin'], environment: 'live' }, tx);
    const invitation = await this.invitations.invite(admin, undefined, tx);
    return { organization, admin, apiKey: entity, key, invitation };
  }

  /**
   * The operator's way to an organization key (`key:create`): one that belongs to no person, limited by its
   * scopes alone, as the first one `org:create` prints. An organization whose keys were all revoked gets one back.
   */
  async createOrganizationKey(orgId: string, input: OperatorKeyInput): Promise<IssuedKey> {
    return this.transactions.run(async (tx) => {
      if (!(await this.organizations.findByIdForUpdate(orgId, tx))) {
        throw AppError.notFound('Organization', orgId);
      }
      return this.issueOperatorKey(orgId, input, tx);
    });
  }

  private async issueOperatorKey(orgId: string, input: OperatorKeyInput, tx: Tx): Promise<IssuedKey> {
    const issued = await this.keys.issue(orgId, { ...input, format: 'versioned' }, tx);
    const { entity } = issued;
    await this.audit.record(
      {
        orgId,
        actor: SYSTEM_ACTOR,
        client: NO_CLIENT,
        action: 'api_key.created',
        target: { type: 'api_key', id: entity.id },
        details: { name: entity.name, scopes: entity.scopes, user_id: null },
      },
      tx,
    );
    return issued;
  }

  /**
   * Changes the plan and/or the limit overrides (`settings.limits`, used on the enterprise plan; `null`
   * removes them). The organization's keys carry its plan in the key cache, so they are evicted on every
   * instance: the new limits apply from the next request.
   */
  async changePlan(id: string, change: PlanChange): Promise<OrganizationEntity> {
    if (change.limits !== undefined && change.limits !== null) {
      const errors = limitOverrideErrors(change.limits);
      if (Object.keys(errors).length > 0) {
        throw AppError.invalid('Invalid limit overrides', errors);
      }
    }
    const saved = await this.transactions.run(async (tx) => {
      const organization = await this.organizations.findByIdForUpdate(id, tx);
      if (!organization) {
        throw AppError.notFound('Organization', id);
      }
      const before = { plan: organization.plan, limits: organization.settings.limits ?? null };
      const settings = { ...organization.settings };
      if (change.limits === null) {
        delete settings.limits;
      } else if (change.limits !== undefined) {
        settings.limits = change.limits;
      }
      const updated = await this.organizations.save(Object.assign(organization, { plan: change.plan ?? organization.plan, settings }), tx);
      const changes = diffChanges(before, { plan: updated.plan, limits: updated.settings.limits ?? null });
      if (Object.keys(changes).length > 0) {
        // The plan decides single sign-on, its enforcement and the allowlist: who changed it is on record.
        await this.audit.record(
          { orgId: id, action: 'organization.updated', actor: SYSTEM_ACTOR, client: NO_CLIENT, target: { type: 'organization', id }, details: { changes } },
          tx,
        );
      }
      return updated;
    });
    await this.keys.invalidateOrganizationKeys(id);
    return saved;
  }

  async get(id: string): Promise<OrganizationEntity | null> {
    return this.organizations.findById(id);
  }
}
