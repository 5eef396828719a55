import { ApiProperty, PickType } from '@nestjs/swagger';
import { exampleId } from '#src/common/ids/ids.js';
import { KEY_ENVIRONMENTS, type ApiKeyEntity } from '#src/modules/keys/api-key.entity.js';

export const KEY_STATUSES = ['active', 'revoked', 'expired'] as const;

export function keyStatus(key: ApiKeyEntity, now = Date.now()): (typeof KEY_STATUSES)[number] {
  if (key.revokedAt) {
    return 'revoked';
  }
  return key.expiresAt && key.expiresAt.getTime() <= now ? 'expired' : 'active';
}

export class ApiKeyResponseDto {
  @ApiProperty({ example: exampleId('apiKey') })
  id: string;

  @ApiProperty({ example: 'Production backend' })
  name: string;

  @ApiProperty({ example: 'svcsk_live_Ab3dE9', description: 'The first characters of the key, to recognise it.' })
  prefix: string;

  @ApiProperty({ type: [String], example: ['read', 'execute'] })
  scopes: string[];

  @ApiProperty({ enum: KEY_ENVIRONMENTS })
  environment: string;

  @ApiProperty({ enum: KEY_STATUSES })
  status: string;

  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description: 'The person a personal key belongs to (capped by their role, gone with them); null for an organization key.',
  })
  user_id: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  expires_at: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  last_used_at: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  revoked_at: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

/** The fields SPEC-DECISIONS names for a key just created or rotated: a new key is active, unused and not revoked. */
export class CreatedApiKeyResponseDto extends PickType(ApiKeyResponseDto, ['id', 'name', 'prefix', 'scopes', 'environment', 'expires_at', 'created_at']) {
  @ApiProperty({ example: 'svcsk_live_Ab3dE9…', description: 'The key itself. Shown once: it cannot be retrieved again.' })
  key: string;
}

export class ApiKeyListResponseDto {
  @ApiProperty({ type: [ApiKeyResponseDto] })
  api_keys: ApiKeyResponseDto[];

  @ApiProperty({ type: 'integer', example: 1 })
  total: number;

  @ApiProperty({ type: 'integer', example: 50 })
  limit: number;

  @ApiProperty({ type: 'integer', example: 0 })
  offset: number;
}

export const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

export function toApiKeyResponse(key: ApiKeyEntity): ApiKeyResponseDto {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes,
    environment: key.environment,
    status: keyStatus(key),
    user_id: key.userId,
    expires_at: iso(key.expiresAt),
    last_used_at: iso(key.lastUsedAt),
    revoked_at: iso(key.revokedAt),
    created_at: key.createdAt.toISOString(),
  };
}

export function toCreatedApiKeyResponse(key: ApiKeyEntity, value: string): CreatedApiKeyResponseDto {
  return {
    id: key.id,
    name: key.name,
    key: value,
    prefix: key.prefix,
    scopes: key.scopes,
    environment: key.environment,
    expires_at: iso(key.expiresAt),
    created_at: key.createdAt.toISOString(),
  };
}
