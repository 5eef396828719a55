import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RedisService } from '#src/common/redis/redis.module.js';
import { LimitsService, type RateLimitStatus } from '#src/modules/limits/limits.service.js';

export interface CheckResult {
  status: 'ok' | 'failed' | 'disabled';
  latency_ms?: number;
  error?: string;
}

export interface ReadinessReport {
  status: 'ok' | 'unavailable';
  /**
   * `rate_limits` informs and does not decide readiness: while Redis is unreachable the redis check fails
   * (and with it readiness), but requests are still served, limited per instance (`degraded`).
   */
  checks: { database: CheckResult; redis: CheckResult; rate_limits: RateLimitStatus };
}

const CHECK_TIMEOUT_MS = 2_000;

async function timed(check: () => Promise<unknown>): Promise<CheckResult> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { status: 'ok', latency_ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { status: 'failed', error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

@Injectable()
export class HealthService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly redis: RedisService,
    private readonly limits: LimitsService,
  ) {}

  async readiness(): Promise<ReadinessReport> {
    const [database, redis] = await Promise.all([
      timed(() => this.dataSource.query('SELECT 1')),
      this.redis.enabled ? timed(() => this.redis.ping()) : Promise.resolve<CheckResult>({ status: 'disabled' }),
    ]);
    const ready = database.status === 'ok' && redis.status !== 'failed';
    return { status: ready ? 'ok' : 'unavailable', checks: { database, redis, rate_limits: this.limits.status() } };
  }
}
