import { randomUUID } from 'node:crypto';
import type { Logger } from '@nestjs/common';
import type { RedisService } from '#src/common/redis/redis.module.js';

/** How long a broadcast waits for every instance to confirm before answering anyway. */
const ACK_TIMEOUT_MS = 1_000;
const ACK_POLL_MS = 2;

interface Message<T> {
  id: string;
  payload: T;
}

/**
 * Evictions of an in-process cache, broadcast to every instance through Redis. `broadcast` publishes, then
 * waits until every instance that received the message has confirmed it (a counter in Redis), so when the
 * change behind it is acknowledged to the client no instance still serves the old entry. After a Redis
 * reconnection `onGap` runs on each instance, since messages sent meanwhile were lost. Without Redis
 * (one process) there is nobody to tell, and broadcasting does nothing.
 */
export class InvalidationChannel<T> {
  constructor(
    private readonly redis: RedisService,
    private readonly name: string,
    private readonly logger: Logger,
  ) {}

  /** False while this instance cannot hear other instances' invalidations: entries they would evict may be stale. */
  get hearing(): boolean {
    return this.redis.listening;
  }

  listen(onMessage: (payload: T) => void, onGap: () => void): Promise<void> {
    return this.redis.subscribe(this.name, (raw) => this.receive(raw, onMessage), onGap);
  }

  async broadcast(payload: T): Promise<void> {
    if (!this.redis.enabled) {
      return;
    }
    const message: Message<T> = { id: randomUUID(), payload };
    try {
      const receivers = await this.redis.publish(this.name, JSON.stringify(message));
      await this.waitForAcknowledgements(message.id, receivers);
    } catch (error) {
      this.logger.error({ err: error, channel: this.name }, 'Could not broadcast a cache invalidation; other instances keep their entries until they expire');
    }
  }

  private receive(raw: string, onMessage: (payload: T) => void): void {
    let message: Message<T>;
    try {
      message = JSON.parse(raw) as Message<T>;
    } catch {
      this.logger.warn({ channel: this.name }, 'Ignoring a malformed cache invalidation message');
      return;
    }
    onMessage(message.payload);
    this.redis.client
      ?.multi()
      .incr(this.ackKey(message.id))
      .pexpire(this.ackKey(message.id), ACK_TIMEOUT_MS * 10)
      .exec()
      .catch((error: unknown) => this.logger.warn({ err: error, channel: this.name }, 'Could not acknowledge a cache invalidation'));
  }

  private ackKey(id: string): string {
    return this.redis.prefixed(`${this.name}:ack:${id}`);
  }

  private async waitForAcknowledgements(id: string, receivers: number): Promise<void> {
    const deadline = Date.now() + ACK_TIMEOUT_MS;
    while (Number((await this.redis.client!.get(this.ackKey(id))) ?? 0) < receivers) {
      if (Date.now() > deadline) {
        this.logger.warn({ receivers, channel: this.name }, 'Not every instance confirmed a cache invalidation in time');
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, ACK_POLL_MS));
    }
  }
}
