import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

/** A provider's response time, set by the test: a slow provider keeps a sync running long enough to watch or kill it. */
export interface Latency {
  ms: number;
}

export function withLatency(latency: Latency, listener: (request: IncomingMessage, response: ServerResponse) => void): RequestListener {
  return (request, response) => {
    if (latency.ms > 0) {
      setTimeout(() => listener(request, response), latency.ms);
    } else {
      listener(request, response);
    }
  };
}
