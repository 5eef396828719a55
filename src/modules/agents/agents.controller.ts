import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import { Auth, Authenticated } from '#src/common/auth/auth.decorator.js';
import { Permission } from '#src/common/auth/permissions.js';
import { ApiErrors } from '#src/common/errors/api-errors.decorator.js';
import { IdParamDto, PaginationQueryDto } from '#src/common/validation/validators.js';
import { AgentsService } from '#src/modules/agents/agents.service.js';
import { AgentListResponseDto, AgentResponseDto, CreateAgentDto, toAgentResponse, UpdateAgentDto } from '#src/modules/agents/dto/agent.dto.js';

class AgentIdParam extends IdParamDto('agent') {}

@ApiTags('Agents')
@Controller('api/v1/agents')
export class AgentsController {
  constructor(private readonly service: AgentsService) {}

  @Get()
  @Authenticated(Permission.AgentsRead)
  @ApiOperation({ summary: 'List agents', description: 'Newest first.' })
  @ApiOkResponse({ type: AgentListResponseDto })
  @ApiErrors([400])
  async list(@Auth() auth: AuthContext, @Query() page: PaginationQueryDto): Promise<AgentListResponseDto> {
    const { items, total } = await this.service.list(auth, page);
    return { agents: items.map(toAgentResponse), total, limit: page.limit, offset: page.offset };
  }

  @Post()
  @Authenticated(Permission.AgentsWrite)
  @ApiOperation({ summary: 'Create an agent' })
  @ApiCreatedResponse({ type: AgentResponseDto })
  @ApiErrors([400, 404])
  async create(@Auth() auth: AuthContext, @Body() dto: CreateAgentDto): Promise<AgentResponseDto> {
    return toAgentResponse(await this.service.create(auth, dto));
  }

  @Get(':id')
  @Authenticated(Permission.AgentsRead)
  @ApiOperation({ summary: 'Get an agent' })
  @ApiOkResponse({ type: AgentResponseDto })
  @ApiErrors([400, 404])
  async get(@Auth() auth: AuthContext, @Param() { id }: AgentIdParam): Promise<AgentResponseDto> {
    return toAgentResponse(await this.service.get(auth, id));
  }

  @Put(':id')
  @Authenticated(Permission.AgentsWrite)
  @ApiOperation({
    summary: 'Update an agent',
    description: 'Only the fields sent change. A request that changes nothing keeps `updated_at` and emits no agent.updated.',
  })
  @ApiOkResponse({ type: AgentResponseDto })
  @ApiErrors([400, 404])
  async update(@Auth() auth: AuthContext, @Param() { id }: AgentIdParam, @Body() dto: UpdateAgentDto): Promise<AgentResponseDto> {
    return toAgentResponse(await this.service.update(auth, id, dto));
  }

  @Delete(':id')
  @HttpCode(204)
  @Authenticated(Permission.AgentsDelete)
  @ApiOperation({ summary: 'Delete an agent' })
  @ApiNoContentResponse()
  @ApiErrors([400, 404])
  async delete(@Auth() auth: AuthContext, @Param() { id }: AgentIdParam): Promise<void> {
    await this.service.delete(auth, id);
  }
}
