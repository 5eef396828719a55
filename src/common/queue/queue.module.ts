import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '#src/config/app-config.js';
import { QUEUE_CONSUMING } from '#src/common/queue/queue-consuming.js';
import { InProcessJobQueue } from '#src/common/queue/in-process-job-queue.js';
import { JobQueue } from '#src/common/queue/job-queue.js';

/**
 * BullMQ when REDIS_URL is set, the in-process driver otherwise; `consume` decides whether jobs run here.
 * BullMQ is imported only when it is the one: the embedded default never loads it.
 */
@Global()
@Module({})
export class QueueModule {
  static forRoot(config: AppConfig, options: { consume: boolean }): DynamicModule | Promise<DynamicModule> {
    const consuming = { provide: QUEUE_CONSUMING, useValue: options.consume };
    const redis = config.redis;
    if (!redis) {
      return {
        module: QueueModule,
        providers: [consuming, InProcessJobQueue, { provide: JobQueue, useExisting: InProcessJobQueue }],
        exports: [JobQueue],
      };
    }
    return import('#src/common/queue/bull-queue.js').then(({ bullQueue }) => {
      const bull = bullQueue(redis, { consume: options.consume, lockMs: config.queueLockMs });
      return { module: QueueModule, imports: bull.imports, providers: [consuming, ...bull.providers], exports: [JobQueue] };
    });
  }
}
