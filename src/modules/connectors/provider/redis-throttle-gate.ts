import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import type { ThrottleGate } from '#src/modules/connectors/provider/http-provider-session.js';

/** Keeps the later of the pause in force and the new one, atomically. */
const PAUSE_SCRIPT = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local wanted = tonumber(ARGV[1])
if wanted > current then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
end
return 1`;

/** A provider's pause shared by every worker, in Redis; Redis unreachable: each worker honours what it saw itself. */
export class RedisThrottleGate implements ThrottleGate {
  private readonly local = new Map<string, number>();

  constructor(
    private readonly redis: Redis,
    private readonly prefixed: (name: string) => string,
  ) {}

  async wait(key: string, signal: AbortSignal): Promise<void> {
    for (let until = await this.until(key); until > Date.now(); until = await this.until(key)) {
      await sleep(until - Date.now(), undefined, { signal });
    }
  }

  async pause(key: string, ms: number): Promise<void> {
    const until = Date.now() + ms;
    this.local.set(key, Math.max(this.local.get(key) ?? 0, until));
    await this.redis.eval(PAUSE_SCRIPT, 1, this.redisKey(key), String(until), String(ms + 1_000)).catch(() => undefined);
  }

  private async until(key: string): Promise<number> {
    const shared = await this.redis.get(this.redisKey(key)).catch(() => null);
    return Math.max(Number(shared ?? 0), this.local.get(key) ?? 0);
  }

  private redisKey(key: string): string {
    return this.prefixed(`connector-throttle:${key}`);
  }
}
