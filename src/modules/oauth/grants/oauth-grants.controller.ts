import { Controller, Delete, Get, HttpCode, Param } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import { Auth, ForPerson } from '#src/common/auth/auth.decorator.js';
import { ApiErrors } from '#src/common/errors/api-errors.decorator.js';
import { exampleId } from '#src/common/ids/ids.js';
import { IdParamDto } from '#src/common/validation/validators.js';
import { OAuthGrantsService, type GrantView } from '#src/modules/oauth/grants/oauth-grants.service.js';

class GrantIdParam extends IdParamDto('oauthGrant') {}

class GrantClientDto {
  @ApiProperty({ example: 'oac_01JD8X0Q5W3V7N2K4M6P8R9T1A' })
  id: string;

  @ApiProperty({ example: 'Acme CLI' })
  name: string;
}

export class OAuthGrantResponseDto {
  @ApiProperty({ example: exampleId('oauthGrant') })
  id: string;

  @ApiProperty({ type: GrantClientDto })
  client: GrantClientDto;

  @ApiProperty({ type: [String], example: ['read', 'offline_access'] })
  scopes: string[];

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  expires_at: string | null;
}

export class OAuthGrantListResponseDto {
  @ApiProperty({ type: [OAuthGrantResponseDto] })
  grants: OAuthGrantResponseDto[];
}

function toGrantResponse(grant: GrantView): OAuthGrantResponseDto {
  return {
    id: grant.id,
    client: { id: grant.clientId, name: grant.clientName },
    scopes: grant.scopes,
    created_at: grant.createdAt.toISOString(),
    expires_at: grant.expiresAt?.toISOString() ?? null,
  };
}

/** The calling person's grants to applications, which they can revoke. */
@ApiTags('OAuth clients')
@Controller('api/v1/oauth-grants')
@ForPerson()
export class OAuthGrantsController {
  constructor(private readonly grants: OAuthGrantsService) {}

  @Get()
  @ApiOperation({ summary: 'List my OAuth grants', description: 'The applications the calling person allowed to act for them, with the scopes allowed.' })
  @ApiOkResponse({ type: OAuthGrantListResponseDto })
  @ApiErrors([401, 403])
  async list(@Auth() auth: AuthContext): Promise<OAuthGrantListResponseDto> {
    return { grants: (await this.grants.list(auth)).map(toGrantResponse) };
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get one of my OAuth grants' })
  @ApiOkResponse({ type: OAuthGrantResponseDto })
  @ApiErrors([400, 401, 403, 404])
  async get(@Auth() auth: AuthContext, @Param() { id }: GrantIdParam): Promise<OAuthGrantResponseDto> {
    return toGrantResponse(await this.grants.get(auth, id));
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke an OAuth grant', description: 'Every token issued under it stops working on the next request.' })
  @ApiNoContentResponse()
  @ApiErrors([400, 401, 403, 404])
  async revoke(@Auth() auth: AuthContext, @Param() { id }: GrantIdParam): Promise<void> {
    await this.grants.revoke(auth, id);
  }
}
