import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import { Auth, Authenticated } from '#src/common/auth/auth.decorator.js';
import { Permission } from '#src/common/auth/permissions.js';
import { ApiErrors } from '#src/common/errors/api-errors.decorator.js';
import { IdParamDto, PaginationQueryDto } from '#src/common/validation/validators.js';
import {
  CreateProviderKeyDto,
  ProviderKeyListResponseDto,
  ProviderKeyResponseDto,
  toProviderKeyResponse,
} from '#src/modules/provider-keys/dto/provider-key.dto.js';
import { ProviderKeysService } from '#src/modules/provider-keys/provider-keys.service.js';

class ProviderKeyIdParam extends IdParamDto('providerKey') {}

@ApiTags('Provider keys')
@Controller('api/v1/provider-keys')
@Authenticated(Permission.ProviderKeysManage)
export class ProviderKeysController {
  constructor(private readonly service: ProviderKeysService) {}

  @Post()
  @ApiOperation({
    summary: 'Store a model provider key',
    description:
      'An OpenAI, Anthropic or OpenAI-compatible (custom) key that agents can answer with, billed by that provider. The key is encrypted at ' +
      'rest and never returned: responses show its last four characters.',
  })
  @ApiCreatedResponse({ type: ProviderKeyResponseDto })
  @ApiErrors([400])
  async create(@Auth() auth: AuthContext, @Body() dto: CreateProviderKeyDto): Promise<ProviderKeyResponseDto> {
    return toProviderKeyResponse(await this.service.create(auth, dto));
  }

  @Get()
  @ApiOperation({ summary: 'List provider keys (never their values)', description: 'Newest first.' })
  @ApiOkResponse({ type: ProviderKeyListResponseDto })
  @ApiErrors([400])
  async list(@Auth() auth: AuthContext, @Query() page: PaginationQueryDto): Promise<ProviderKeyListResponseDto> {
    const { items, total } = await this.service.list(auth, page);
    return { provider_keys: items.map(toProviderKeyResponse), total, limit: page.limit, offset: page.offset };
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a provider key (never its value)' })
  @ApiOkResponse({ type: ProviderKeyResponseDto })
  @ApiErrors([400, 404])
  async get(@Auth() auth: AuthContext, @Param() { id }: ProviderKeyIdParam): Promise<ProviderKeyResponseDto> {
    return toProviderKeyResponse(await this.service.get(auth, id));
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Delete a provider key',
    description: 'Refused with 409 while agents use the key (their ids are in `error.details.agent_ids`): give them another key, or none, first.',
  })
  @ApiNoContentResponse()
  @ApiErrors([400, 404, 409])
  async delete(@Auth() auth: AuthContext, @Param() { id }: ProviderKeyIdParam): Promise<void> {
    await this.service.delete(auth, id);
  }
}
