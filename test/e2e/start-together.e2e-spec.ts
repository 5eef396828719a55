import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, startCommand, type RunningProcess } from '#test/utils/processes.js';
import { TEST_KEY_SECRET } from '#test/utils/test-app.js';
import { createTestDatabase, REDIS_URL, SERVER_URL } from '#test/utils/test-database.js';
import { until } from '#test/utils/until.js';

const CHECKOUT_FILES = ['src', 'bench', 'web', 'scripts', 'ormconfig.ts', 'package.json', 'package-lock.json', '.swcrc', 'tsconfig.json'];

/** A checkout of the project's sources with no dist/, sharing this one's installed packages. */
function freshCheckout(): string {
  const dir = mkdtempSync(join(tmpdir(), 'aqs-checkout-'));
  for (const file of CHECKOUT_FILES) {
    cpSync(resolve(file), join(dir, file), { recursive: true });
  }
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

describe('an api and a worker started together from one checkout', () => {
  it.skipIf(!SERVER_URL || !REDIS_URL)(
    'should build dist/ once, under a lock, and both start from it',
    async () => {
      const checkout = freshCheckout();
      const { url: databaseUrl, drop } = await createTestDatabase();
      const port = await freePort();
      const env = {
        DATABASE_URL: databaseUrl,
        REDIS_URL,
        REDIS_PREFIX: `aqs-start-${randomBytes(4).toString('hex')}`,
        PORT: String(port),
        DATA_DIR: join(checkout, 'data'),
        API_KEY_SECRET: TEST_KEY_SECRET,
        SECRET_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
        EMBEDDED_WORKER: 'false',
        LOG_LEVEL: 'info',
      };
      const processes: RunningProcess[] = [];
      try {
        processes.push(startCommand('npm', ['start'], env, { cwd: checkout }), startCommand('npm', ['run', 'start:worker'], env, { cwd: checkout }));
        const [api, worker] = processes;
        await Promise.all([api.waitFor(/API listening/, 120_000), worker.waitFor(/Worker started/, 120_000)]);
        await until(async () => ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200 ? true : undefined), 30_000, 'the api to be ready');

        const output = processes.map((running) => running.stdout() + running.stderr()).join('\n');
        expect(output.match(/Built dist\/ in/g)).toHaveLength(1);
        expect(output.match(/dist\/ is up to date/g)).toHaveLength(1);
        expect(readdirSync(checkout).filter((name) => name.startsWith('.build-') || name.startsWith('.dist-old-'))).toEqual([]);
        expect(existsSync(join(checkout, '.build.lock'))).toBe(false);
      } finally {
        await Promise.all(processes.map((running) => running.stop()));
        await drop();
        rmSync(checkout, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
