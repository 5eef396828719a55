import { expect } from 'vitest';
import { freePort, startProcess, type RunningProcess } from '#test/utils/processes.js';
import { until } from '#test/utils/until.js';

/** The production shape: one api process (HTTP) and one worker process (queue consumers), on the same stores. */
export interface ServiceProcesses {
  /** `http://127.0.0.1:<port>` of the api. */
  base: string;
  api: RunningProcess;
  worker: RunningProcess;
  /** The processes that have exited (they are never restarted), each with the end of its stderr: `[]` while both run. */
  exited: () => string[];
  stop: () => Promise<void>;
}

/**
 * Starts dist/src/main.js and dist/src/worker.js with `env` (which names DATABASE_URL and REDIS_URL) and waits for the
 * api to answer; the worker shows it is up by running jobs.
 */
export async function startServiceProcesses(env: Record<string, string | undefined>): Promise<ServiceProcesses> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const api = startProcess('dist/src/main.js', [], { ...env, PORT: String(port), HOST: '127.0.0.1', EMBEDDED_WORKER: 'false' });
  const worker = startProcess('dist/src/worker.js', [], { ...env, EMBEDDED_WORKER: undefined });
  const stop = async (): Promise<void> => {
    await Promise.all([api.stop('SIGKILL'), worker.stop('SIGKILL')]);
  };
  try {
    await until(async () => ((await fetch(`${base}/healthz`).catch(() => undefined))?.ok ? true : undefined), 60_000, 'the api process');
  } catch (error) {
    await stop();
    throw new Error(`${String(error)}\napi stderr:\n${api.stderr()}\nworker stderr:\n${worker.stderr()}`, { cause: error });
  }
  return {
    base,
    api,
    worker,
    exited: () =>
      Object.entries({ api, worker })
        .filter(([, running]) => running.child.exitCode !== null || running.child.signalCode !== null)
        .map(([name, running]) => `the ${name} process exited (${running.child.exitCode ?? running.child.signalCode}):\n${running.stderr().slice(-2_000)}`),
    stop,
  };
}

/** Creates a resource on a running api with `key`, expecting 201, and answers its body. */
export function creator(base: string, key: string): <T = { id: string }>(path: string, body: unknown) => Promise<T> {
  return async <T>(path: string, body: unknown): Promise<T> => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status, `POST ${path}`).toBe(201);
    return (await response.json()) as T;
  };
}
