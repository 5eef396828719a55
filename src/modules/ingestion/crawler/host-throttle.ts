import { setTimeout as sleep } from 'node:timers/promises';

/** Spaces the starts of requests to one host by at least `delayMs`, whatever the crawl's concurrency. */
export class HostThrottle {
  private readonly nextSlot = new Map<string, number>();

  constructor(private delayMs: number) {}

  /** robots.txt Crawl-delay wins when it is larger than the configured pause. */
  raiseDelay(delayMs: number): void {
    this.delayMs = Math.max(this.delayMs, delayMs);
  }

  async wait(host: string, signal: AbortSignal): Promise<void> {
    const now = performance.now();
    const slot = Math.max(now, this.nextSlot.get(host) ?? 0);
    this.nextSlot.set(host, slot + this.delayMs);
    if (slot > now) {
      await sleep(slot - now, undefined, { signal });
    }
  }
}
