import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ErrorCode } from '#src/common/errors/error-code.enum.js';
import { exampleId } from '#src/common/ids/ids.js';

export class ErrorBodyDto {
  @ApiProperty({ enum: ErrorCode, example: ErrorCode.InvalidRequest })
  code: string;

  @ApiProperty({ example: 'temperature must not be greater than 2' })
  message: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'For validation failures each offending field with its messages (`body` for the body as a whole); empty when the error has nothing to add.',
    example: { temperature: ['temperature must not be greater than 2'] },
  })
  details: Record<string, unknown>;
}

/** The versioned envelope (`/api/v1/...`). */
export class ErrorResponseDto {
  @ApiProperty({ type: ErrorBodyDto })
  error: ErrorBodyDto;

  @ApiProperty({ example: exampleId('request'), description: 'Also sent as the X-Request-Id header.' })
  request_id: string;
}

export class ScopeErrorResponseDto extends ErrorResponseDto {
  @ApiProperty({ example: 'write', description: 'The scope that would grant this endpoint.' })
  required_scope: string;

  @ApiProperty({ type: [String], example: ['read'] })
  current_scopes: string[];
}

export class LegacyErrorBodyDto {
  @ApiProperty({
    example: 'invalid_api_key',
    description: 'invalid_api_key, expired_api_key, insufficient_scope, rate_limit_exceeded, invalid_request, not_found, …',
  })
  code: string;

  @ApiProperty({ example: 'Invalid API key' })
  message: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'For validation failures: each offending field with its messages.',
    example: { limit: ['limit must not be greater than 200'] },
  })
  details?: Record<string, unknown>;
}

/** The legacy envelope (`/api/...`). */
export class LegacyErrorResponseDto {
  @ApiProperty({ type: LegacyErrorBodyDto })
  error: LegacyErrorBodyDto;

  @ApiProperty({ type: 'integer', example: 401 })
  status: number;
}

export class LegacyScopeErrorResponseDto extends LegacyErrorResponseDto {
  @ApiProperty({ type: 'integer', example: 403 })
  declare status: number;

  @ApiProperty({ example: 'agents:write', description: 'The scope that would grant this endpoint.' })
  required_scope: string;

  @ApiProperty({ type: [String], example: ['agents:read'] })
  current_scopes: string[];
}

/** 429 on versioned paths: the envelope plus the limit that was hit and when it is whole again. */
export class RateLimitErrorResponseDto extends ErrorResponseDto {
  @ApiProperty({ type: 'integer', example: 20, description: 'The limit that was hit (requests, model tokens or concurrent requests).' })
  limit: number;

  @ApiProperty({
    format: 'date-time',
    example: '2026-01-31T12:01:00.000Z',
    description: 'When that limit is whole again; the same instant as X-RateLimit-Reset.',
  })
  reset_at: string;
}

/** 429 of sign-in throttling (`too_many_attempts`): the limit that was reached, and the wait, as in Retry-After. */
export class TooManyAttemptsResponseDto extends RateLimitErrorResponseDto {
  @ApiProperty({ type: 'integer', example: 840, description: 'Seconds until sign-in is open again; the same as the Retry-After header.' })
  retry_after: number;
}

/** 429 on legacy paths. */
export class LegacyRateLimitErrorResponseDto extends LegacyErrorResponseDto {
  @ApiProperty({ type: 'integer', example: 429 })
  declare status: number;

  @ApiProperty({ type: 'integer', example: 12, description: 'Seconds to wait before retrying; the same as the Retry-After header.' })
  retryAfter: number;
}
