import { Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis, type RedisOptions } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { outageLog } from '#src/common/redis/outage-log.js';

type MessageHandler = (message: string) => void;

const SUBSCRIBE_WAIT_MS = 2_000;

export function redisOptions(): RedisOptions {
  return {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  };
}

/**
 * The shared Redis connections, when REDIS_URL is set: one for commands, one for subscriptions.
 * Commands fail fast while Redis is unreachable (no offline queue), so callers can fall back.
 */
@Injectable()
export class RedisService implements OnApplicationShutdown {
  private readonly logger = new Logger('Redis');
  readonly client: Redis | undefined;
  private subscriber: Redis | undefined;
  /** Connections made for one user each (createConnection), closed with the others. */
  private readonly dedicated: Redis[] = [];
  /** Resolves once the subscriber has connected and subscribed to every channel registered so far. */
  private subscribed: Promise<void> | undefined;
  private readonly handlers = new Map<string, Set<MessageHandler>>();
  private readonly reconnectHandlers = new Set<() => void>();
  private subscriberListening = false;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    if (config.redis) {
      this.client = new Redis(config.redis.url, redisOptions());
      this.client.on('error', outageLog(this.logger, 'Redis command connection error'));
    }
  }

  get enabled(): boolean {
    return this.client !== undefined;
  }

  /**
   * Whether this instance hears what other instances publish: always without Redis (there are no others),
   * else only while the subscriber is connected and subscribed. A cache that other instances invalidate
   * must not be trusted while this is false, since their messages are being lost.
   */
  get listening(): boolean {
    return !this.config.redis || this.subscriberListening;
  }

  /** A key or channel name under this deployment's prefix, so several deployments can share one Redis. */
  prefixed(name: string): string {
    return `${this.config.redis?.prefix ?? 'aqs'}:${name}`;
  }

  /** Answers how many subscribers (this instance included) received the message. */
  async publish(channel: string, message: string): Promise<number> {
    if (!this.client) {
      return 0;
    }
    return this.client.publish(this.prefixed(channel), message);
  }

  /** Handlers also learn of reconnections, since messages published while disconnected are lost. */
  async subscribe(channel: string, handler: MessageHandler, onReconnect?: () => void): Promise<void> {
    if (!this.config.redis) {
      return;
    }
    const name = this.prefixed(channel);
    const handlers = this.handlers.get(name) ?? new Set<MessageHandler>();
    handlers.add(handler);
    this.handlers.set(name, handlers);
    if (onReconnect) {
      this.reconnectHandlers.add(onReconnect);
    }
    if (!this.subscriber) {
      this.subscriber = this.createSubscriber(this.config.redis.url);
    } else if (this.subscriber.status === 'ready') {
      await this.subscriber.subscribe(name);
      return;
    }
    // Wait for the subscription so an instance listens before it serves, but never block start-up on a down Redis.
    await Promise.race([this.subscribed, new Promise((resolve) => setTimeout(resolve, SUBSCRIBE_WAIT_MS).unref())]);
  }

  /**
   * A connection of its own, for a user that needs its own timeouts (e.g. a short command timeout), closed on
   * shutdown; undefined without REDIS_URL. The caller listens for its 'error' events.
   */
  createConnection(options: RedisOptions = {}): Redis | undefined {
    if (!this.config.redis) {
      return undefined;
    }
    const connection = new Redis(this.config.redis.url, { ...redisOptions(), ...options });
    this.dedicated.push(connection);
    return connection;
  }

  async ping(): Promise<void> {
    if (!this.client) {
      throw new Error('Redis is not configured');
    }
    await this.client.ping();
  }

  async onApplicationShutdown(): Promise<void> {
    const connections = [this.client, this.subscriber, ...this.dedicated].filter((connection): connection is Redis => connection !== undefined);
    await Promise.all(connections.map((connection) => connection.quit().catch(() => connection.disconnect())));
  }

  private createSubscriber(url: string): Redis {
    const subscriber = new Redis(url, { ...redisOptions(), enableOfflineQueue: true, maxRetriesPerRequest: null });
    let connectedBefore = false;
    let firstSubscription: () => void = () => undefined;
    this.subscribed = new Promise((resolve) => (firstSubscription = resolve));
    subscriber.on('error', outageLog(this.logger, 'Redis subscriber connection error'));
    subscriber.on('close', () => (this.subscriberListening = false));
    subscriber.on('ready', () => {
      const channels = [...this.handlers.keys()];
      subscriber
        .subscribe(...channels)
        .then(() => {
          // Only once subscribed again: an invalidation published before this point is lost, hence the flush.
          if (connectedBefore) {
            this.reconnectHandlers.forEach((handler) => handler());
          }
          connectedBefore = true;
          this.subscriberListening = true;
          firstSubscription();
        })
        .catch((error: Error) => this.logger.warn({ err: error.message }, 'Redis subscribe failed'));
    });
    subscriber.on('message', (channel: string, message: string) => {
      this.handlers.get(channel)?.forEach((handler) => handler(message));
    });
    return subscriber;
  }
}

@Global()
@Module({ providers: [RedisService], exports: [RedisService] })
export class RedisModule {}
