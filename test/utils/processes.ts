import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';

export interface RunningProcess {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the first match of `pattern` in stdout, or rejects after `timeoutMs`. */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/**
 * Starts a built entry point (dist/src/...) as a real process. Rate limits are off unless `env` turns them
 * on (RATE_LIMITS_ENABLED), as in createTestApp: tests poll far faster than any plan allows.
 */
export function startProcess(script: string, args: string[], env: Record<string, string | undefined>, stdin?: string): RunningProcess {
  return startCommand(process.execPath, [script, ...args], env, { stdin });
}

/** Starts any command (`npm start`, say) as startProcess starts an entry point. */
export function startCommand(
  command: string,
  args: string[],
  env: Record<string, string | undefined>,
  options: { stdin?: string; cwd?: string } = {},
): RunningProcess {
  const { stdin, cwd } = options;
  const child = spawn(command, args, {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, RATE_LIMITS_ENABLED: 'false', ...env },
    stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    // Its own process group, so that stopping `npm start` stops the server npm started too.
    detached: true,
  });
  child.stdin?.end(stdin);
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);

  return {
    child,
    stdout: () => out,
    stderr: () => err,
    waitFor: async (pattern, timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = (out + err).match(pattern);
        if (match) {
          return match;
        }
        if (child.exitCode !== null || Date.now() > deadline) {
          throw new Error(`${pattern} did not appear (exit ${child.exitCode}).\nstdout:\n${out}\nstderr:\n${err}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
        try {
          process.kill(-child.pid, signal);
        } catch (error) {
          // The group may have gone between the check and the kill.
          if ((error as NodeJS.ErrnoException).code !== 'ESRCH') {
            throw error;
          }
        }
      }
      return exited;
    },
  };
}

/** Runs a command to completion, with `stdin` as its input if given. */
export async function runProcess(
  script: string,
  args: string[],
  env: Record<string, string | undefined>,
  stdin?: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const running = startProcess(script, args, env, stdin);
  const code = await once(running.child, 'exit').then(([exitCode]) => exitCode as number | null);
  return { code, stdout: running.stdout(), stderr: running.stderr() };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') {
    throw new Error('no port');
  }
  return address.port;
}
