import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { expect } from 'vitest';
import { createTestApp, sameDatabaseAs, type TestApp } from '#test/utils/test-app.js';
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

/**
 * A second api instance on `app`'s database and Redis prefix, answered once both listen on the invalidation
 * `channel` (as `keys:invalidate`): what one instance then broadcasts, the other receives.
 */
export async function startPeer(app: TestApp, channel: string): Promise<TestApp> {
  const prefix = app.config.redis!.prefix;
  const peer = await createTestApp({ ...sameDatabaseAs(app), redisPrefix: prefix });
  try {
    await waitForSubscribers(`${prefix}:${channel}`, 2);
    return peer;
  } catch (error) {
    await peer.close();
    throw error;
  }
}
