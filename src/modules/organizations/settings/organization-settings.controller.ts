import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import { Auth, Authenticated } from '#src/common/auth/auth.decorator.js';
import { Permission } from '#src/common/auth/permissions.js';
import { ApiErrors } from '#src/common/errors/api-errors.decorator.js';
import {
  OrganizationResponseDto,
  toOrganizationResponse,
  UpdateOrganizationDto,
  UpdateOrganizationQueryDto,
} from '#src/modules/organizations/settings/dto/organization-settings.dto.js';
import { OrganizationSettingsService } from '#src/modules/organizations/settings/organization-settings.service.js';

@ApiTags('Organization')
@Controller('api/v1/organization')
@Authenticated(Permission.OrganizationManage)
export class OrganizationSettingsController {
  constructor(private readonly settings: OrganizationSettingsService) {}

  @Get()
  @ApiOperation({ summary: 'The caller\u2019s organization: name, plan, IP allowlist and single sign-on' })
  @ApiOkResponse({ type: OrganizationResponseDto })
  async get(@Auth() auth: AuthContext): Promise<OrganizationResponseDto> {
    return toOrganizationResponse(await this.settings.get(auth.orgId));
  }

  @Put()
  @ApiOperation({
    summary: 'Rename the organization or set its IP allowlist',
    description:
      'Fields left out stay as they are. An allowlist applies from the next request to every credential of the organization and to ' +
      'signing in; outside it, requests answer 403 `ip_not_allowed`. A non-empty allowlist needs the enterprise plan (403 `plan_required`); ' +
      'one that leaves out the address of this request is 409 `would_lock_out` unless `?confirm=true`.',
  })
  @ApiOkResponse({ type: OrganizationResponseDto })
  // 403 (the scope, or plan_required) is the one Authenticated documents for the controller.
  @ApiErrors([400, 409])
  async update(@Auth() auth: AuthContext, @Body() dto: UpdateOrganizationDto, @Query() query: UpdateOrganizationQueryDto): Promise<OrganizationResponseDto> {
    const view = await this.settings.update(auth, { name: dto.name, ipAllowlist: dto.ip_allowlist }, query.confirm === 'true');
    return toOrganizationResponse(view);
  }
}
