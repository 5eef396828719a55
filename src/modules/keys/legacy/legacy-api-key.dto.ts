import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { exampleId } from '#src/common/ids/ids.js';
import { IsDateTime, Optional } from '#src/common/validation/validators.js';
import { KEY_ENVIRONMENTS, type ApiKeyEntity } from '#src/modules/keys/api-key.entity.js';
import { iso, KEY_STATUSES, keyStatus, toCreatedApiKeyResponse } from '#src/modules/keys/dto/api-key.response.dto.js';
import { ApiKeyFields } from '#src/modules/keys/dto/create-api-key.dto.js';

/** `POST /api/api-keys`: a legacy `sk_live_` key, optionally expiring. */
export class CreateLegacyApiKeyDto extends ApiKeyFields {
  @ApiPropertyOptional({ format: 'date-time', example: '2027-01-31T00:00:00.000Z', description: 'After this instant the key answers 401 expired_api_key.' })
  @Optional()
  @IsDateTime()
  expiresAt?: string;
}

export class LegacyApiKeyResponseDto {
  @ApiProperty({ example: exampleId('apiKey') })
  id: string;

  @ApiProperty({ example: 'Production backend' })
  name: string;

  @ApiProperty({ example: 'sk_live_Ab3dE9' })
  prefix: string;

  @ApiProperty({ type: [String], example: ['agents:read', 'chat'] })
  scopes: string[];

  @ApiProperty({ enum: KEY_ENVIRONMENTS })
  environment: string;

  @ApiProperty({ enum: KEY_STATUSES })
  status: string;

  @ApiProperty({ type: String, nullable: true, example: null, description: 'The person a personal key belongs to; null for an organization key.' })
  userId: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  expiresAt: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastUsedAt: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  revokedAt: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

/** The fields SPEC-DECISIONS names for a key just created or rotated, camelCased. */
export class LegacyCreatedApiKeyResponseDto extends PickType(LegacyApiKeyResponseDto, [
  'id',
  'name',
  'prefix',
  'scopes',
  'environment',
  'expiresAt',
  'createdAt',
]) {
  @ApiProperty({ example: 'sk_live_Ab3dE9…', description: 'The key itself. Shown once: it cannot be retrieved again.' })
  key: string;
}

export class LegacyApiKeyListResponseDto {
  @ApiProperty({ type: [LegacyApiKeyResponseDto] })
  apiKeys: LegacyApiKeyResponseDto[];

  @ApiProperty({ type: 'integer', example: 1 })
  total: number;

  @ApiProperty({ type: 'integer', example: 50 })
  limit: number;

  @ApiProperty({ type: 'integer', example: 0 })
  offset: number;
}

export function toLegacyApiKeyResponse(key: ApiKeyEntity): LegacyApiKeyResponseDto {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes,
    environment: key.environment,
    status: keyStatus(key),
    userId: key.userId,
    expiresAt: iso(key.expiresAt),
    lastUsedAt: iso(key.lastUsedAt),
    revokedAt: iso(key.revokedAt),
    createdAt: key.createdAt.toISOString(),
  };
}

/** The versioned creation response, camelCased. */
export function toLegacyCreatedApiKeyResponse(key: ApiKeyEntity, value: string): LegacyCreatedApiKeyResponseDto {
  const { expires_at: expiresAt, created_at: createdAt, ...fields } = toCreatedApiKeyResponse(key, value);
  return { ...fields, expiresAt, createdAt };
}
