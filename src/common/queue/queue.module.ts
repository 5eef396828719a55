import { BullModule } from '@nestjs/bullmq';
import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '#src/config/app-config.js';
import { bullConsumers, BullJobQueue, JobHandlerRegistry } from '#src/common/queue/bull-job-queue.js';
import { QUEUE_CONSUMING } from '#src/common/queue/queue-consuming.js';
import { InProcessJobQueue } from '#src/common/queue/in-process-job-queue.js';
import { JobQueue } from '#src/common/queue/job-queue.js';
import { QueueName } from '#src/common/queue/queue-name.enum.js';

export function bullConnection(url: string): {
  host: string;
  port: number;
  username?: string;
  password?: string;
  db: number;
  tls?: object;
  maxRetriesPerRequest: null;
} {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: Number(parsed.pathname.slice(1) || 0),
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}

/** BullMQ when REDIS_URL is set, the in-process driver otherwise; `consume` decides whether jobs run here. */
@Global()
@Module({})
export class QueueModule {
  static forRoot(config: AppConfig, options: { consume: boolean }): DynamicModule {
    if (!config.redis) {
      return {
        module: QueueModule,
        providers: [{ provide: QUEUE_CONSUMING, useValue: options.consume }, InProcessJobQueue, { provide: JobQueue, useExisting: InProcessJobQueue }],
        exports: [JobQueue],
      };
    }
    return {
      module: QueueModule,
      imports: [
        BullModule.forRoot({ connection: bullConnection(config.redis.url), prefix: config.redis.prefix }),
        BullModule.registerQueue(...Object.values(QueueName).map((name) => ({ name }))),
      ],
      providers: [
        { provide: QUEUE_CONSUMING, useValue: options.consume },
        JobHandlerRegistry,
        BullJobQueue,
        { provide: JobQueue, useExisting: BullJobQueue },
        ...(options.consume ? bullConsumers(config.queueLockMs) : []),
      ],
      exports: [JobQueue],
    };
  }
}
