import autocannon from 'autocannon';

export interface LoadResult {
  /** Responses received. */
  requests: number;
  requestsPerSecond: number;
  /** Latency of the 2xx responses, in fractional milliseconds. */
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** A load's result with what it was computed from: every 2xx latency (ascending) and the load's length. */
export interface TimedLoad extends LoadResult {
  latencies: number[];
  seconds: number;
}

/**
 * Runs autocannon and reads each response's time from its `response` event (process.hrtime, fractional
 * milliseconds). Autocannon's own latency histogram keeps whole milliseconds, which at 2–5 ms per request
 * is coarser than the differences these benchmarks compare.
 */
export async function drive(options: autocannon.Options & { duration: number }): Promise<TimedLoad> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error: Error | null, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', (_client, status, _bytes, responseTime) => {
      if (status >= 200 && status < 300) {
        latencies.push(responseTime);
      }
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    latencies,
    seconds: options.duration,
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** The value at quantile `q` of ascending `sorted` (nearest rank); NaN when empty. */
export function quantile(sorted: readonly number[], q: number): number {
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** Several loads as one: requests and failures added up, quantiles over every latency. */
export function pooled(loads: readonly TimedLoad[]): TimedLoad {
  const latencies = loads.flatMap((load) => load.latencies).sort((a, b) => a - b);
  const seconds = loads.reduce((sum, load) => sum + load.seconds, 0);
  const requests = loads.reduce((sum, load) => sum + load.requests, 0);
  return {
    latencies,
    seconds,
    requests,
    requestsPerSecond: requests / seconds,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    errors: loads.reduce((sum, load) => sum + load.errors, 0),
    non2xx: loads.reduce((sum, load) => sum + load.non2xx, 0),
  };
}

/** The figures of a load, without the latencies they were computed from. */
export function summary({ latencies: _latencies, seconds: _seconds, ...result }: TimedLoad): LoadResult {
  return result;
}
