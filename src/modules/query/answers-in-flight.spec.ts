import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '#src/config/app-config.js';
import { AppError } from '#src/common/errors/app.error.js';
import { longestAnswerMs } from '#src/modules/generation/answer-limits.js';
import { AnswersInFlight } from '#src/modules/query/answers-in-flight.js';

const GENERATION = { timeoutMs: 1_000, maxRetries: 0 };

function inFlight(shutdownTimeoutMs = 200): AnswersInFlight {
  return new AnswersInFlight({ generation: GENERATION, http: { shutdownTimeoutMs } } as AppConfig);
}

/** An answer that runs until its signal stops it, then fails with the signal's reason. */
function untilStopped(signal: AbortSignal): Promise<string> {
  return new Promise((_resolve, reject) => {
    const stopped = (): void => reject(signal.reason as Error);
    if (signal.aborted) {
      stopped();
    }
    signal.addEventListener('abort', stopped, { once: true });
  });
}

async function failureOf(answer: Promise<unknown>): Promise<AppError> {
  const error = await answer.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('AnswersInFlight', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should stop an answer when its client goes away', async () => {
    const client = new AbortController();
    const answer = inFlight().run(client.signal, untilStopped);
    client.abort(new Error('The client closed the connection'));
    await expect(answer).rejects.toThrow('The client closed the connection');
  });

  it('should stop an answer that runs longer than an answer may', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const answer = failureOf(inFlight().run(undefined, untilStopped));
    vi.advanceTimersByTime(longestAnswerMs(GENERATION));
    const error = await answer;
    expect({ code: error.code, message: error.message }).toEqual({
      code: 'service_unavailable',
      message: 'The answer took longer than 902 s, the longest an answer may take, and was stopped',
    });
  });

  it('should let answers finish within half the shutdown grace, stop the rest with 503, and refuse new ones', async () => {
    const answers = inFlight(400);
    const quick = answers.run(undefined, () => new Promise<string>((resolve) => setTimeout(() => resolve('answered'), 50)));
    const slow = failureOf(answers.run(undefined, untilStopped));
    const started = performance.now();
    await answers.beforeApplicationShutdown();
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(await quick).toBe('answered');
    const stopped = await slow;
    expect({ code: stopped.code, message: stopped.message, headers: stopped.headers }).toEqual({
      code: 'service_unavailable',
      message: 'The service is restarting: ask again',
      headers: { 'Retry-After': '5' },
    });
    expect(() => answers.admit()).toThrow('The service is restarting: ask again');
    await expect(answers.run(undefined, untilStopped)).rejects.toThrow('The service is restarting: ask again');
  });

  it('should close at once when no answer runs', async () => {
    const started = performance.now();
    await inFlight(10_000).beforeApplicationShutdown();
    expect(performance.now() - started).toBeLessThan(100);
  });
});
