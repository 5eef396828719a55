import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { JobQueue } from '#src/common/queue/job-queue.js';
import { JobName } from '#src/common/queue/queue-name.enum.js';
import { longestAnswerMs } from '#src/modules/generation/answer-limits.js';
import { InteractionsRepository } from '#src/modules/interactions/interactions.repository.js';

/** How often interactions left pending by a process that is gone are looked for. */
const SWEEP_EVERY_MS = 60_000;
/** Past the longest answer: recording its outcome, a pause of the process, the database's clock. */
const RECORDING_MARGIN_MS = 5 * 60_000;
const SWEEP_BATCH = 500;

export const ABANDONED_ANSWER_ERROR = 'The service stopped before the answer was complete';

/**
 * Marks failed the interactions whose answer no process is generating any more: their api process died
 * (`kill -9`, a crash, a host lost) with the answer under way, and nothing else would ever end them. An
 * interaction is taken as abandoned once it has been pending longer than any answer may run
 * (longestAnswerMs, from PROVIDER_TIMEOUT_MS and PROVIDER_MAX_RETRIES, which every process must share) plus
 * RECORDING_MARGIN_MS, so a sweep, from any process, never touches an answer still running elsewhere. A
 * periodic job (first run at start-up), like the other sweeps; no event, as for any failed interaction.
 */
@Injectable()
export class AbandonedAnswers implements OnModuleInit, OnApplicationBootstrap {
  private readonly abandonedAfterMs: number;

  constructor(
    private readonly queue: JobQueue,
    private readonly interactions: InteractionsRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.abandonedAfterMs = longestAnswerMs(config.generation) + RECORDING_MARGIN_MS;
  }

  onModuleInit(): void {
    this.queue.handle(JobName.FailAbandonedAnswers, async () => {
      await this.sweep();
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.keepScheduled('abandoned-answers-sweep', JobName.FailAbandonedAnswers, {}, SWEEP_EVERY_MS);
  }

  /** Marks the abandoned interactions failed; answers how many. */
  async sweep(): Promise<number> {
    let failed = 0;
    for (;;) {
      const batch = await this.interactions.failPendingOlderThan(this.abandonedAfterMs, ABANDONED_ANSWER_ERROR, SWEEP_BATCH);
      failed += batch;
      if (batch < SWEEP_BATCH) {
        return failed;
      }
    }
  }
}
