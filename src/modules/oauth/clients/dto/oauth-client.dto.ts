import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsString, MaxLength, MinLength } from 'class-validator';
import { exampleId } from '#src/common/ids/ids.js';
import { Optional, Trimmed, NoRepeats } from '#src/common/validation/validators.js';
import { CLIENT_SCOPES, CLIENT_TYPES, type ClientScope, type ClientType, type OAuthClientEntity } from '#src/modules/oauth/clients/oauth-client.entity.js';
import { MAX_REDIRECT_URIS } from '#src/modules/oauth/clients/redirect-uris.js';

export class CreateOAuthClientDto {
  @ApiProperty({ example: 'Acme CLI', maxLength: 200 })
  @Trimmed()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  name: string;

  @ApiProperty({
    type: [String],
    maxItems: MAX_REDIRECT_URIS,
    example: ['http://127.0.0.1:53682/callback'],
    description: 'Matched exactly. HTTPS, or HTTP on a loopback address for native applications (RFC 8252); no fragment, no wildcard.',
  })
  @IsArray()
  @ArrayNotEmpty()
  @NoRepeats()
  @ArrayMaxSize(MAX_REDIRECT_URIS)
  @IsString({ each: true, message: 'each redirect_uris entry must be a string' })
  redirect_uris: string[];

  @ApiProperty({
    enum: CLIENT_SCOPES,
    isArray: true,
    example: ['read', 'execute', 'offline_access'],
    description: 'The most the client may ask for; `offline_access` lets it hold a refresh token.',
  })
  @IsArray()
  @ArrayNotEmpty()
  @NoRepeats()
  @IsIn(CLIENT_SCOPES, { each: true, message: `each value in scopes must be one of: ${CLIENT_SCOPES.join(', ')}` })
  scopes: ClientScope[];

  @ApiPropertyOptional({
    enum: CLIENT_TYPES,
    default: 'confidential',
    description: '`confidential`: a server that keeps a secret. `public`: a native or browser application, which must use PKCE (S256).',
  })
  @Optional()
  @IsIn(CLIENT_TYPES, { message: `type must be one of: ${CLIENT_TYPES.join(', ')}` })
  type?: ClientType;
}

export class OAuthClientResponseDto {
  @ApiProperty({ example: exampleId('oauthClient') })
  id: string;

  @ApiProperty({ example: exampleId('oauthClient'), description: 'The same as `id`.' })
  client_id: string;

  @ApiProperty({ example: 'Acme CLI' })
  name: string;

  @ApiProperty({ enum: CLIENT_TYPES })
  type: ClientType;

  @ApiProperty({ type: [String] })
  redirect_uris: string[];

  @ApiProperty({ enum: CLIENT_SCOPES, isArray: true })
  scopes: ClientScope[];

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class CreatedOAuthClientResponseDto extends OAuthClientResponseDto {
  @ApiPropertyOptional({ example: 'svccs_…', description: 'Confidential clients only, and in this response only: it is stored hashed.' })
  client_secret?: string;
}

export class OAuthClientListResponseDto {
  @ApiProperty({ type: [OAuthClientResponseDto] })
  clients: OAuthClientResponseDto[];

  @ApiProperty({ type: 'integer' })
  total: number;

  @ApiProperty({ type: 'integer' })
  limit: number;

  @ApiProperty({ type: 'integer' })
  offset: number;
}

export function toOAuthClientResponse(client: OAuthClientEntity): OAuthClientResponseDto {
  return {
    id: client.id,
    client_id: client.id,
    name: client.name,
    type: client.type,
    redirect_uris: client.redirectUris,
    scopes: client.scopes,
    created_at: client.createdAt.toISOString(),
  };
}
