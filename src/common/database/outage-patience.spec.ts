import { describe, expect, it } from 'vitest';
import { withOutagePatience } from '#src/common/database/outage-patience.js';

const unreachable = (): Error => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const timing = { firstWaitMs: 5, maxWaitMs: 20 };

describe('withOutagePatience', () => {
  it('should run the work again while the database is unreachable, waiting longer each time, and answer its result', async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await withOutagePatience(
      async () => {
        calls += 1;
        if (calls < 5) {
          throw unreachable();
        }
        return 'done';
      },
      { ...timing, patienceMs: 1_000, signal: new AbortController().signal, onWait: (_error, waitMs) => waits.push(waitMs) },
    );
    expect(result).toBe('done');
    expect(waits).toEqual([5, 10, 20, 20]);
  });

  it('should throw at once any failure that is not the database being unreachable', async () => {
    let calls = 0;
    const refused = new Error('duplicate key value violates unique constraint');
    await expect(
      withOutagePatience(
        async () => {
          calls += 1;
          throw refused;
        },
        { ...timing, patienceMs: 1_000, signal: new AbortController().signal },
      ),
    ).rejects.toBe(refused);
    expect(calls).toBe(1);
  });

  it('should give up with the last failure once the outage outlasts its patience', async () => {
    let calls = 0;
    const started = Date.now();
    await expect(
      withOutagePatience(
        async () => {
          calls += 1;
          throw unreachable();
        },
        { firstWaitMs: 1, maxWaitMs: 2, patienceMs: 300, signal: new AbortController().signal },
      ),
    ).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(calls).toBeGreaterThan(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('should wait as long as it takes with an unlimited patience', async () => {
    let calls = 0;
    const result = await withOutagePatience(
      async () => {
        calls += 1;
        if (calls < 40) {
          throw unreachable();
        }
        return 'resumed';
      },
      { firstWaitMs: 1, maxWaitMs: 2, patienceMs: Number.POSITIVE_INFINITY, signal: new AbortController().signal },
    );
    expect(result).toBe('resumed');
    expect(calls).toBe(40);
  });

  it('should stop waiting as soon as the process stops', async () => {
    const stopping = new AbortController();
    const waiting = withOutagePatience(
      async () => {
        throw unreachable();
      },
      { firstWaitMs: 60_000, maxWaitMs: 60_000, patienceMs: 600_000, signal: stopping.signal },
    );
    setTimeout(() => stopping.abort(), 20);
    const started = Date.now();
    await expect(waiting).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('should give a failure after work that got going the whole patience again', async () => {
    let calls = 0;
    const result = await withOutagePatience(
      async () => {
        calls += 1;
        if (calls === 2) {
          await new Promise((resolve) => setTimeout(resolve, 190));
        }
        if (calls < 6) {
          throw unreachable();
        }
        return calls;
      },
      { firstWaitMs: 10, maxWaitMs: 20, patienceMs: 200, signal: new AbortController().signal },
    );
    expect(result).toBe(6);
  });
});
