import { setTimeout as sleep } from 'node:timers/promises';
import type { ThrottleGate } from '#src/modules/connectors/provider/http-provider-session.js';

/** The gate of one process: the embedded default (one worker) and tests of a connector alone. */
export class MemoryThrottleGate implements ThrottleGate {
  private readonly until = new Map<string, number>();

  async wait(key: string, signal: AbortSignal): Promise<void> {
    for (let remaining = this.remaining(key); remaining > 0; remaining = this.remaining(key)) {
      await sleep(remaining, undefined, { signal });
    }
  }

  pause(key: string, ms: number): Promise<void> {
    this.until.set(key, Math.max(this.until.get(key) ?? 0, Date.now() + ms));
    return Promise.resolve();
  }

  private remaining(key: string): number {
    const until = this.until.get(key) ?? 0;
    if (until <= Date.now()) {
      this.until.delete(key);
      return 0;
    }
    return until - Date.now();
  }
}
