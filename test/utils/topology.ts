import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { TARGET_HEADER } from '#bench/loopback-proxy.js';
import { forgetRedisPrefix } from '#bench/redis-prefix.js';
import { Topology } from '#bench/topology.js';
import { runProcess } from '#test/utils/processes.js';
import { TEST_KEY_SECRET } from '#test/utils/test-app.js';
import { adminQuery, withDatabase } from '#test/utils/test-database.js';

/** A database created empty, not copied from the migrated template: the processes that start on it migrate it. */
export async function createEmptyDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `aqs_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  return { url: withDatabase(serverUrl, name), drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/** The organization `org:create` made, as an operator gets it. */
export interface CliOrganization {
  orgId: string;
  adminKey: string;
  adminEmail: string;
  adminInvitation: string;
}

/** Sends a request to one api instance through the proxy instead of the next in turn. */
export const toInstance = (index: number): [string, string] => [TARGET_HEADER, String(index)];

/**
 * Two api and two worker processes (bench/topology.ts) on an empty PostgreSQL database of the test server
 * and a Redis prefix of their own, started together behind the loopback proxy, with what a test needs
 * around them: direct SQL for assertions, the operator's CLI, and a stop that leaves nothing behind.
 */
export class TestTopology {
  private constructor(
    readonly topology: Topology,
    readonly env: Record<string, string | undefined>,
    private readonly pool: pg.Pool,
    private readonly redisUrl: string,
    private readonly dropDatabase: () => Promise<void>,
  ) {}

  /**
   * `env` goes to every process (and the CLI), over these defaults: the test key secret, a fresh
   * encryption key, a data folder shared by the four, rate limits off, info logs (tests read them).
   */
  static async start(serverUrl: string, redisUrl: string, env: Record<string, string | undefined>): Promise<TestTopology> {
    const database = await createEmptyDatabase(serverUrl);
    const processEnv = {
      API_KEY_SECRET: TEST_KEY_SECRET,
      SECRET_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'aqs-topology-')),
      RATE_LIMITS_ENABLED: 'false',
      LOG_LEVEL: 'info',
      ...env,
    };
    const prefix = `aqs-topology-${randomBytes(4).toString('hex')}`;
    let topology: Topology;
    try {
      topology = await Topology.start({ databaseUrl: database.url, redisUrl, redisPrefix: prefix, env: processEnv });
    } catch (error) {
      await database.drop();
      await forgetRedisPrefix(redisUrl, prefix);
      throw error;
    }
    const cliEnv = { ...processEnv, DATABASE_URL: database.url, REDIS_URL: redisUrl, REDIS_PREFIX: prefix, PUBLIC_URL: topology.origin };
    return new TestTopology(topology, cliEnv, new pg.Pool({ connectionString: database.url, max: 2 }), redisUrl, database.drop);
  }

  get origin(): string {
    return this.topology.origin;
  }

  get apis(): Topology['apis'] {
    return this.topology.apis;
  }

  get workers(): Topology['workers'] {
    return this.topology.workers;
  }

  async sql<T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
    return (await this.pool.query<T>(text, params)).rows;
  }

  /** Runs `node dist/src/cli.js` on this deployment; answers the JSON line it prints. */
  async cli(args: string[]): Promise<Record<string, unknown>> {
    return (await this.cliWithLog(args)).output;
  }

  /** As `cli`, with the warnings and errors the command logged. */
  async cliWithLog(args: string[]): Promise<{ output: Record<string, unknown>; warnings: string[] }> {
    const result = await runProcess('dist/src/cli.js', args, this.env);
    if (result.code !== 0) {
      throw new Error(`cli ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
    }
    return {
      output: JSON.parse(result.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>,
      warnings: result.stderr.split('\n').filter((line) => /"level":"(warn|error|fatal)"/.test(line)),
    };
  }

  /** An organization made as the operator makes one, with its plan's limits replaced by `limits` when given. */
  async createOrganization(plan: 'free' | 'pro' | 'enterprise', limits?: object): Promise<CliOrganization> {
    const email = `admin-${randomBytes(4).toString('hex')}@example.test`;
    const created = (await this.cli(['org:create', '--name', `Org ${email}`, '--admin-email', email, '--plan', plan])) as {
      organization: { id: string };
      api_key: string;
      invitation: { token: string };
    };
    if (limits) {
      await this.cli(['org:plan', '--id', created.organization.id, '--limits', JSON.stringify(limits)]);
    }
    return { orgId: created.organization.id, adminKey: created.api_key, adminEmail: email, adminInvitation: created.invitation.token };
  }

  async stop(): Promise<void> {
    await this.topology.stop();
    await this.pool.end();
    await this.dropDatabase();
    await forgetRedisPrefix(this.redisUrl, this.env.REDIS_PREFIX!);
    await rm(this.env.DATA_DIR!, { recursive: true, force: true });
  }
}
