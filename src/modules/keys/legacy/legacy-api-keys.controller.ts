import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import { Auth, Authenticated } from '#src/common/auth/auth.decorator.js';
import { Permission } from '#src/common/auth/permissions.js';
import { ApiErrors } from '#src/common/errors/api-errors.decorator.js';
import { Legacy } from '#src/common/http/route-policy/legacy.decorator.js';
import { PaginationQueryDto } from '#src/common/validation/validators.js';
import { ApiKeyIdParam } from '#src/modules/keys/api-keys.controller.js';
import { ApiKeysService } from '#src/modules/keys/api-keys.service.js';
import {
  CreateLegacyApiKeyDto,
  LegacyApiKeyListResponseDto,
  LegacyCreatedApiKeyResponseDto,
  toLegacyApiKeyResponse,
  toLegacyCreatedApiKeyResponse,
} from '#src/modules/keys/legacy/legacy-api-key.dto.js';

@ApiTags('API keys (legacy)')
@Legacy({ successor: '/api/v1/api-keys' })
@Controller('api/api-keys')
@Authenticated(Permission.KeysOwn)
export class LegacyApiKeysController {
  constructor(private readonly service: ApiKeysService) {}

  @Post()
  @ApiOperation({ summary: 'Create a legacy sk_live_ API key', deprecated: true })
  @ApiCreatedResponse({ type: LegacyCreatedApiKeyResponseDto })
  @ApiErrors([400], 'legacy')
  async create(@Auth() auth: AuthContext, @Body() dto: CreateLegacyApiKeyDto): Promise<LegacyCreatedApiKeyResponseDto> {
    const { entity, key } = await this.service.create(auth, {
      name: dto.name,
      scopes: dto.scopes,
      format: 'legacy',
      expiresAt: dto.expiresAt === undefined ? undefined : new Date(dto.expiresAt),
    });
    return toLegacyCreatedApiKeyResponse(entity, key);
  }

  @Get()
  @ApiOperation({ summary: 'List API keys', deprecated: true })
  @ApiOkResponse({ type: LegacyApiKeyListResponseDto })
  @ApiErrors([400], 'legacy')
  async list(@Auth() auth: AuthContext, @Query() page: PaginationQueryDto): Promise<LegacyApiKeyListResponseDto> {
    const { items, total } = await this.service.list(auth, page);
    return { apiKeys: items.map(toLegacyApiKeyResponse), total, limit: page.limit, offset: page.offset };
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke an API key', deprecated: true })
  @ApiNoContentResponse()
  @ApiErrors([400, 404], 'legacy')
  async revoke(@Auth() auth: AuthContext, @Param() { id }: ApiKeyIdParam): Promise<void> {
    await this.service.revoke(auth, id);
  }

  @Post(':id/rotate')
  @ApiOperation({ summary: 'Rotate an API key', deprecated: true })
  @ApiCreatedResponse({ type: LegacyCreatedApiKeyResponseDto })
  @ApiErrors([400, 404, 409], 'legacy')
  async rotate(@Auth() auth: AuthContext, @Param() { id }: ApiKeyIdParam): Promise<LegacyCreatedApiKeyResponseDto> {
    const { entity, key } = await this.service.rotate(auth, id);
    return toLegacyCreatedApiKeyResponse(entity, key);
  }
}
