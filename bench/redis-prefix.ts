import { Redis } from 'ioredis';

/** Removes what processes left under `prefix` in a shared Redis server (queues, schedules, counters, channels). */
export async function forgetRedisPrefix(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) {
      await redis.del(...keys);
    }
  } finally {
    redis.disconnect();
  }
}
