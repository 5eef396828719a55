import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import { Auth, Authenticated } from '#src/common/auth/auth.decorator.js';
import { Permission } from '#src/common/auth/permissions.js';
import { ApiErrors } from '#src/common/errors/api-errors.decorator.js';
import { IdParamDto, PaginationQueryDto } from '#src/common/validation/validators.js';
import { ApiKeyListResponseDto, CreatedApiKeyResponseDto, toApiKeyResponse, toCreatedApiKeyResponse } from '#src/modules/keys/dto/api-key.response.dto.js';
import { CreateApiKeyDto } from '#src/modules/keys/dto/create-api-key.dto.js';
import { ApiKeysService } from '#src/modules/keys/api-keys.service.js';

export class ApiKeyIdParam extends IdParamDto('apiKey') {}

@ApiTags('API keys')
@Controller('api/v1/api-keys')
@Authenticated(Permission.KeysOwn)
export class ApiKeysController {
  constructor(private readonly service: ApiKeysService) {}

  @Post()
  @ApiOperation({
    summary: 'Create an API key',
    description:
      'The key value is in this response only. Made by a person (web session, access token, personal key) it is their personal key, never beyond their role; made with an organization key it is the organization\u2019s.',
  })
  @ApiCreatedResponse({ type: CreatedApiKeyResponseDto })
  @ApiErrors([400])
  async create(@Auth() auth: AuthContext, @Body() dto: CreateApiKeyDto): Promise<CreatedApiKeyResponseDto> {
    const { entity, key } = await this.service.create(auth, { ...dto, format: 'versioned' });
    return toCreatedApiKeyResponse(entity, key);
  }

  @Get()
  @ApiOperation({ summary: 'List API keys (never their values)', description: 'Every key of the organization for admins; a person\u2019s own keys otherwise.' })
  @ApiOkResponse({ type: ApiKeyListResponseDto })
  @ApiErrors([400])
  async list(@Auth() auth: AuthContext, @Query() page: PaginationQueryDto): Promise<ApiKeyListResponseDto> {
    const { items, total } = await this.service.list(auth, page);
    return { api_keys: items.map(toApiKeyResponse), total, limit: page.limit, offset: page.offset };
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke an API key', description: 'Takes effect at once on every instance.' })
  @ApiNoContentResponse()
  @ApiErrors([400, 404])
  async revoke(@Auth() auth: AuthContext, @Param() { id }: ApiKeyIdParam): Promise<void> {
    await this.service.revoke(auth, id);
  }

  @Post(':id/rotate')
  @ApiOperation({
    summary: 'Rotate an API key',
    description: 'Issues a new value with the same name and scopes and revokes the old one. A personal key is rotated by its owner only (403 for anyone else).',
  })
  @ApiCreatedResponse({ type: CreatedApiKeyResponseDto })
  @ApiErrors([400, 404, 409])
  async rotate(@Auth() auth: AuthContext, @Param() { id }: ApiKeyIdParam): Promise<CreatedApiKeyResponseDto> {
    const { entity, key } = await this.service.rotate(auth, id);
    return toCreatedApiKeyResponse(entity, key);
  }
}
