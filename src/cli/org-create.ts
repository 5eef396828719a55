import { plainToInstance } from 'class-transformer';
import { IsIn, IsString, MaxLength, MinLength, validateSync } from 'class-validator';
import { toInvitationResponse, toUserResponse } from '#src/modules/users/dto/user.dto.js';
import { PLANS, type Plan } from '#src/modules/organizations/organization.entity.js';
import type { CreatedOrganization } from '#src/modules/organizations/organizations.service.js';
import { IsAccountEmail, Optional } from '#src/common/validation/validators.js';
import { flattenValidationErrors } from '#src/common/validation/validation.pipe.js';

export class OrgCreateOptions {
  @IsString()
  @MinLength(1, { message: '--name must not be empty' })
  @MaxLength(200)
  name: string;

  @IsAccountEmail('--admin-email must be a valid email address')
  adminEmail: string;

  @Optional()
  @IsString()
  @MaxLength(200)
  adminName?: string;

  @IsIn(PLANS, { message: `--plan must be one of ${PLANS.join(', ')}` })
  plan: Plan = 'free';
}

export function parseOrgCreateOptions(raw: Record<string, unknown>): OrgCreateOptions {
  const options = plainToInstance(OrgCreateOptions, raw, { exposeDefaultValues: true });
  const errors = validateSync(options);
  if (errors.length > 0) {
    throw new Error(Object.values(flattenValidationErrors(errors)).flat().join('; '));
  }
  return options;
}

/** The one JSON line `org:create` prints. */
export function orgCreatedLine(created: CreatedOrganization): string {
  return JSON.stringify({
    organization: {
      id: created.organization.id,
      name: created.organization.name,
      plan: created.organization.plan,
      settings: created.organization.settings,
      created_at: created.organization.createdAt.toISOString(),
    },
    user: toUserResponse(created.admin),
    api_key: created.key,
    invitation: toInvitationResponse(created.invitation),
  });
}
