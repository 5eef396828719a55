import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock } from '#src/common/clock/clock.js';
import { TransactionRunner } from '#src/common/database/transaction.js';
import { AppError } from '#src/common/errors/app.error.js';
import { SYSTEM_ACTOR, NO_CLIENT } from '#src/modules/audit/audit-actions.js';
import { AuditLog } from '#src/modules/audit/audit-log.service.js';
import { OrganizationsRepository } from '#src/modules/organizations/organizations.repository.js';
import { DomainVerifier, VERIFICATION_PREFIX } from '#src/modules/sso/domains/domain-verifier.js';
import { DomainsRepository } from '#src/modules/sso/domains/domains.repository.js';
import { OrganizationDomainEntity } from '#src/modules/sso/domains/organization-domain.entity.js';
import { requireEnterprise } from '#src/modules/sso/sso-settings.js';

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

export interface DomainView {
  domain: string;
  verified: boolean;
  /** The TXT record to publish, until verified. */
  record?: string;
}

/**
 * The e-mail domains an organization claims for single sign-on (operator CLI). A claim is verified by a
 * DNS TXT record carrying its token, or trusted by the operator; a domain verified for one organization
 * cannot be verified for another.
 */
@Injectable()
export class DomainsService {
  constructor(
    private readonly domains: DomainsRepository,
    private readonly organizations: OrganizationsRepository,
    private readonly transactions: TransactionRunner,
    private readonly verifier: DomainVerifier,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
  ) {}

  async add(orgId: string, rawDomain: string, trusted: boolean): Promise<DomainView> {
    const domain = normalizedDomain(rawDomain);
    await requireEnterprise(this.organizations, orgId);
    const existing = await this.domains.findById(orgId, domain);
    const claim =
      existing ?? Object.assign(new OrganizationDomainEntity(), { orgId, domain, verificationToken: randomBytes(16).toString('hex'), verifiedAt: null });
    let verifiedAt: Date | undefined;
    if (trusted && !claim.verifiedAt) {
      await this.assertUnclaimed(orgId, domain);
      verifiedAt = this.clock.now();
      claim.verifiedAt = verifiedAt;
    }
    await this.transactions.run(async (tx) => {
      if (!existing) {
        await this.domains.insert(orgId, claim, tx);
      } else if (verifiedAt) {
        await this.domains.markVerified(orgId, domain, verifiedAt, tx);
      }
      await this.audit.record(domainAudit(orgId, domain, { added: true, verified: claim.verifiedAt !== null, trusted }), tx);
    });
    return viewOf(claim);
  }

  async verify(orgId: string, rawDomain: string): Promise<DomainView> {
    const domain = normalizedDomain(rawDomain);
    const claim = await this.domains.findById(orgId, domain);
    if (!claim) {
      throw AppError.notFound('Domain', domain);
    }
    if (claim.verifiedAt) {
      return viewOf(claim);
    }
    if (!(await this.verifier.hasRecord(domain, claim.verificationToken))) {
      throw AppError.invalid(
        `No TXT record "${VERIFICATION_PREFIX}${claim.verificationToken}" was found at ${domain}: publish it, wait for DNS, and try again`,
      );
    }
    await this.assertUnclaimed(orgId, domain);
    const verifiedAt = this.clock.now();
    claim.verifiedAt = verifiedAt;
    await this.transactions.run(async (tx) => {
      await this.domains.markVerified(orgId, domain, verifiedAt, tx);
      await this.audit.record(domainAudit(orgId, domain, { verified: true, trusted: false }), tx);
    });
    return viewOf(claim);
  }

  async remove(orgId: string, rawDomain: string): Promise<void> {
    const domain = normalizedDomain(rawDomain);
    await this.transactions.run(async (tx) => {
      if (!(await this.domains.delete(orgId, domain, tx))) {
        throw AppError.notFound('Domain', domain);
      }
      await this.audit.record(domainAudit(orgId, domain, { removed: true }), tx);
    });
  }

  async list(orgId: string): Promise<DomainView[]> {
    return (await this.domains.list(orgId)).map(viewOf);
  }

  /** The organization that verified the domain of this address, if any. */
  async organizationOf(email: string): Promise<string | undefined> {
    const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
    return this.domains.verifiedOwnerOf(domain);
  }

  async isVerified(orgId: string, email: string): Promise<boolean> {
    const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
    return this.domains.isVerified(orgId, domain);
  }

  private async assertUnclaimed(orgId: string, domain: string): Promise<void> {
    const owner = await this.domains.verifiedOwnerOf(domain);
    if (owner !== undefined && owner !== orgId) {
      throw AppError.conflict(`${domain} is verified for another organization`);
    }
  }
}

export function normalizedDomain(raw: string): string {
  const domain = raw.trim().toLowerCase().replace(/\.$/, '');
  if (!DOMAIN.test(domain)) {
    throw AppError.invalid(`${JSON.stringify(raw)} is not a domain name such as example.com`, { domain: ['not a domain name'] });
  }
  return domain;
}

function viewOf(claim: OrganizationDomainEntity): DomainView {
  return claim.verifiedAt
    ? { domain: claim.domain, verified: true }
    : { domain: claim.domain, verified: false, record: `${VERIFICATION_PREFIX}${claim.verificationToken}` };
}

function domainAudit(orgId: string, domain: string, details: Record<string, unknown>) {
  return {
    orgId,
    action: 'organization.updated' as const,
    actor: SYSTEM_ACTOR,
    client: NO_CLIENT,
    target: { type: 'organization', id: orgId },
    details: { sso_domain: { domain, ...details } },
  };
}
