import { isId } from '#src/common/ids/ids.js';
import { PLANS, type OrganizationEntity, type Plan } from '#src/modules/organizations/organization.entity.js';
import { limitOverrideErrors } from '#src/modules/limits/plan-limits.js';
import type { PlanChange } from '#src/modules/organizations/organizations.service.js';

/** `org:plan` options: `--plan` one of the plans, `--limits` a JSON object (or `null` to remove the overrides). */
export function parseOrgPlanOptions(raw: { id?: unknown; plan?: unknown; limits?: unknown }): { id: string; change: PlanChange } {
  if (!isId('organization', raw.id)) {
    throw new Error('--id must be an organization id (org_…)');
  }
  const change: PlanChange = {};
  if (raw.plan !== undefined) {
    if (typeof raw.plan !== 'string' || !(PLANS as readonly string[]).includes(raw.plan)) {
      throw new Error(`--plan must be one of ${PLANS.join(', ')}`);
    }
    change.plan = raw.plan as Plan;
  }
  if (raw.limits !== undefined) {
    let limits: unknown;
    try {
      limits = JSON.parse(typeof raw.limits === 'string' ? raw.limits : '');
    } catch {
      throw new Error('--limits must be JSON, e.g. {"requests_per_day": 500000}, or null');
    }
    if (limits !== null && (typeof limits !== 'object' || Array.isArray(limits))) {
      throw new Error('--limits must be a JSON object or null');
    }
    const errors = limits === null ? {} : limitOverrideErrors(limits);
    if (Object.keys(errors).length > 0) {
      throw new Error(Object.values(errors).flat().join('; '));
    }
    change.limits = limits as Record<string, unknown> | null;
  }
  if (change.plan === undefined && change.limits === undefined) {
    throw new Error('give --plan, --limits or both');
  }
  return { id: raw.id, change };
}

/** The one JSON line `org:plan` prints. */
export function orgPlanLine(organization: OrganizationEntity): string {
  return JSON.stringify({ organization: { id: organization.id, name: organization.name, plan: organization.plan, settings: organization.settings } });
}
