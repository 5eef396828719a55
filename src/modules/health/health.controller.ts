import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '#src/common/auth/auth.decorator.js';
import { HealthService, type ReadinessReport } from '#src/modules/health/health.service.js';

class LivenessDto {
  @ApiProperty({ example: 'ok' })
  status: string;
}

class CheckDto {
  @ApiProperty({ enum: ['ok', 'failed', 'disabled'] })
  status: string;

  @ApiProperty({ required: false, example: 2 })
  latency_ms?: number;

  @ApiProperty({ required: false, description: "Why a check failed, without the driver's words (those are logged).", example: 'timed out after 2000 ms' })
  error?: string;
}

class RateLimitsCheckDto {
  @ApiProperty({
    enum: ['ok', 'degraded', 'disabled'],
    description: '`degraded`: Redis is unreachable, so each instance limits on its own, in memory, until it answers again. Does not affect `status`.',
  })
  status: string;

  @ApiProperty({ required: false, enum: ['redis', 'memory'], description: '`redis`: shared by every instance; `memory`: this instance only.' })
  store?: string;

  @ApiProperty({ required: false, example: '2026-01-31T12:00:00.000Z' })
  degraded_since?: string;
}

class ChecksDto {
  @ApiProperty({ type: CheckDto })
  database: CheckDto;

  @ApiProperty({ type: CheckDto, description: '`disabled` when no REDIS_URL is configured.' })
  redis: CheckDto;

  @ApiProperty({ type: RateLimitsCheckDto })
  rate_limits: RateLimitsCheckDto;
}

class ReadinessDto {
  @ApiProperty({ enum: ['ok', 'unavailable'], description: '`unavailable` when a store does not answer, and from the start of a graceful shutdown.' })
  status: string;

  @ApiProperty({ type: ChecksDto })
  checks: ChecksDto;
}

@ApiTags('Health')
@Controller()
@Public()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get('healthz')
  @ApiOperation({ summary: 'Liveness: the process is up', description: 'Touches no dependency.' })
  @ApiOkResponse({ type: LivenessDto })
  liveness(): LivenessDto {
    return { status: 'ok' };
  }

  @Get('readyz')
  @ApiOperation({ summary: 'Readiness: the database and Redis answer, and the process is not shutting down' })
  @ApiOkResponse({ type: ReadinessDto })
  @ApiServiceUnavailableResponse({ type: ReadinessDto })
  async readiness(@Res({ passthrough: true }) response: Response): Promise<ReadinessReport> {
    const report = await this.health.readiness();
    response.status(report.status === 'ok' ? 200 : 503);
    return report;
  }
}
