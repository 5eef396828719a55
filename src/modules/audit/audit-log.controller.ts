import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import { Auth, Authenticated } from '#src/common/auth/auth.decorator.js';
import { Permission } from '#src/common/auth/permissions.js';
import { ApiErrors } from '#src/common/errors/api-errors.decorator.js';
import { utcDayRange } from '#src/common/validation/validators.js';
import { AuditLog } from '#src/modules/audit/audit-log.service.js';
import { AuditLogQueryDto, AuditLogResponseDto, toAuditEntryResponse } from '#src/modules/audit/dto/audit-log.dto.js';

@ApiTags('Audit log')
@Controller('api/v1/audit-log')
@Authenticated(Permission.AuditLogRead)
export class AuditLogController {
  constructor(private readonly audit: AuditLog) {}

  @Get()
  @ApiOperation({
    summary: 'The organization\u2019s audit log',
    description: 'Sign-ins, sessions, keys, users, settings and blocked addresses, newest first. Entries are never changed or removed.',
  })
  @ApiOkResponse({ type: AuditLogResponseDto })
  @ApiErrors([400])
  async list(@Auth() auth: AuthContext, @Query() query: AuditLogQueryDto): Promise<AuditLogResponseDto> {
    const { from, to } = utcDayRange(query.start_date, query.end_date);
    const { items, total } = await this.audit.list(auth.orgId, { action: query.action, from, to }, query);
    return { entries: items.map(toAuditEntryResponse), total };
  }
}
