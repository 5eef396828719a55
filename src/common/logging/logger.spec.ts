import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '#src/common/logging/logger.js';

function capture(): { stream: Writable; lines: () => Array<Record<string, unknown>> } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString());
      callback();
    },
  });
  return {
    stream,
    lines: () =>
      chunks
        .join('')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe('createLogger', () => {
  it('should write JSON lines with level and time', () => {
    const { stream, lines } = capture();
    createLogger({ log: { level: 'info' } }, stream).info({ request_id: 'req_1' }, 'hello');
    expect(lines()[0]).toMatchObject({ level: 'info', msg: 'hello', request_id: 'req_1', service: 'agent-query-service' });
    expect(typeof lines()[0].time).toBe('string');
  });

  it('should redact credentials wherever they appear', () => {
    const { stream, lines } = capture();
    const secret = 'svcsk_live_0123456789abcdefghijABCDEFGHIJ0123456789';
    createLogger({ log: { level: 'info' } }, stream).info(
      {
        req: { headers: { authorization: `Bearer ${secret}`, cookie: `service_session=${secret}` } },
        key: secret,
        secret,
        password: secret,
        provider: { api_key: secret, apiKey: secret, token: secret },
      },
      'request',
    );
    const output = JSON.stringify(lines());
    expect(output).not.toContain(secret);
    expect(output).toContain('[REDACTED]');
  });

  it('should drop lines below the configured level', () => {
    const { stream, lines } = capture();
    const logger = createLogger({ log: { level: 'warn' } }, stream);
    logger.info('quiet');
    logger.warn('loud');
    expect(lines().map((line) => line.msg)).toEqual(['loud']);
  });
});
