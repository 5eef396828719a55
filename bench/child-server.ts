import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

/** What a server started by forkServer posts to its parent once it listens. */
export interface ChildServerReady {
  port: number;
  [detail: string]: unknown;
}

/**
 * Runs a stand-in for a remote service (a website, an embedding provider) in a child process, so its work
 * does not land on the event loop or the CPU budget of the process being measured. The module at
 * `moduleUrl` is started with `args`, and must post a ChildServerReady message when it listens.
 */
export async function forkServer(moduleUrl: string, args: string[]): Promise<{ ready: ChildServerReady; close: () => Promise<void> }> {
  const child = fork(fileURLToPath(moduleUrl), args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: [] });
  const [ready] = (await once(child, 'message')) as [ChildServerReady];
  return {
    ready,
    close: async () => {
      child.kill();
      await once(child, 'exit');
    },
  };
}
