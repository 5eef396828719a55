import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { AppError } from '#src/common/errors/app.error.js';
import { ErrorCode } from '#src/common/errors/error-code.enum.js';
import { longestAnswerMs } from '#src/modules/generation/answer-limits.js';

/** How soon a client whose answer a restart stopped is told to ask again (another instance, or this one restarted). */
const RESTART_RETRY_AFTER_SECONDS = 5;

function restarting(): AppError {
  return new AppError(ErrorCode.ServiceUnavailable, 'The service is restarting: ask again', {
    headers: { 'Retry-After': String(RESTART_RETRY_AFTER_SECONDS) },
  });
}

/**
 * The answers this process is generating, each under one signal that stops it when its client goes away,
 * when it has run as long as an answer may (longestAnswerMs, which makes an interaction pending for longer
 * one that no process is answering: see AbandonedAnswers), or when the process shuts down.
 *
 * At shutdown (SIGTERM) new queries are refused with 503 `service_unavailable` ("The service is
 * restarting: ask again", Retry-After: 5), and the answers in flight get half of SHUTDOWN_TIMEOUT_MS to
 * finish. Those still running then are stopped with the same error, which a streamed query sends as its
 * `error` event and the interaction records as its failure, so that every answer has ended, and been
 * recorded, before the HTTP server closes.
 */
@Injectable()
export class AnswersInFlight implements BeforeApplicationShutdown {
  private readonly running = new Map<AbortController, Promise<unknown>>();
  private readonly longestMs: number;
  private readonly drainMs: number;
  private closing = false;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.longestMs = longestAnswerMs(config.generation);
    this.drainMs = config.http.shutdownTimeoutMs / 2;
  }

  /** Refuses a query once the shutdown has begun, before it is recorded. */
  admit(): void {
    if (this.closing) {
      throw restarting();
    }
  }

  /** Runs an answer under its signal, stopped by the client's `client` signal, the answer time limit or the shutdown. */
  run<T>(client: AbortSignal | undefined, answer: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const stop = new AbortController();
    const clientGone = (): void => stop.abort(client?.reason);
    client?.addEventListener('abort', clientGone, { once: true });
    if (client?.aborted) {
      clientGone();
    }
    if (this.closing) {
      stop.abort(restarting());
    }
    const deadline = setTimeout(() => stop.abort(tooLong(this.longestMs)), this.longestMs);
    deadline.unref();
    const outcome = answer(stop.signal).finally(() => {
      clearTimeout(deadline);
      client?.removeEventListener('abort', clientGone);
      this.running.delete(stop);
    });
    this.running.set(stop, outcome);
    return outcome;
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.closing = true;
    if (this.running.size === 0) {
      return;
    }
    const drained = Promise.allSettled(this.running.values());
    const grace = new AbortController();
    await Promise.race([drained, sleep(this.drainMs, undefined, { signal: grace.signal }).catch(() => undefined)]);
    grace.abort();
    for (const stop of this.running.keys()) {
      stop.abort(restarting());
    }
    await Promise.allSettled(this.running.values());
  }
}

function tooLong(ms: number): AppError {
  return new AppError(ErrorCode.ServiceUnavailable, `The answer took longer than ${Math.round(ms / 1000)} s, the longest an answer may take, and was stopped`);
}
