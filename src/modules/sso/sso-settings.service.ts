import { Injectable } from '@nestjs/common';
import type { Role } from '#src/common/auth/permissions.js';
import { TransactionRunner } from '#src/common/database/transaction.js';
import { AppError } from '#src/common/errors/app.error.js';
import { NO_CLIENT, SYSTEM_ACTOR } from '#src/modules/audit/audit-actions.js';
import { AuditLog } from '#src/modules/audit/audit-log.service.js';
import type { OrganizationEntity } from '#src/modules/organizations/organization.entity.js';
import { OrganizationsRepository } from '#src/modules/organizations/organizations.repository.js';
import { SsoConnectionsService } from '#src/modules/sso/connections/sso-connections.service.js';
import { DomainsService, normalizedDomain } from '#src/modules/sso/domains/domains.service.js';
import { requireEnterprise, ssoSettingsOf, storedSsoSettings, type SsoSettings } from '#src/modules/sso/sso-settings.js';

/** An organization's single sign-on as its admins read it in GET /api/v1/organization. */
export interface SsoSummary {
  enforced: boolean;
  defaultRole: Role;
  recreateDeleted: boolean;
  domains: { domain: string; verified: boolean }[];
  connections: { id: string; type: string; name: string; created_at: string }[];
}

/** The operator's switches: enforcement, the role of people signed in for the first time, deleted users. */
@Injectable()
export class SsoSettingsService {
  constructor(
    private readonly organizations: OrganizationsRepository,
    private readonly transactions: TransactionRunner,
    private readonly domains: DomainsService,
    private readonly connections: SsoConnectionsService,
    private readonly audit: AuditLog,
  ) {}

  async summary(organization: OrganizationEntity): Promise<SsoSummary> {
    const [domains, connections] = await Promise.all([this.domains.list(organization.id), this.connections.list(organization.id)]);
    return {
      ...ssoSettingsOf(organization.settings),
      domains: domains.map(({ domain, verified }) => ({ domain, verified })),
      connections: connections.map((connection) => ({
        id: connection.id,
        type: connection.type,
        name: connection.name,
        created_at: connection.createdAt.toISOString(),
      })),
    };
  }

  /**
   * Enforcement needs the enterprise plan, a verified domain and a connection, so that nobody is shut out
   * with no way in; the other switches only the plan.
   */
  async change(orgId: string, change: Partial<SsoSettings>): Promise<SsoSettings> {
    // Ending enforcement only gives people their passwords back: it is allowed on any plan (after a downgrade too).
    const onlyEndsEnforcement = change.enforced === false && Object.keys(change).length === 1;
    const organization = onlyEndsEnforcement ? await this.existing(orgId) : await requireEnterprise(this.organizations, orgId);
    if (change.enforced) {
      const [domains, connections] = await Promise.all([this.domains.list(orgId), this.connections.list(orgId)]);
      if (!domains.some((domain) => domain.verified) || connections.length === 0) {
        throw AppError.invalid('Enforcing single sign-on needs a verified domain and a connection first: people would have no way to sign in');
      }
    }
    return this.transactions.run(async (tx) => {
      const locked = await this.organizations.findByIdForUpdate(organization.id, tx);
      const before = ssoSettingsOf(locked!.settings);
      const after: SsoSettings = { ...before, ...change };
      locked!.settings = { ...locked!.settings, sso: storedSsoSettings(after) };
      await this.organizations.save(locked!, tx);
      await this.audit.record(
        {
          orgId,
          action: 'organization.updated',
          actor: SYSTEM_ACTOR,
          client: NO_CLIENT,
          target: { type: 'organization', id: orgId },
          details: { changes: { sso: { previous: storedSsoSettings(before), current: storedSsoSettings(after) } } },
        },
        tx,
      );
      return after;
    });
  }

  /** Removes a connection, unless it is the last one of an organization that enforces single sign-on. */
  async removeConnection(orgId: string, id: string): Promise<void> {
    const organization = await this.existing(orgId);
    if (ssoSettingsOf(organization.settings).enforced && (await this.connections.list(orgId)).every((connection) => connection.id === id)) {
      throw AppError.conflict(
        `${orgId} enforces single sign-on and ${id} is its only connection: end enforcement first (sso:enforce off), or add another connection`,
      );
    }
    await this.connections.remove(orgId, id);
  }

  /** Removes a domain, unless it is the last verified one of an organization that enforces single sign-on. */
  async removeDomain(orgId: string, domain: string): Promise<void> {
    const organization = await this.existing(orgId);
    if (ssoSettingsOf(organization.settings).enforced) {
      const others = (await this.domains.list(orgId)).filter((entry) => entry.verified && entry.domain !== normalizedDomain(domain));
      if (others.length === 0) {
        throw AppError.conflict(`${orgId} enforces single sign-on and ${domain} is its only verified domain: end enforcement first (sso:enforce off)`);
      }
    }
    await this.domains.remove(orgId, domain);
  }

  private async existing(orgId: string): Promise<OrganizationEntity> {
    const organization = await this.organizations.findById(orgId);
    if (!organization) {
      throw AppError.notFound('Organization', orgId);
    }
    return organization;
  }
}
