import { Injectable } from '@nestjs/common';
import type { AuthContext, ClientInfo } from '#src/common/auth/auth-context.js';
import { TransactionRunner } from '#src/common/database/transaction.js';
import { AppError } from '#src/common/errors/app.error.js';
import { ErrorCode } from '#src/common/errors/error-code.enum.js';
import { actorOf, type AuditActor } from '#src/modules/audit/audit-actions.js';
import { AuditLog } from '#src/modules/audit/audit-log.service.js';
import { allowlistErrors, IpAllowlist, storedAllowlist } from '#src/modules/auth/ip-allowlist/ip-allowlist.js';
import { ApiKeysService } from '#src/modules/keys/api-keys.service.js';
import type { OrganizationEntity } from '#src/modules/organizations/organization.entity.js';
import { OrganizationsRepository } from '#src/modules/organizations/organizations.repository.js';
import { SsoSettingsService, type SsoSummary } from '#src/modules/sso/sso-settings.service.js';

/** The organization as its admins see it. */
export interface OrganizationView {
  organization: OrganizationEntity;
  ipAllowlist: readonly string[];
  sso: SsoSummary;
}

export interface OrganizationChange {
  name?: string;
  ipAllowlist?: string[];
}

/** Who asks for a change: the request's caller, or the operator's CLI (which no allowlist can lock out). */
interface Changer {
  orgId: string;
  actor: AuditActor;
  client: ClientInfo;
  /** Whether the caller accepted an allowlist that leaves out its own address; undefined for the operator. */
  confirmed?: boolean;
}

/**
 * An organization's own settings: its name and IP allowlist (enterprise plan). A new allowlist is
 * validated, then refused if it would shut out the admin saving it (unless confirmed), written with its
 * audit entry, and applied from the next request: the organization's cached keys are evicted on every
 * instance, and sessions read it with each request.
 */
@Injectable()
export class OrganizationSettingsService {
  constructor(
    private readonly organizations: OrganizationsRepository,
    private readonly keys: ApiKeysService,
    private readonly transactions: TransactionRunner,
    private readonly audit: AuditLog,
    private readonly sso: SsoSettingsService,
  ) {}

  async get(orgId: string): Promise<OrganizationView> {
    const organization = await this.organizations.findById(orgId);
    if (!organization) {
      throw AppError.notFound('Organization', orgId);
    }
    return this.viewOf(organization);
  }

  update(auth: AuthContext, change: OrganizationChange, confirmed: boolean): Promise<OrganizationView> {
    return this.apply({ orgId: auth.orgId, actor: actorOf(auth), client: auth.client, confirmed }, change);
  }

  /** The operator's way back in: removes the allowlist whatever the plan, recorded as done by the system. */
  clearAllowlist(orgId: string, actor: AuditActor, client: ClientInfo): Promise<OrganizationView> {
    return this.apply({ orgId, actor, client }, { ipAllowlist: [] });
  }

  private async viewOf(organization: OrganizationEntity): Promise<OrganizationView> {
    return { organization, ipAllowlist: storedAllowlist(organization.settings.ip_allowlist), sso: await this.sso.summary(organization) };
  }

  private async apply(changer: Changer, change: OrganizationChange): Promise<OrganizationView> {
    if (change.ipAllowlist !== undefined) {
      const errors = allowlistErrors(change.ipAllowlist);
      if (errors.length > 0) {
        throw AppError.invalid(errors.join('; '), { ip_allowlist: errors });
      }
    }
    const changed = await this.transactions.run(async (tx) => {
      const organization = await this.organizations.findByIdForUpdate(changer.orgId, tx);
      if (!organization) {
        throw AppError.notFound('Organization', changer.orgId);
      }
      const allowlistBefore = storedAllowlist(organization.settings.ip_allowlist);
      if (change.ipAllowlist !== undefined) {
        checkAllowlist(change.ipAllowlist, organization, changer);
      }
      const changes: Record<string, { previous: unknown; current: unknown }> = {};
      if (change.name !== undefined && change.name !== organization.name) {
        changes.name = { previous: organization.name, current: change.name };
        organization.name = change.name;
      }
      if (change.ipAllowlist !== undefined && !sameList(change.ipAllowlist, allowlistBefore)) {
        changes.ip_allowlist = { previous: [...allowlistBefore], current: change.ipAllowlist };
        organization.settings = { ...organization.settings, ip_allowlist: change.ipAllowlist };
      }
      if (Object.keys(changes).length === 0) {
        return organization;
      }
      const saved = await this.organizations.save(organization, tx);
      await this.audit.record(
        {
          orgId: changer.orgId,
          action: 'organization.updated',
          actor: changer.actor,
          client: changer.client,
          target: { type: 'organization', id: changer.orgId },
          details: { changes },
        },
        tx,
      );
      if (changes.ip_allowlist) {
        tx.afterCommit(() => this.keys.invalidateOrganizationKeys(changer.orgId));
      }
      return saved;
    });
    return this.viewOf(changed);
  }
}

/** A restricting list needs the enterprise plan, and must let its author in unless they confirmed it. */
function checkAllowlist(allowlist: readonly string[], organization: OrganizationEntity, changer: Changer): void {
  if (allowlist.length === 0 || changer.confirmed === undefined) {
    return;
  }
  if (organization.plan !== 'enterprise') {
    throw new AppError(ErrorCode.PlanRequired, 'An IP allowlist needs the enterprise plan', {
      details: { required_plan: 'enterprise', plan: organization.plan },
    });
  }
  if (!changer.confirmed && !IpAllowlist.of(allowlist).allows(changer.client.ip)) {
    throw new AppError(
      ErrorCode.WouldLockOut,
      'This allowlist leaves out the address of this request, so it would shut you out: add it, or send the request again with ?confirm=true',
      { details: { ip: changer.client.ip } },
    );
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((entry, index) => entry === b[index]);
}
