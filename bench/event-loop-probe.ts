import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Preloaded into a process under load (`node --import <this file> dist/src/main.js`, with an IPC channel):
 * measures how late its event loop runs timers, and answers the `EventLoopRequest` message with what it saw
 * since the previous one. Nothing of it is in the service itself; the process runs unchanged.
 */
export type EventLoopRequest = 'event-loop-delay';

/** Milliseconds the event loop was late. */
export interface EventLoopReading {
  mean: number;
  p50: number;
  p99: number;
  max: number;
}

const RESOLUTION_MS = 10;
const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
histogram.enable();

/** The histogram counts the timer's own interval in every sample: what is beyond it is the delay. */
const ms = (nanoseconds: number): number => Math.max(0, nanoseconds / 1e6 - RESOLUTION_MS);

process.on('message', (message: unknown) => {
  if (message !== ('event-loop-delay' satisfies EventLoopRequest)) {
    return;
  }
  const reading: EventLoopReading = {
    mean: ms(histogram.mean),
    p50: ms(histogram.percentile(50)),
    p99: ms(histogram.percentile(99)),
    max: ms(histogram.max),
  };
  histogram.reset();
  process.send?.({ eventLoopDelay: reading });
});
// The channel must not keep the process alive: it exits as it would without the probe.
process.channel?.unref();
