import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsString, Matches, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { exampleId } from '#src/common/ids/ids.js';
import { Optional, Trimmed } from '#src/common/validation/validators.js';
import { PROVIDERS, type Provider, type ProviderKeyEntity } from '#src/modules/provider-keys/provider-key.entity.js';

export const MIN_API_KEY_LENGTH = 12;
export const MAX_API_KEY_LENGTH = 4096;
export const MAX_BASE_URL_LENGTH = 2048;

export class CreateProviderKeyDto {
  @ApiProperty({ enum: PROVIDERS, description: '`openai`, `anthropic`, or `custom` (any endpoint speaking OpenAI\u2019s chat completions).' })
  @IsIn(PROVIDERS, { message: `provider must be one of: ${PROVIDERS.join(', ')}` })
  provider: Provider;

  @ApiProperty({
    writeOnly: true,
    minLength: MIN_API_KEY_LENGTH,
    maxLength: MAX_API_KEY_LENGTH,
    example: 'sk-proj-\u2026',
    description: 'The key. Encrypted at rest, never returned (only its last four characters) and never logged.',
  })
  @IsString()
  @MinLength(MIN_API_KEY_LENGTH, { message: `api_key must be at least ${MIN_API_KEY_LENGTH} characters` })
  @MaxLength(MAX_API_KEY_LENGTH, { message: `api_key must be at most ${MAX_API_KEY_LENGTH} characters` })
  @Matches(/^[\x21-\x7e]+$/, { message: 'api_key must be printable ASCII without spaces' })
  api_key: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 200, example: 'Production OpenAI key' })
  @Optional({ nullable: true })
  @Trimmed()
  @IsString()
  @MinLength(1, { message: 'name must not be empty' })
  @MaxLength(200)
  name?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    format: 'uri',
    maxLength: MAX_BASE_URL_LENGTH,
    example: 'https://llm.example.com/v1',
    description:
      'Required for `custom`: the OpenAI-compatible API root (requests go to `{base_url}/chat/completions`). Optional for `openai` (default ' +
      'https://api.openai.com/v1, or the operator\u2019s OPENAI_BASE_URL) and `anthropic` (default https://api.anthropic.com). Must be https ' +
      'and must not point at a private, loopback, link-local or metadata address (both lifted by the operator\u2019s ALLOW_PRIVATE_TARGETS, ' +
      'for tests and local trials only).',
  })
  @ValidateIf((dto: CreateProviderKeyDto) => dto.provider === 'custom' || (dto.base_url !== undefined && dto.base_url !== null))
  @IsDefined({ message: 'base_url is required when provider is custom' })
  @IsString()
  @MaxLength(MAX_BASE_URL_LENGTH)
  base_url?: string | null;
}

export class ProviderKeyResponseDto {
  @ApiProperty({ example: exampleId('providerKey') })
  id: string;

  @ApiProperty({ enum: PROVIDERS })
  provider: string;

  @ApiProperty({ type: String, nullable: true, example: 'Production OpenAI key' })
  name: string | null;

  @ApiProperty({ type: String, nullable: true, example: null })
  base_url: string | null;

  @ApiProperty({ example: 'x7Qd', description: 'The last four characters of the key; the key itself is never returned.' })
  last_four: string;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class ProviderKeyListResponseDto {
  @ApiProperty({ type: [ProviderKeyResponseDto] })
  provider_keys: ProviderKeyResponseDto[];

  @ApiProperty({ type: 'integer', example: 1 })
  total: number;

  @ApiProperty({ type: 'integer', example: 50 })
  limit: number;

  @ApiProperty({ type: 'integer', example: 0 })
  offset: number;
}

export function toProviderKeyResponse(key: ProviderKeyEntity): ProviderKeyResponseDto {
  return {
    id: key.id,
    provider: key.provider,
    name: key.name,
    base_url: key.baseUrl,
    last_four: key.lastFour,
    created_at: key.createdAt.toISOString(),
  };
}
