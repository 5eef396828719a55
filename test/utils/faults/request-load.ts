export interface RequestOutcome {
  /** performance.now() when the request was sent and when it settled. */
  sentAt: number;
  settledAt: number;
  /** The HTTP status; 0 when no answer came (the connection failed, or the client gave up after `timeoutMs`). */
  status: number;
  headers: Record<string, string>;
  /** The parsed JSON body, when there was one. */
  body: unknown;
  /** Why there was no answer. */
  failure?: string;
}

/**
 * Keeps `concurrency` clients sending requests back to back until stopped, each request bounded by
 * `timeoutMs` on the client side (a request that reaches it counts as hung), and records every outcome.
 */
export class RequestLoad {
  readonly outcomes: RequestOutcome[] = [];
  private running = true;
  private readonly clients: Promise<void>[];

  constructor(
    private readonly send: (signal: AbortSignal) => Promise<Response>,
    options: { concurrency: number; timeoutMs: number; pauseMs?: number },
  ) {
    this.clients = Array.from({ length: options.concurrency }, () => this.client(options.timeoutMs, options.pauseMs ?? 20));
  }

  /** Outcomes of requests sent at or after `from` (performance.now()). */
  sentSince(from: number): RequestOutcome[] {
    return this.outcomes.filter((outcome) => outcome.sentAt >= from);
  }

  /** Resolves once `count` requests sent at or after `from` have settled. */
  async settledSince(from: number, count: number, timeoutMs: number): Promise<RequestOutcome[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.sentSince(from).length < count) {
      if (Date.now() > deadline) {
        throw new Error(`Only ${this.sentSince(from).length} of ${count} requests settled in ${timeoutMs} ms`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return this.sentSince(from);
  }

  async stop(): Promise<RequestOutcome[]> {
    this.running = false;
    await Promise.all(this.clients);
    return this.outcomes;
  }

  private async client(timeoutMs: number, pauseMs: number): Promise<void> {
    while (this.running) {
      this.outcomes.push(await this.once(timeoutMs));
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }

  private async once(timeoutMs: number): Promise<RequestOutcome> {
    const sentAt = performance.now();
    try {
      const response = await this.send(AbortSignal.timeout(timeoutMs));
      const text = await response.text();
      return { sentAt, settledAt: performance.now(), status: response.status, headers: Object.fromEntries(response.headers), body: parse(text) };
    } catch (error) {
      const failure = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      return { sentAt, settledAt: performance.now(), status: 0, headers: {}, body: undefined, failure };
    }
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
