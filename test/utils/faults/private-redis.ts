import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { freePort } from '#test/utils/processes.js';
import { until } from '#test/utils/until.js';

/**
 * A redis-server of a test's own on a free loopback port, keeping nothing on disk: killing it and starting
 * it again is a Redis restart that lost everything (jobs, schedules, rate-limit counters), and touches no
 * other test file.
 */
export class PrivateRedis {
  private child: ChildProcess | undefined;

  private constructor(readonly port: number) {}

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort());
    await redis.launch();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Kills the server (SIGKILL: no shutdown, as a crash or a lost machine). */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    }
  }

  /** Starts it again on the same port, empty. */
  async restart(): Promise<void> {
    await this.kill();
    await this.launch();
  }

  private async launch(): Promise<void> {
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    this.child = child;
    await until(
      async () => {
        if (child.exitCode !== null) {
          throw new Error(`redis-server exited (${child.exitCode}):\n${output}`);
        }
        return output.includes('Ready to accept connections') ? true : undefined;
      },
      10_000,
      'redis-server to accept connections',
      20,
    );
  }
}
