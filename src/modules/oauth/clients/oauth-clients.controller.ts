import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import { Auth, Authenticated } from '#src/common/auth/auth.decorator.js';
import { Permission } from '#src/common/auth/permissions.js';
import { ApiErrors } from '#src/common/errors/api-errors.decorator.js';
import { IdParamDto, PaginationQueryDto } from '#src/common/validation/validators.js';
import {
  CreatedOAuthClientResponseDto,
  CreateOAuthClientDto,
  OAuthClientListResponseDto,
  OAuthClientResponseDto,
  toOAuthClientResponse,
} from '#src/modules/oauth/clients/dto/oauth-client.dto.js';
import { OAuthClientsService } from '#src/modules/oauth/clients/oauth-clients.service.js';

class OAuthClientIdParam extends IdParamDto('oauthClient') {}

/** Applications registered to call the API for the organization's people (OAuth 2.0). Admins only. */
@ApiTags('OAuth clients')
@Controller('api/v1/oauth-clients')
@Authenticated(Permission.OrganizationManage)
export class OAuthClientsController {
  constructor(private readonly clients: OAuthClientsService) {}

  @Post()
  @ApiOperation({
    summary: 'Register an OAuth client',
    description:
      'A confidential client gets `client_secret`, in this response only. A public client (a native or browser application) has none and must use PKCE with S256.',
  })
  @ApiCreatedResponse({ type: CreatedOAuthClientResponseDto })
  @ApiErrors([400])
  async create(@Auth() auth: AuthContext, @Body() dto: CreateOAuthClientDto): Promise<CreatedOAuthClientResponseDto> {
    const { client, secret } = await this.clients.create(auth, dto);
    return { ...toOAuthClientResponse(client), ...(secret === undefined ? {} : { client_secret: secret }) };
  }

  @Get()
  @ApiOperation({ summary: 'List OAuth clients', description: 'Newest first. Secrets are never shown.' })
  @ApiOkResponse({ type: OAuthClientListResponseDto })
  @ApiErrors([400])
  async list(@Auth() auth: AuthContext, @Query() page: PaginationQueryDto): Promise<OAuthClientListResponseDto> {
    const { items, total } = await this.clients.list(auth, page);
    return { clients: items.map(toOAuthClientResponse), total, limit: page.limit, offset: page.offset };
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get an OAuth client' })
  @ApiOkResponse({ type: OAuthClientResponseDto })
  @ApiErrors([400, 404])
  async get(@Auth() auth: AuthContext, @Param() { id }: OAuthClientIdParam): Promise<OAuthClientResponseDto> {
    return toOAuthClientResponse(await this.clients.get(auth, id));
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete an OAuth client' })
  @ApiNoContentResponse()
  @ApiErrors([400, 404])
  async delete(@Auth() auth: AuthContext, @Param() { id }: OAuthClientIdParam): Promise<void> {
    await this.clients.delete(auth, id);
  }
}
