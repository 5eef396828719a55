import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { LoopbackProxy, TARGET_HEADER, type Balance } from '#bench/loopback-proxy.js';

/** An instance answering its own name after `delayMs`. */
async function instance(name: string, delayMs: number): Promise<{ server: Server; origin: string }> {
  const server = createServer((_request, response) => setTimeout(() => response.end(name), delayMs));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('the loopback proxy in front of a slow instance and a fast one', () => {
  const closing: Array<() => Promise<unknown>> = [];

  afterEach(async () => {
    await Promise.all(closing.splice(0).map((close) => close()));
  });

  /** `clients` loops, each sending `requests` one after the other: which instance answered each. */
  async function drive(balance: Balance, clients: number, requests: number, headers: Record<string, string> = {}): Promise<string[]> {
    const instances = await Promise.all([instance('slow', 80), instance('fast', 0)]);
    closing.push(
      ...instances.map(
        ({ server }) =>
          () =>
            new Promise((resolve) => server.close(resolve)),
      ),
    );
    const proxy = await LoopbackProxy.start(
      instances.map(({ origin }) => origin),
      0,
      balance,
    );
    closing.push(() => proxy.close());
    const answers = await Promise.all(
      Array.from({ length: clients }, async () => {
        const answered: string[] = [];
        for (let sent = 0; sent < requests; sent++) {
          answered.push(await (await fetch(proxy.url('/'), { headers })).text());
        }
        return answered;
      }),
    );
    return answers.flat();
  }

  const count = (answers: string[], name: string): number => answers.filter((answer) => answer === name).length;

  it('should take turns in round robin, however slow an instance is', async () => {
    const answers = await drive('round-robin', 4, 10);
    expect(count(answers, 'slow')).toBe(20);
    expect(count(answers, 'fast')).toBe(20);
  });

  it('should send most requests to the instance with fewer in flight when balancing by outstanding requests', async () => {
    const answers = await drive('least-outstanding', 4, 10);
    expect(count(answers, 'fast')).toBeGreaterThanOrEqual(25);
  });

  it('should still send a pinned request to the instance it names', async () => {
    const answers = await drive('least-outstanding', 2, 3, { [TARGET_HEADER]: '0' });
    expect(count(answers, 'slow')).toBe(6);
  });
});
