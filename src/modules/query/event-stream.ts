import type { Response } from 'express';

const HEARTBEAT_MS = 15_000;

/**
 * A server-sent event stream on an Express response: named events with JSON data, and a comment line every
 * 15 s so proxies keep the connection open. A client going away is told by the handler's ClientGone signal.
 */
export class EventStream {
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly response: Response) {
    response.status(200);
    response.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    response.setHeader('Cache-Control', 'no-cache, no-transform');
    response.setHeader('Connection', 'keep-alive');
    response.setHeader('X-Accel-Buffering', 'no');
    response.flushHeaders();
    response.socket?.setNoDelay(true);
    this.heartbeat = setInterval(() => this.write(': heartbeat\n\n'), HEARTBEAT_MS);
    this.heartbeat.unref();
    response.on('close', () => clearInterval(this.heartbeat));
  }

  send(event: string, data: unknown): void {
    this.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  end(): void {
    clearInterval(this.heartbeat);
    if (!this.response.writableEnded) {
      this.response.end();
    }
  }

  private write(chunk: string): void {
    if (!this.response.writableEnded && !this.response.destroyed) {
      this.response.write(chunk);
    }
  }
}
