import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsString, MaxLength, MinLength } from 'class-validator';
import { ROLES, type Role } from '#src/common/auth/permissions.js';
import { exampleId } from '#src/common/ids/ids.js';
import { Optional, Trimmed } from '#src/common/validation/validators.js';
import { MAX_ALLOWLIST_ENTRIES } from '#src/modules/auth/ip-allowlist/ip-allowlist.js';
import { PLANS, type Plan } from '#src/modules/organizations/organization.entity.js';
import type { OrganizationView } from '#src/modules/organizations/settings/organization-settings.service.js';

export class UpdateOrganizationDto {
  @ApiPropertyOptional({ example: 'Acme', maxLength: 200 })
  @Optional()
  @Trimmed()
  @IsString()
  @MinLength(1, { message: 'name must not be empty' })
  @MaxLength(200)
  name?: string;

  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_ALLOWLIST_ENTRIES,
    example: ['203.0.113.0/24', '2001:db8::/32', '198.51.100.7'],
    description:
      'Client addresses allowed to call the organization\u2019s API and to sign in: IPv4 and IPv6 CIDR ranges, a bare address meaning ' +
      'that one address; `[]` removes the restriction. Enterprise plan. A list that leaves out the caller\u2019s own address needs `?confirm=true`.',
  })
  @Optional()
  @IsArray({ message: 'ip_allowlist must be an array of addresses or CIDR ranges ([] removes the restriction)' })
  @ArrayMaxSize(MAX_ALLOWLIST_ENTRIES, { message: `ip_allowlist holds at most ${MAX_ALLOWLIST_ENTRIES} entries` })
  @IsString({ each: true, message: 'each ip_allowlist entry must be a string' })
  ip_allowlist?: string[];
}

export class UpdateOrganizationQueryDto {
  @ApiPropertyOptional({ enum: ['true', 'false'], description: '`true` saves an allowlist that leaves out the caller\u2019s own address.' })
  @Optional()
  @IsIn(['true', 'false'], { message: 'confirm must be true or false' })
  confirm?: 'true' | 'false';
}

export class SsoDomainDto {
  @ApiProperty({ example: 'acme.test' })
  domain: string;

  @ApiProperty()
  verified: boolean;
}

export class SsoConnectionSummaryDto {
  @ApiProperty({ example: exampleId('ssoConnection') })
  id: string;

  @ApiProperty({ enum: ['saml', 'oidc'] })
  type: string;

  @ApiProperty({ example: 'Okta' })
  name: string;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class OrganizationSsoDto {
  @ApiProperty({
    description: 'Whether SSO sign-in works now: the enterprise plan. On another plan the configuration is kept, but neither sign-in nor enforcement applies.',
  })
  available: boolean;

  @ApiProperty({ description: 'When true (and available), members of the verified domains sign in by SSO only.' })
  enforced: boolean;

  @ApiProperty({ enum: ROLES, description: 'The role of a person SSO signs in for the first time.' })
  default_role: Role;

  @ApiProperty({ type: [SsoDomainDto] })
  domains: SsoDomainDto[];

  @ApiProperty({ type: [SsoConnectionSummaryDto] })
  connections: SsoConnectionSummaryDto[];
}

export class OrganizationResponseDto {
  @ApiProperty({ example: exampleId('organization') })
  id: string;

  @ApiProperty({ example: 'Acme' })
  name: string;

  @ApiProperty({ enum: PLANS })
  plan: Plan;

  @ApiProperty({ type: [String], example: ['203.0.113.0/24'], description: 'Empty: any address.' })
  ip_allowlist: string[];

  @ApiProperty({ type: OrganizationSsoDto })
  sso: OrganizationSsoDto;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export function toOrganizationResponse(view: OrganizationView): OrganizationResponseDto {
  const { organization, sso } = view;
  return {
    id: organization.id,
    name: organization.name,
    plan: organization.plan,
    ip_allowlist: [...view.ipAllowlist],
    sso: {
      available: organization.plan === 'enterprise',
      enforced: sso.enforced,
      default_role: sso.defaultRole,
      domains: sso.domains,
      connections: sso.connections,
    },
    created_at: organization.createdAt.toISOString(),
  };
}
