import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsString, MaxLength, MinLength } from 'class-validator';
import { Optional, Trimmed, NoRepeats } from '#src/common/validation/validators.js';
import { ALL_SCOPES } from '#src/common/auth/permissions.js';
import { KEY_ENVIRONMENTS, type KeyEnvironment } from '#src/modules/keys/api-key.entity.js';

const SCOPES_DOC = {
  type: String,
  isArray: true,
  enum: [...ALL_SCOPES],
  default: ['read'],
  example: ['read', 'execute'],
  description: 'Versioned (read, write, execute, admin) or legacy (chat, agents:read, …) scopes, lower case. Defaults to ["read"].',
};

export class ApiKeyFields {
  @ApiProperty({ example: 'Production backend', maxLength: 200 })
  @Trimmed()
  @IsString()
  @MinLength(1, { message: 'name must not be empty' })
  @MaxLength(200)
  name: string;

  @ApiPropertyOptional(SCOPES_DOC)
  @Optional()
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(ALL_SCOPES.length)
  @NoRepeats()
  @IsIn(ALL_SCOPES, { each: true, message: `each value in scopes must be one of: ${ALL_SCOPES.join(', ')}` })
  scopes?: string[];
}

/** `POST /api/v1/api-keys`: a `svcsk_live_` or `svcsk_test_` key, which never expires. */
export class CreateApiKeyDto extends ApiKeyFields {
  @ApiPropertyOptional({ enum: KEY_ENVIRONMENTS, default: 'live' })
  @Optional()
  @IsIn(KEY_ENVIRONMENTS)
  environment?: KeyEnvironment;
}
