import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { bearer, createOrg } from '#test/utils/factories.js';
import { ingestionEnv } from '#test/utils/ingestion.js';
import { OpenAIStub } from '#test/utils/openai-stub.js';
import { freePort, runProcess, startProcess } from '#test/utils/processes.js';
import { createTestApp, TEST_KEY_SECRET } from '#test/utils/test-app.js';
import { createTestDatabase, REDIS_URL, SERVER_URL } from '#test/utils/test-database.js';
import { until } from '#test/utils/until.js';

const compose = readFileSync(new URL('../../docker-compose.yml', import.meta.url), 'utf8');
const dockerfile = readFileSync(new URL('../../Dockerfile', import.meta.url), 'utf8');

/** The lines of one service of docker-compose.yml: from `  <name>:` to the next line indented as little. */
function serviceBlock(name: string): string[] {
  const lines = compose.split('\n');
  const start = lines.indexOf(`  ${name}:`);
  expect(start, `service ${name} in docker-compose.yml`).toBeGreaterThan(-1);
  const end = lines.findIndex((line, index) => index > start && /^ {0,2}\S/.test(line));
  return lines.slice(start + 1, end === -1 ? undefined : end);
}

function volumesOf(name: string): string[] {
  return serviceBlock(name)
    .map((line) => /^ {6}- ([^\s#]+)/.exec(line)?.[1])
    .filter((volume): volume is string => volume !== undefined && volume.includes(':/'));
}

function variablesOf(name: string): string[] {
  return serviceBlock(name)
    .map((line) => /^ {6}([A-Z][A-Z0-9_]*):/.exec(line)?.[1])
    .filter((variable): variable is string => variable !== undefined);
}

describe('the production files', () => {
  // The image's WORKDIR is /app and DATA_DIR defaults to ./data: UPLOAD_DIR is /app/data/uploads.
  const uploads = '/app/data/uploads';

  it('should give the api and the worker one folder of uploaded files: the api keeps them, the worker reads them', () => {
    const apiUploads = volumesOf('api').find((volume) => volume.endsWith(`:${uploads}`));
    expect(apiUploads, `the api mounts a volume at ${uploads}`).toBeDefined();
    expect(volumesOf('worker')).toContain(apiUploads);
    expect(dockerfile).toMatch(new RegExp(`mkdir -p ${uploads} && chown -R service /app/data`));
  });

  it('should pass the settings people need through to the api', () => {
    // Environment shared by the api and the worker (a YAML anchor), so both see the same values.
    expect(variablesOf('api')).toEqual(expect.arrayContaining(['PUBLIC_URL', 'SMTP_URL', 'TRUST_PROXY', 'API_KEY_SECRET', 'SECRET_ENCRYPTION_KEYS']));
    expect(serviceBlock('worker').join('\n')).toContain('environment: *service-environment');
  });
});

describe('an api and a worker that do not share UPLOAD_DIR', () => {
  it.skipIf(!SERVER_URL || !REDIS_URL)(
    'should fail the sync of an uploaded file with a reason that names UPLOAD_DIR, and no path of the server',
    async () => {
      const stub = await OpenAIStub.start({ dimensions: 512 });
      const { url: databaseUrl, drop } = await createTestDatabase();
      const prefix = `aqs-deployment-${process.pid}`;
      const api = await createTestApp({ databaseUrl, redisPrefix: prefix, env: ingestionEnv(stub, { EMBEDDED_WORKER: 'false' }) });
      const worker = startProcess('dist/src/worker.js', [], {
        ...ingestionEnv(stub, { SYNC_RETRY_TIME_SCALE: '0.01', LOG_LEVEL: 'fatal' }),
        UPLOAD_DIR: mkdtempSync(join(tmpdir(), 'aqs-worker-uploads-')),
        API_KEY_SECRET: TEST_KEY_SECRET,
        DATABASE_URL: databaseUrl,
        REDIS_URL,
        REDIS_PREFIX: prefix,
        EMBEDDED_WORKER: undefined,
      });
      try {
        const org = await createOrg(api.app);
        const created = await request(api.http)
          .post('/api/v1/data-sources')
          .set(...bearer(org.adminKey))
          .send({ type: 'file', name: 'Handbook' })
          .expect(201);
        await request(api.http)
          .post(`/api/v1/data-sources/${created.body.id}/files`)
          .set(...bearer(org.adminKey))
          .attach('file', Buffer.from('# Leave\n\nEveryone has 25 days of leave a year.\n'), 'leave.md')
          .expect(202);
        const status = await until(
          async () => {
            const response = await request(api.http)
              .get(`/api/v1/data-sources/${created.body.id}/status`)
              .set(...bearer(org.adminKey));
            return response.body.status === 'failed' ? (response.body as { error: string }) : undefined;
          },
          60_000,
          'the sync to fail',
        );
        expect(status.error).toContain('UPLOAD_DIR');
        expect(status.error).not.toMatch(/\/(tmp|app|var|home)\//);
      } finally {
        await worker.stop('SIGKILL');
        await api.close();
        await drop();
        await stub.close();
      }
    },
    120_000,
  );
});

/** What a process that cannot start prints: one line naming the setting, no stack, and exit 1. */
async function refusedStart(script: string, env: Record<string, string | undefined>): Promise<string> {
  const result = await runProcess(script, [], { LOG_LEVEL: 'fatal', ...env });
  expect(result.code, result.stderr).toBe(1);
  expect(result.stderr).not.toMatch(/\n\s+at /);
  return result.stderr.trim();
}

describe('starting the api and the worker with settings they cannot start with', () => {
  const tempDir = (): string => mkdtempSync(join(tmpdir(), 'aqs-start-'));

  it('should name DATABASE_URL, without its password, when the database cannot be reached', async () => {
    const closed = await freePort();
    const env = { DATA_DIR: tempDir(), DATABASE_URL: `postgres://aqs:hunter2hunter2@127.0.0.1:${closed}/aqs`, API_KEY_SECRET: TEST_KEY_SECRET };
    for (const [script, extra] of [
      ['dist/src/main.js', { PORT: String(await freePort()) }],
      ['dist/src/worker.js', { REDIS_URL: `redis://127.0.0.1:${closed}` }],
    ] as const) {
      const message = await refusedStart(script, { ...env, ...extra });
      expect(message).toMatch(
        new RegExp(`^(Worker failed to start|Failed to start): Cannot open the database of DATABASE_URL \\(127\\.0\\.0\\.1:${closed}/aqs\\): `),
      );
      expect(message).not.toContain('hunter2');
    }
  }, 120_000);

  it('should refuse EMBEDDED_WORKER=false without REDIS_URL: no process would run the jobs', async () => {
    const message = await refusedStart('dist/src/main.js', { DATA_DIR: tempDir(), PORT: String(await freePort()), EMBEDDED_WORKER: 'false' });
    expect(message).toBe(
      'Failed to start: Invalid configuration: EMBEDDED_WORKER=false needs REDIS_URL: without Redis no other process can run the jobs (syncs, webhook deliveries)',
    );
  }, 120_000);

  it('should refuse MIGRATIONS_RUN=false on a database its migrations have not reached, and say what to run', async () => {
    const message = await refusedStart('dist/src/main.js', { DATA_DIR: tempDir(), PORT: String(await freePort()), MIGRATIONS_RUN: 'false' });
    expect(message).toMatch(
      /^Failed to start: Invalid configuration: MIGRATIONS_RUN=false and the database has migrations to apply: run them first \(node dist\/src\/cli\.js migrate/,
    );
  }, 120_000);

  it('should say in one line that the embedded database is open in another api', async () => {
    const dataDir = tempDir();
    const first = startProcess('dist/src/main.js', [], { DATA_DIR: dataDir, PORT: String(await freePort()), LOG_LEVEL: 'warn' });
    try {
      await first.waitFor(/svcsk_live_/, 120_000);
      const message = await refusedStart('dist/src/main.js', { DATA_DIR: dataDir, PORT: String(await freePort()) });
      expect(message).toMatch(
        new RegExp(`^Failed to start: The embedded database in \\S+ is open in another process \\(pid ${first.child.pid}\\): stop that process first`),
      );
    } finally {
      expect(await first.stop('SIGTERM')).toBe(0);
    }
  }, 180_000);
});
