import { ROLES, type Role } from '#src/common/auth/permissions.js';
import { AppError } from '#src/common/errors/app.error.js';
import { ErrorCode } from '#src/common/errors/error-code.enum.js';
import type { OrganizationEntity, OrganizationSettings } from '#src/modules/organizations/organization.entity.js';
import type { OrganizationsRepository } from '#src/modules/organizations/organizations.repository.js';

/** An organization's single sign-on switches, kept in its settings under `sso`. */
export interface SsoSettings {
  /** Members of the verified domains sign in by SSO only: no password login or reset. */
  enforced: boolean;
  /** The role of a person SSO signs in for the first time. */
  defaultRole: Role;
  /** Whether SSO may create again a user an admin deleted; by default it refuses them. */
  recreateDeleted: boolean;
}

export function ssoSettingsOf(settings: OrganizationSettings): SsoSettings {
  const stored = (typeof settings.sso === 'object' && settings.sso !== null ? settings.sso : {}) as Record<string, unknown>;
  return {
    enforced: stored.enforced === true,
    defaultRole: ROLES.find((role) => role === stored.default_role) ?? 'readonly',
    recreateDeleted: stored.recreate_deleted === true,
  };
}

export function storedSsoSettings(settings: SsoSettings): Record<string, unknown> {
  return { enforced: settings.enforced, default_role: settings.defaultRole, recreate_deleted: settings.recreateDeleted };
}

/** Single sign-on is an enterprise feature: configuring it on another plan is refused, saying so. */
export async function requireEnterprise(organizations: OrganizationsRepository, orgId: string): Promise<OrganizationEntity> {
  const organization = await organizations.findById(orgId);
  if (!organization) {
    throw AppError.notFound('Organization', orgId);
  }
  if (organization.plan !== 'enterprise') {
    throw new AppError(ErrorCode.PlanRequired, `Single sign-on needs the enterprise plan; ${orgId} is on the ${organization.plan} plan`, {
      details: { required_plan: 'enterprise', plan: organization.plan },
    });
  }
  return organization;
}
