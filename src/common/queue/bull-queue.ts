import { BullModule } from '@nestjs/bullmq';
import type { DynamicModule, Provider } from '@nestjs/common';
import type { AppConfig } from '#src/config/app-config.js';
import { bullConsumers, BullJobQueue, JobHandlerRegistry, QueueOutageLog } from '#src/common/queue/bull-job-queue.js';
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

/** BullMQ's queues on Redis, and when `consume` is set, their consumers. */
export function bullQueue(
  redis: NonNullable<AppConfig['redis']>,
  options: { consume: boolean; lockMs: number },
): { imports: DynamicModule[]; providers: Provider[] } {
  return {
    imports: [
      BullModule.forRoot({ connection: bullConnection(redis.url), prefix: redis.prefix }),
      BullModule.registerQueue(...Object.values(QueueName).map((name) => ({ name }))),
    ],
    providers: [
      JobHandlerRegistry,
      QueueOutageLog,
      BullJobQueue,
      { provide: JobQueue, useExisting: BullJobQueue },
      ...(options.consume ? bullConsumers(options.lockMs) : []),
    ],
  };
}
