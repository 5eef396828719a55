type CheckStatus = 'ok' | 'failed' | 'disabled';

export interface ReadinessSample {
  /** performance.now() when the probe was sent and when its answer (or failure) came. */
  sentAt: number;
  answeredAt: number;
  /** The HTTP status, or 0 when the api did not answer at all. */
  status: number;
  database: CheckStatus | undefined;
  redis: CheckStatus | undefined;
}

const PROBE_TIMEOUT_MS = 5_000;

/**
 * Asks `/readyz` every `intervalMs` until stopped, keeping every answer with its timing, so a test can
 * say what readiness reported at each moment of a fault (probes never overlap: a slow answer shows).
 */
export class ReadinessLog {
  readonly samples: ReadinessSample[] = [];
  private running = true;
  private readonly loop: Promise<void>;

  constructor(
    private readonly base: string,
    private readonly intervalMs = 100,
  ) {
    this.loop = this.probeUntilStopped();
  }

  /** Samples sent at or after `from`. */
  since(from: number): ReadinessSample[] {
    return this.samples.filter((sample) => sample.sentAt >= from);
  }

  async stop(): Promise<ReadinessSample[]> {
    this.running = false;
    await this.loop;
    return this.samples;
  }

  private async probeUntilStopped(): Promise<void> {
    while (this.running) {
      this.samples.push(await this.probe());
      await new Promise((resolve) => setTimeout(resolve, this.intervalMs));
    }
  }

  private async probe(): Promise<ReadinessSample> {
    const sentAt = performance.now();
    try {
      const response = await fetch(`${this.base}/readyz`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
      const body = (await response.json()) as { checks?: { database?: { status: CheckStatus }; redis?: { status: CheckStatus } } };
      return { sentAt, answeredAt: performance.now(), status: response.status, database: body.checks?.database?.status, redis: body.checks?.redis?.status };
    } catch {
      return { sentAt, answeredAt: performance.now(), status: 0, database: undefined, redis: undefined };
    }
  }
}
