import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import { Auth, Authenticated } from '#src/common/auth/auth.decorator.js';
import { Permission } from '#src/common/auth/permissions.js';
import { ApiErrors } from '#src/common/errors/api-errors.decorator.js';
import { Legacy } from '#src/common/http/route-policy/legacy.decorator.js';
import { PaginationQueryDto } from '#src/common/validation/validators.js';
import { AgentsService } from '#src/modules/agents/agents.service.js';
import { LegacyAgentListResponseDto, toLegacyAgentResponse } from '#src/modules/agents/legacy/legacy-agent.dto.js';

@ApiTags('Agents (legacy)')
@Legacy({ successor: '/api/v1/agents' })
@Controller('api/agents')
export class LegacyAgentsController {
  constructor(private readonly service: AgentsService) {}

  @Get()
  @Authenticated(Permission.AgentsRead)
  @ApiOperation({ summary: 'List agents', deprecated: true, description: 'Successor: GET /api/v1/agents.' })
  @ApiOkResponse({ type: LegacyAgentListResponseDto })
  @ApiErrors([400], 'legacy')
  async list(@Auth() auth: AuthContext, @Query() page: PaginationQueryDto): Promise<LegacyAgentListResponseDto> {
    const { items, total } = await this.service.list(auth, page);
    return { agents: items.map(toLegacyAgentResponse), total, limit: page.limit, offset: page.offset };
  }
}
