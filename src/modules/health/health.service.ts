import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RedisService } from '#src/common/redis/redis.module.js';
import { LimitsService, type RateLimitStatus } from '#src/modules/limits/limits.service.js';

export interface CheckResult {
  status: 'ok' | 'failed' | 'disabled';
  latency_ms?: number;
  error?: string;
}

export interface ReadinessReport {
  /** `unavailable` also once the process has begun to shut down, so that a load balancer sends it nothing new. */
  status: 'ok' | 'unavailable';
  /**
   * `rate_limits` informs and does not decide readiness: while Redis is unreachable the redis check fails
   * (and with it readiness), but requests are still served, limited per instance (`degraded`).
   */
  checks: { database: CheckResult; redis: CheckResult; rate_limits: RateLimitStatus };
}

const CHECK_TIMEOUT_MS = 2_000;
const logger = new Logger('Health');

class CheckTimeout extends Error {}

/**
 * The probe is public: it says that a store failed and how, never the driver's words (they can name internal
 * hosts, users or databases), which go to the log.
 */
async function timed(name: string, check: () => Promise<unknown>): Promise<CheckResult> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new CheckTimeout(`timed out after ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { status: 'ok', latency_ms: Math.round(performance.now() - started) };
  } catch (error) {
    logger.warn({ err: error, check: name }, 'A readiness check failed');
    return { status: 'failed', error: error instanceof CheckTimeout ? error.message : 'the store refused or failed: the reason is in the log' };
  } finally {
    clearTimeout(timer);
  }
}

@Injectable()
export class HealthService implements OnModuleDestroy {
  private stopping = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly redis: RedisService,
    private readonly limits: LimitsService,
  ) {}

  /** The first of the shutdown hooks: from here until the server closes, requests in flight finish and nothing new should come. */
  onModuleDestroy(): void {
    this.stopping = true;
  }

  async readiness(): Promise<ReadinessReport> {
    const [database, redis] = await Promise.all([
      timed('database', () => this.dataSource.query('SELECT 1')),
      this.redis.enabled ? timed('redis', () => this.redis.ping()) : Promise.resolve<CheckResult>({ status: 'disabled' }),
    ]);
    const ready = !this.stopping && database.status === 'ok' && redis.status !== 'failed';
    return { status: ready ? 'ok' : 'unavailable', checks: { database, redis, rate_limits: this.limits.status() } };
  }
}
