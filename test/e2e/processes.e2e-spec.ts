import { mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, runProcess, startProcess } from '#test/utils/processes.js';
import { startOpenIdProvider } from '#test/utils/oidc-op.js';
import { createSamlIdp } from '#test/utils/saml-idp.js';
import { TEST_KEY_SECRET } from '#test/utils/test-app.js';
import { createTestDatabase, SERVER_URL } from '#test/utils/test-database.js';
import { createTestCertificates } from '#test/utils/tls.js';

const MAIN = 'dist/src/main.js';
const CLI = 'dist/src/cli.js';
const KEY = /svcsk_live_[A-Za-z0-9]{40}/;

const tempDir = (): string => mkdtempSync(join(tmpdir(), 'aqs-e2e-'));

/**
 * These processes run on the embedded store whatever the suite's store is (they set no DATABASE_URL):
 * they run in the pass on the embedded default, and the pass on PostgreSQL does not repeat them.
 */
const EMBEDDED_PASS = !SERVER_URL;
/**
 * The operator's longer command sequences (single sign-on, plans) run against PostgreSQL, where the
 * enterprise deployments they configure live, and where a command takes about 5 CPU-seconds rather than
 * 8: on the embedded store each command opens the database anew. Every command reaches the store through
 * the same services either way; creating organizations and setting passwords run on both.
 */
const OPERATOR_SEQUENCES = Boolean(SERVER_URL);

describe.runIf(EMBEDDED_PASS)('the api process on the embedded default', () => {
  it('should create a default organization on the enterprise plan on first start, print its key once, and serve it', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', RATE_LIMITS_ENABLED: 'true' };

    const first = startProcess(MAIN, [], env);
    const [key] = await first.waitFor(KEY, 60_000);
    const base = `http://127.0.0.1:${port}`;
    const auth = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };

    await waitForHealth(base);
    const [invitationUrl, token] = await first.waitFor(/http:\/\/localhost:\d+\/invitation#token=(svcinv_[A-Za-z0-9_-]{43})/);
    expect(invitationUrl).toContain(`localhost:${port}/invitation`);
    const accepted = await fetch(`${base}/api/auth/invitations/accept`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token, password: 'the operator chose this' }),
    });
    expect(accepted.status).toBe(200);
    expect(accepted.headers.get('set-cookie')).toMatch(/^service_session=/);

    const created = await fetch(`${base}/api/v1/agents`, { method: 'POST', headers: auth, body: JSON.stringify({ name: 'Docs helper', data_source_ids: [] }) });
    expect(created.status).toBe(201);
    const listed = await fetch(`${base}/api/v1/agents`, { headers: auth });
    // The first organization is on the enterprise plan: the key's read bucket (250), not free's 20 a minute, is the tightest limit.
    expect(Number(listed.headers.get('x-ratelimit-limit'))).toBeGreaterThan(20);
    const list = (await listed.json()) as { agents: Array<{ name: string }>; total: number };
    expect(list.total).toBe(1);
    expect(list.agents[0].name).toBe('Docs helper');

    // A second process on the same embedded database would work on a copy of its own and undo the api's changes.
    const beside = await runProcess(CLI, ['org:create', '--name', 'Beside', '--admin-email', 'beside@acme.test'], { DATA_DIR: dataDir });
    expect(beside.code).toBe(1);
    expect(beside.stdout).toBe('');
    expect(beside.stderr).toMatch(new RegExp(`^error: The embedded database in \\S+ is open in another process \\(pid ${first.child.pid}\\)`));
    expect(beside.stderr).not.toContain('"stack"');
    expect(await first.stop('SIGTERM')).toBe(0);
    const after = await runProcess(CLI, ['org:create', '--name', 'After', '--admin-email', 'after@acme.test'], { DATA_DIR: dataDir });
    expect(after.code, after.stderr).toBe(0);

    const second = startProcess(MAIN, [], env);
    await waitForHealth(base);
    expect(second.stdout()).not.toMatch(KEY);
    const again = await fetch(`${base}/api/v1/agents`, { headers: auth });
    expect(again.status).toBe(200);
    expect(await second.stop('SIGTERM')).toBe(0);
  }, 120_000);

  it('should refuse to start in production without API_KEY_SECRET', async () => {
    const result = await runProcess(MAIN, [], { DATA_DIR: tempDir(), PORT: String(await freePort()), NODE_ENV: 'production' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('API_KEY_SECRET is required');
  });
});

describe('the cli', () => {
  let databaseUrl: string | undefined;
  let drop: () => Promise<void>;
  let dataDir: string;

  beforeAll(async () => {
    ({ url: databaseUrl, drop } = await createTestDatabase());
    dataDir = tempDir();
  });

  afterAll(async () => drop?.());

  const cliEnv = (): Record<string, string | undefined> => ({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, API_KEY_SECRET: TEST_KEY_SECRET });

  it('should create an organization and print exactly one JSON line', async () => {
    const result = await runProcess(CLI, ['org:create', '--name', 'Acme', '--admin-email', 'Admin@Acme.test', '--plan', 'pro'], cliEnv());
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n').filter((line) => line.length > 0);
    expect(lines).toHaveLength(1);
    const output = JSON.parse(lines[0]) as { organization: Record<string, unknown>; user: Record<string, unknown>; api_key: string; invitation: unknown };
    expect(output.organization).toMatchObject({ name: 'Acme', plan: 'pro' });
    expect(output.organization.id).toMatch(/^org_/);
    expect(output.user).toMatchObject({ email: 'admin@acme.test', role: 'admin' });
    expect(output.api_key).toMatch(/^svcsk_live_[A-Za-z0-9]{40}$/);
    expect(output.invitation).toEqual({
      url: expect.stringMatching(/^http:\/\/localhost:\d+\/invitation#token=svcinv_[A-Za-z0-9_-]{43}$/),
      token: expect.stringMatching(/^svcinv_/),
      expires_at: expect.any(String),
    });
  }, 60_000);

  it('should set a user\u2019s password read from stdin, and remove an organization\u2019s IP allowlist', async () => {
    const created = await runProcess(CLI, ['org:create', '--name', 'People', '--admin-email', 'people@acme.test', '--plan', 'enterprise'], cliEnv());
    const orgId = (JSON.parse(created.stdout) as { organization: { id: string } }).organization.id;

    const set = await runProcess(CLI, ['user:password', '--org', orgId, '--email', 'People@Acme.test'], cliEnv(), 'a long enough passphrase\n');
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toMatchObject({ user: { email: 'people@acme.test', role: 'admin' }, organization_id: orgId });
    expect(set.stdout + set.stderr).not.toContain('a long enough passphrase');
    const short = await runProcess(CLI, ['user:password', '--org', orgId, '--email', 'people@acme.test'], cliEnv(), 'too short\n');
    expect(short.code).not.toBe(0);
    expect(short.stderr).toContain('12');
    const none = await runProcess(CLI, ['user:password', '--org', orgId, '--email', 'people@acme.test'], cliEnv(), '');
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/^error: no password on stdin/);

    const cleared = await runProcess(CLI, ['org:allowlist', '--id', orgId, '--clear'], cliEnv());
    expect(cleared.code, cleared.stderr).toBe(0);
    expect(JSON.parse(cleared.stdout)).toEqual({ organization: { id: orgId, name: 'People', ip_allowlist: [] } });
    const withoutClear = await runProcess(CLI, ['org:allowlist', '--id', orgId], cliEnv());
    expect(withoutClear.code).not.toBe(0);
    expect(withoutClear.stderr).toContain('--clear');
  }, 120_000);

  it.runIf(OPERATOR_SEQUENCES)(
    'should configure single sign-on from the command line: domains, a SAML connection, enforcement, refusing other plans',
    async () => {
      const json = async (args: string[], env = cliEnv()) => {
        const result = await runProcess(CLI, args, env);
        expect(result.code, result.stderr).toBe(0);
        return JSON.parse(result.stdout) as Record<string, unknown>;
      };
      const orgId = ((await json(['org:create', '--name', 'Sso', '--admin-email', 'sso@acme-cli.test', '--plan', 'enterprise'])).organization as { id: string })
        .id;
      const metadata = join(mkdtempSync(join(tmpdir(), 'aqs-cli-sso-')), 'idp.xml');
      writeFileSync(metadata, createSamlIdp().metadata());

      expect(await json(['org:domain', '--org', orgId, '--domain', 'acme-cli.test', '--add'])).toMatchObject({
        verified: false,
        record: expect.stringMatching(/^aqs-verification=/),
      });
      expect(await json(['org:domain', '--org', orgId, '--domain', 'acme-cli.test', '--add', '--verified'])).toEqual({
        domain: 'acme-cli.test',
        verified: true,
      });
      const connection = await json(['sso:add', '--org', orgId, '--type', 'saml', '--name', 'Okta', '--metadata', metadata]);
      expect(connection).toMatchObject({ type: 'saml', name: 'Okta', details: { idp_entity_id: 'https://idp.example.test/saml', certificates: 1 } });
      const listed = await json(['sso:list', '--org', orgId], { ...cliEnv(), PUBLIC_URL: 'https://agents.acme-cli.test' });
      expect(listed.connections).toEqual([
        expect.objectContaining({
          acs_url: `https://agents.acme-cli.test/api/auth/saml/${String(connection.id)}/acs`,
          sign_on_url: `https://agents.acme-cli.test/api/auth/saml/${String(connection.id)}/login`,
        }),
      ]);
      expect(await json(['sso:enforce', 'on', '--org', orgId])).toMatchObject({ enforced: true });
      expect(await json(['sso:settings', '--org', orgId, '--default-role', 'train'])).toMatchObject({ enforced: true, default_role: 'train' });

      const pro = ((await json(['org:create', '--name', 'Pro', '--admin-email', 'pro@acme-cli.test'])).organization as { id: string }).id;
      const refused = await runProcess(CLI, ['sso:add', '--org', pro, '--type', 'saml', '--name', 'Okta', '--metadata', metadata], cliEnv());
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain('enterprise plan');
      const noSecret = await runProcess(
        CLI,
        ['sso:add', '--org', orgId, '--type', 'oidc', '--name', 'G', '--issuer', 'https://accounts.example.test', '--client-id', 'x'],
        cliEnv(),
      );
      expect(noSecret.stderr).toContain('SSO_CLIENT_SECRET');
      const op = await startOpenIdProvider({ clients: [], accounts: [] });
      try {
        const withSecret = await json([
          'sso:add',
          ...['--org', orgId, '--type', 'oidc', '--name', 'Acme OP', '--issuer', op.issuer, '--client-id', 'aqs', '--client-secret', 'on-the-command-line'],
          '--allow-private',
        ]);
        expect(withSecret).toMatchObject({ type: 'oidc', name: 'Acme OP' });
      } finally {
        await op.close();
      }
    },
    300_000,
  ); // A dozen CLI processes, each starting the whole application: minutes on a loaded machine.

  it.runIf(OPERATOR_SEQUENCES)(
    'should change an organization\u2019s plan and limit overrides, and issue an organization key, refusing bad options',
    async () => {
      const created = await runProcess(CLI, ['org:create', '--name', 'Plans', '--admin-email', 'plans@acme.test'], cliEnv());
      const orgId = (JSON.parse(created.stdout) as { organization: { id: string } }).organization.id;

      const changed = await runProcess(CLI, ['org:plan', '--id', orgId, '--plan', 'enterprise', '--limits', '{"requests_per_day": 500000}'], cliEnv());
      expect(changed.code).toBe(0);
      expect(JSON.parse(changed.stdout)).toEqual({
        organization: { id: orgId, name: 'Plans', plan: 'enterprise', settings: { limits: { requests_per_day: 500000 } } },
      });

      const issued = await runProcess(CLI, ['key:create', '--org', orgId, '--name', 'Recovered', '--scopes', 'read,execute'], cliEnv());
      expect(issued.code, issued.stderr).toBe(0);
      expect(JSON.parse(issued.stdout)).toEqual({
        api_key: expect.objectContaining({ name: 'Recovered', scopes: ['read', 'execute'], environment: 'live', key: expect.stringMatching(/^svcsk_live_/) }),
        organization_id: orgId,
      });

      for (const [args, message] of [
        [['org:plan', '--id', 'org_nope', '--plan', 'pro'], '--id'],
        [['org:plan', '--id', orgId, '--plan', 'platinum'], '--plan'],
        [['org:plan', '--id', orgId, '--limits', '{oops'], '--limits'],
        [['org:plan', '--id', orgId], 'give --plan'],
        [['org:plan', '--id', orgId, '--limits', '{"requests_per_minute": 0}'], 'requests_per_minute'],
        [['org:plan', '--id', orgId, '--limits', '{"requests_per_minute": 10}'], 'requests_per_minute must be at least 1000'],
        [['org:plan', '--id', 'org_01JD8X0Q5W3V7N2K4M6P8R9T1A', '--plan', 'pro'], 'not found'],
        [['key:create', '--org', orgId, '--name', 'ops', '--scopes', 'admin,root'], '--scopes'],
      ] as const) {
        const result = await runProcess(CLI, [...args], cliEnv());
        expect(result.code, args.join(' ')).not.toBe(0);
        expect(result.stdout).toBe('');
        expect(result.stderr).toContain(message);
      }
    },
    120_000,
  );

  it('should fail with a message and no output for bad arguments', async () => {
    for (const args of [
      ['org:create', '--name', 'Acme'],
      ['org:create', '--name', 'Acme', '--admin-email', 'not-an-email'],
      ['org:create', '--name', 'Acme', '--admin-email', 'a@b.test', '--plan', 'platinum'],
      ['no-such-command'],
    ]) {
      const result = await runProcess(CLI, args, cliEnv());
      expect(result.code).not.toBe(0);
      expect(result.stdout).toBe('');
      expect(result.stderr.length).toBeGreaterThan(0);
    }
    const help = await runProcess(CLI, ['--help'], cliEnv());
    expect(help.code).toBe(0);
    expect(help.stdout).toBe('');
    for (const command of ['org:create', 'org:plan', 'user:password', 'sso:add', 'org:domain', 'migrate', 'reembed', 'openapi']) {
      expect(help.stderr).toContain(command);
    }
  }, 60_000);
});

describe.runIf(EMBEDDED_PASS)('native TLS in production', () => {
  it('should serve HTTPS with HSTS and redirect plain HTTP to it', async () => {
    const certificates = createTestCertificates();
    const port = await freePort();
    const redirectPort = await freePort();
    const api = startProcess(MAIN, [], {
      NODE_ENV: 'production',
      API_KEY_SECRET: TEST_KEY_SECRET,
      DATA_DIR: tempDir(),
      PORT: String(port),
      HTTP_REDIRECT_PORT: String(redirectPort),
      TLS_CERT: certificates.certPath,
      TLS_KEY: certificates.keyPath,
      LOG_LEVEL: 'warn',
    });
    try {
      const response = await waitFor(() => httpsGet(`https://localhost:${port}/healthz`, certificates.ca), 60_000);
      expect(response.status).toBe(200);
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');

      const redirected = await fetch(`http://127.0.0.1:${redirectPort}/api/v1/agents?limit=5`, { redirect: 'manual' });
      expect(redirected.status).toBe(301);
      expect(redirected.headers.get('location')).toBe(`https://127.0.0.1:${port}/api/v1/agents?limit=5`);
      // Load balancers probe over plain HTTP: the probes are answered there, not redirected.
      for (const probe of ['/healthz', '/readyz']) {
        const answered = await fetch(`http://127.0.0.1:${redirectPort}${probe}`, { redirect: 'manual' });
        expect(answered.status, probe).toBe(200);
      }

      await expect(httpsGet(`https://localhost:${port}/healthz`, certificates.ca, 'TLSv1.1')).rejects.toThrow();
    } finally {
      await api.stop();
    }
  }, 90_000);
});

async function waitFor<T>(attempt: () => Promise<T>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline) {
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

async function waitForHealth(base: string): Promise<void> {
  await waitFor(async () => {
    const response = await fetch(`${base}/healthz`);
    if (!response.ok) {
      throw new Error(`status ${response.status}`);
    }
  }, 60_000);
}

function httpsGet(url: string, ca: Buffer, maxVersion?: 'TLSv1.1'): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(url, { ca, ...(maxVersion ? { maxVersion, minVersion: 'TLSv1' } : {}) }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
    });
    request.on('error', reject);
    request.end();
  });
}
