import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { expect } from 'vitest';
import { REDIS_URL } from '#test/utils/test-database.js';

/** Waits (10 s at most) until `count` connections listen on the channel: an instance must be subscribed before another publishes to it. */
export async function waitForSubscribers(channel: string, count: number): Promise<void> {
  const redis = new Redis(REDIS_URL!);
  try {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const [, subscribers] = (await redis.pubsub('NUMSUB', channel)) as [string, number];
      if (subscribers >= count || Date.now() > deadline) {
        expect(subscribers).toBeGreaterThanOrEqual(count);
        return;
      }
      await sleep(50);
    }
  } finally {
    redis.disconnect();
  }
}
