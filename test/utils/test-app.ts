import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import pino, { type DestinationStream } from 'pino';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll } from 'vitest';
import { AppModule } from '#src/app.module.js';
import { loadConfig, type AppConfig } from '#src/config/app-config.js';
import { Clock } from '#src/common/clock/clock.js';
import { configureHttp } from '#src/common/http/configure-http.js';
import { NestPinoLogger } from '#src/common/logging/logger.js';
import { openApps } from '#test/utils/open-apps.js';
import { createTestDatabase, embeddedTemplateData, REDIS_URL } from '#test/utils/test-database.js';

export const TEST_KEY_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  http: ReturnType<INestApplication['getHttpServer']>;
  close: () => Promise<void>;
}

export interface TestAppOptions {
  databaseUrl?: string;
  /** Extra environment, e.g. `{ NODE_ENV: 'production' }`. */
  env?: Record<string, string>;
  /** Run against Redis (when the suite has REDIS_URL), with this key prefix; default: a fresh prefix. */
  redisPrefix?: string | false;
  /** Share a data source with another instance (PGlite cannot be opened twice). */
  dataSource?: DataSource;
  /** `cli` builds the administration context (no start-up checks of the index); default `api`. */
  role?: 'api' | 'cli';
  /**
   * Rate limits, off by default: suites make hundreds of requests per organization. `true` (or
   * `env.RATE_LIMITS_ENABLED`) turns them on, as in production.
   */
  rateLimits?: boolean;
  /** Replaces the service's clock (see MovableClock): sessions and invitations expire by it. */
  clock?: Clock;
  /** Where the service's log lines go (default stderr), at TEST_LOG_LEVEL or `env.LOG_LEVEL`. */
  logStream?: DestinationStream;
  /**
   * Stands in for the installation's own `dist/web` (a checkout that was not built when empty); unlike
   * WEB_APP_DIR, which must name a build, it is not checked at start-up.
   */
  webAppDir?: string;
}

export function testConfig(options: TestAppOptions = {}): AppConfig {
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'test',
    API_KEY_SECRET: TEST_KEY_SECRET,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: `/tmp/aqs-test-${process.pid}`,
    RATE_LIMITS_ENABLED: options.rateLimits ? 'true' : 'false',
    // A console built elsewhere (a suite under development builds its own).
    ...(process.env.WEB_APP_DIR ? { WEB_APP_DIR: process.env.WEB_APP_DIR } : {}),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...(REDIS_URL && options.redisPrefix !== false ? { REDIS_URL, REDIS_PREFIX: options.redisPrefix ?? `aqs-test-${randomBytes(4).toString('hex')}` } : {}),
    ...options.env,
  };
  const loaded = loadConfig(env);
  const config = options.webAppDir === undefined ? loaded : { ...loaded, http: { ...loaded.http, webAppDir: options.webAppDir } };
  return config.database.kind === 'pglite' ? { ...config, database: { kind: 'pglite', dataDir: undefined, startFrom: embeddedTemplateData() } } : config;
}

/** The real application, with its real stores, on an ephemeral port through supertest. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(options);
  const logger = pino({ level: config.log.level }, options.logStream ?? pino.destination(2));
  let builder = Test.createTestingModule({
    imports: [AppModule.forRoot(config, { role: options.role ?? 'api', dataSource: options.dataSource })],
  });
  if (options.clock) {
    builder = builder.overrideProvider(Clock).useValue(options.clock);
  }
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, logger: new NestPinoLogger(logger) });
  configureHttp(app, config, logger);
  await app.init();
  const close = app.close.bind(app);
  app.close = async () => {
    openApps.delete(app);
    await close();
  };
  openApps.add(app);
  return { app, config, http: app.getHttpServer(), close: () => app.close() };
}

/** Options for another instance on `app`'s database: its URL, or on PGlite (which cannot be opened twice) its data source. */
export function sameDatabaseAs(app: TestApp): Pick<TestAppOptions, 'databaseUrl' | 'dataSource'> {
  const database = app.config.database;
  return database.kind === 'postgres' ? { databaseUrl: database.url } : { dataSource: app.app.get(DataSource, { strict: false }) };
}

/**
 * The application of one suite, on a database of its own: built before the suite's tests, closed and its
 * database dropped after them. A suite whose application needs a server started first (a model stub, a
 * fixture site) builds it in its own hook with createTestApp.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  let current: TestApp | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = await createTestDatabase();
    dropDatabase = database.drop;
    current = await createTestApp({ databaseUrl: database.url, ...options });
  });
  afterAll(async () => {
    await current?.close();
    await dropDatabase?.();
  });
  const started = (): TestApp => {
    if (current === undefined) {
      throw new Error("the suite's application is used before its beforeAll hook ran");
    }
    return current;
  };
  return {
    get app() {
      return started().app;
    },
    get config() {
      return started().config;
    },
    get http() {
      return started().http;
    },
    close: () => started().close(),
  };
}
