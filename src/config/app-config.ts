import { parseTrustProxy, type TrustProxy } from '#src/config/trust-proxy.js';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Global, Module, type DynamicModule } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { CONNECTOR_ENV_KEYS, connectorsConfig, type ConnectorsConfig } from '#src/config/connector-config.js';
import { ENV_KEYS, EnvDto, type EnvKey } from '#src/config/env.dto.js';
import { ConfigError } from '#src/config/config-error.js';
import { checkFolder, checkWebBuild, readCertificates, readTlsFiles } from '#src/config/config-files.js';

export const APP_CONFIG = Symbol('APP_CONFIG');
/** Which entry point runs: `api`, `worker` or `cli`. */
export const PROCESS_ROLE = Symbol('PROCESS_ROLE');
export type ProcessRole = 'api' | 'worker' | 'cli';

export type DatabaseConfig =
  | { kind: 'postgres'; url: string; poolSize: number }
  /**
   * `dataDir` undefined keeps the database in memory; `startFrom`, a data directory dumped by PGlite, is where
   * such a database starts instead of an empty cluster (the tests' migrated template, as on PostgreSQL).
   */
  | { kind: 'pglite'; dataDir: string | undefined; startFrom?: Blob };

export interface AppConfig {
  nodeEnv: EnvDto['NODE_ENV'];
  appEnv: NonNullable<EnvDto['APP_ENV']>;
  isProduction: boolean;
  dataDir: string;
  http: {
    host: string;
    port: number;
    trustProxy: TrustProxy;
    /** Where people reach the service; unset: each request's own scheme and host. */
    publicUrl: string | undefined;
    /** The web console's build; unset: dist/web of this installation. */
    webAppDir: string | undefined;
    /** The certificate and private key (PEM) of TLS_CERT and TLS_KEY. */
    tls: { cert: Buffer; key: Buffer } | undefined;
    redirectPort: number | undefined;
    bodyLimitBytes: number;
    shutdownTimeoutMs: number;
  };
  database: DatabaseConfig;
  migrationsRun: boolean;
  redis: { url: string; prefix: string } | undefined;
  keys: { hashSecret: string; cacheTtlMs: number };
  /** Agents read through the api are cached this long at most (0: not cached); every change evicts them on every instance. */
  agents: { cacheTtlMs: number };
  log: { level: EnvDto['LOG_LEVEL'] };
  /** Queue processors run inside the api process (the embedded default) rather than in `npm run start:worker`. */
  embeddedWorker: boolean;
  /** Outbound requests to customer URLs may reach private addresses (tests and local trials only). */
  allowPrivateTargets: boolean;
  uploadDir: string;
  crawl: { concurrency: number; delayMs: number; timeoutMs: number; maxPageBytes: number };
  /** Multiplies a failing sync's waits (tests only). */
  sync: { retryTimeScale: number };
  /** Documents are parsed and chunked in this many worker threads, off the event loop, each with this much heap. */
  parsing: { threads: number; memoryMb: number; timeoutMs: number };
  chunking: { tokens: number; overlapTokens: number };
  embeddings: EmbeddingConfig;
  queueLockMs: number;
  generation: GenerationConfig;
  /** Empty only in production without SECRET_ENCRYPTION_KEYS: provider keys and webhooks are then unavailable. */
  secrets: { encryptionKeys: readonly EncryptionKey[] };
  webhooks: { timeoutMs: number; extraCaCertificates: Buffer[]; retryTimeScale: number };
  /** Per-key token buckets and per-organization plan limits; shared through Redis when it is configured. */
  rateLimits: { enabled: boolean };
  /** Outgoing e-mail; unset: invitations and reset links are only returned by the API and the CLI. */
  mail: { url: string; from: string } | undefined;
  /** Name servers for domain verification; empty: the system's. */
  dnsServers: string[];
  /** Each OAuth connector's provider: the service's client there and the provider's URLs. */
  connectors: ConnectorsConfig;
}

/** Operator-configured model providers: trusted endpoints, used when an agent has no provider key of its own. */
export interface GenerationConfig {
  /** Per attempt; also the longest a stream may go without a token. */
  timeoutMs: number;
  maxRetries: number;
  openai: { baseUrl: string; apiKey: string | undefined };
  anthropic: { baseUrl: string; apiKey: string | undefined };
  custom: { baseUrl: string | undefined; apiKey: string | undefined };
}

/** An AES-256 key that encrypts provider keys at rest, named so stored ciphertexts say which key they need. */
export interface EncryptionKey {
  id: string;
  key: Buffer;
}

export type EmbeddingConfig =
  | { provider: 'local'; model: 'use-lite'; dimensions: 512; batchSize: number; threads: number }
  | { provider: 'openai'; model: string; dimensions: number; baseUrl: string; apiKey: string | undefined; batchSize: number };

const LOCAL_EMBEDDING_DIMENSIONS = 512;

export { ConfigError };

/** Makes the validated configuration injectable as APP_CONFIG everywhere. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig, role: ProcessRole = 'api'): DynamicModule {
    return {
      module: ConfigModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: PROCESS_ROLE, useValue: role },
      ],
      exports: [APP_CONFIG, PROCESS_ROLE],
    };
  }
}

const ONE_MIB = 1024 * 1024;

/** Reads and validates the environment once; the only place that touches process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const raw: Partial<Record<EnvKey, string>> = {};
  for (const key of ENV_KEYS) {
    if (env[key] !== undefined) {
      raw[key] = env[key];
    }
  }
  const dto = plainToInstance(EnvDto, raw, { exposeDefaultValues: true });
  const errors = validateSync(dto, { whitelist: true, forbidUnknownValues: true });
  if (errors.length > 0) {
    // One message a setting: its most basic check, which class-validator lists last ("must be an integer", not "must not be greater than 65535" for "abc").
    const messages = errors.flatMap((error) => Object.values(error.constraints ?? {}).slice(-1));
    throw new ConfigError(`Invalid configuration: ${messages.join('; ')}`);
  }
  const connectors = connectorsConfig(Object.fromEntries(CONNECTOR_ENV_KEYS.map((key) => [key, env[key]])));
  if (connectors.errors.length > 0) {
    throw new ConfigError(`Invalid configuration: ${connectors.errors.join('; ')}`);
  }
  if ((dto.TLS_CERT === undefined) !== (dto.TLS_KEY === undefined)) {
    throw new ConfigError('Invalid configuration: TLS_CERT and TLS_KEY must be set together');
  }
  if (dto.HTTP_REDIRECT_PORT !== undefined && dto.TLS_CERT === undefined) {
    throw new ConfigError('Invalid configuration: HTTP_REDIRECT_PORT redirects plain HTTP to the native TLS listener: it needs TLS_CERT and TLS_KEY');
  }

  const isProduction = dto.NODE_ENV === 'production';
  const dataDir = resolve(dto.DATA_DIR);
  checkFolder('DATA_DIR', dataDir);
  if (dto.UPLOAD_DIR) {
    checkFolder('UPLOAD_DIR', resolve(dto.UPLOAD_DIR));
  }
  if (dto.WEB_APP_DIR !== undefined) {
    checkWebBuild('WEB_APP_DIR', resolve(dto.WEB_APP_DIR));
  }
  const database: DatabaseConfig = dto.DATABASE_URL
    ? { kind: 'postgres', url: dto.DATABASE_URL, poolSize: dto.DATABASE_POOL_SIZE }
    : { kind: 'pglite', dataDir: join(dataDir, 'pgdata') };

  return Object.freeze({
    nodeEnv: dto.NODE_ENV,
    appEnv: dto.APP_ENV ?? dto.NODE_ENV,
    isProduction,
    dataDir,
    http: {
      host: dto.HOST,
      port: dto.PORT,
      trustProxy: parseTrustProxy(dto.TRUST_PROXY) ?? false,
      // As browsers write an origin (lower case, no default port): the Origin header of a request is compared with it.
      publicUrl: dto.PUBLIC_URL === undefined ? undefined : new URL(dto.PUBLIC_URL).origin,
      webAppDir: dto.WEB_APP_DIR === undefined ? undefined : resolve(dto.WEB_APP_DIR),
      tls: dto.TLS_CERT && dto.TLS_KEY ? readTlsFiles(dto.TLS_CERT, dto.TLS_KEY) : undefined,
      redirectPort: dto.HTTP_REDIRECT_PORT,
      bodyLimitBytes: ONE_MIB,
      shutdownTimeoutMs: dto.SHUTDOWN_TIMEOUT_MS,
    },
    database,
    migrationsRun: dto.MIGRATIONS_RUN,
    redis: dto.REDIS_URL ? { url: dto.REDIS_URL, prefix: dto.REDIS_PREFIX } : undefined,
    keys: {
      hashSecret: dto.API_KEY_SECRET ?? developmentSecret(dataDir, isProduction),
      // On PostgreSQL without Redis another process (the CLI changing a plan or an allowlist) cannot tell the api's cache: it is off.
      cacheTtlMs: database.kind === 'postgres' && dto.REDIS_URL === undefined ? 0 : dto.API_KEY_CACHE_TTL_MS,
    },
    agents: { cacheTtlMs: dto.AGENT_CACHE_TTL_MS },
    log: { level: dto.LOG_LEVEL },
    embeddedWorker: dto.EMBEDDED_WORKER ?? dto.REDIS_URL === undefined,
    allowPrivateTargets: dto.ALLOW_PRIVATE_TARGETS,
    uploadDir: resolve(dto.UPLOAD_DIR ?? join(dataDir, 'uploads')),
    crawl: { concurrency: dto.CRAWL_CONCURRENCY, delayMs: dto.CRAWL_DELAY_MS, timeoutMs: dto.CRAWL_TIMEOUT_MS, maxPageBytes: dto.CRAWL_MAX_PAGE_BYTES },
    sync: { retryTimeScale: dto.SYNC_RETRY_TIME_SCALE },
    parsing: { threads: dto.PARSE_THREADS ?? Math.min(4, availableParallelism()), memoryMb: dto.PARSE_MEMORY_MB, timeoutMs: dto.PARSE_TIMEOUT_MS },
    chunking: { tokens: dto.CHUNK_TOKENS, overlapTokens: Math.min(dto.CHUNK_OVERLAP_TOKENS, Math.floor(dto.CHUNK_TOKENS / 2)) },
    embeddings: embeddingConfig(dto),
    queueLockMs: dto.QUEUE_LOCK_MS,
    generation: {
      timeoutMs: dto.PROVIDER_TIMEOUT_MS,
      maxRetries: dto.PROVIDER_MAX_RETRIES,
      openai: { baseUrl: dto.OPENAI_BASE_URL, apiKey: dto.OPENAI_API_KEY },
      anthropic: { baseUrl: dto.ANTHROPIC_BASE_URL, apiKey: dto.ANTHROPIC_API_KEY },
      custom: { baseUrl: dto.CUSTOM_MODEL_BASE_URL, apiKey: dto.CUSTOM_MODEL_API_KEY },
    },
    secrets: { encryptionKeys: encryptionKeys(dto, dataDir, isProduction) },
    webhooks: {
      timeoutMs: dto.WEBHOOK_TIMEOUT_MS,
      extraCaCertificates: readCertificates(
        'WEBHOOK_CA_CERTS',
        (dto.WEBHOOK_CA_CERTS ?? '')
          .split(',')
          .map((path) => path.trim())
          .filter(Boolean),
      ),
      retryTimeScale: dto.WEBHOOK_RETRY_TIME_SCALE,
    },
    rateLimits: { enabled: dto.RATE_LIMITS_ENABLED },
    mail: dto.SMTP_URL ? { url: dto.SMTP_URL, from: dto.SMTP_FROM } : undefined,
    dnsServers: (dto.DNS_SERVERS ?? '')
      .split(',')
      .map((server) => server.trim())
      .filter(Boolean),
    connectors: connectors.config,
  });
}

/**
 * Outside production a missing API_KEY_SECRET is generated once and kept in DATA_DIR, so the quick start
 * needs no configuration and keys keep working across restarts. Production must set it explicitly.
 */
function embeddingConfig(dto: EnvDto): EmbeddingConfig {
  if (dto.EMBEDDING_PROVIDER === 'local') {
    if (dto.EMBEDDING_DIMENSIONS !== undefined && dto.EMBEDDING_DIMENSIONS !== LOCAL_EMBEDDING_DIMENSIONS) {
      throw new ConfigError(
        `Invalid configuration: the local embedder has ${LOCAL_EMBEDDING_DIMENSIONS} dimensions, not EMBEDDING_DIMENSIONS=${dto.EMBEDDING_DIMENSIONS}`,
      );
    }
    return {
      provider: 'local',
      model: 'use-lite',
      dimensions: LOCAL_EMBEDDING_DIMENSIONS,
      batchSize: dto.EMBEDDING_BATCH_SIZE,
      threads: dto.EMBEDDING_THREADS ?? Math.min(4, availableParallelism()),
    };
  }
  if (!dto.EMBEDDING_BASE_URL || !dto.EMBEDDING_MODEL || dto.EMBEDDING_DIMENSIONS === undefined) {
    throw new ConfigError('Invalid configuration: EMBEDDING_PROVIDER=openai needs EMBEDDING_BASE_URL, EMBEDDING_MODEL and EMBEDDING_DIMENSIONS');
  }
  return {
    provider: 'openai',
    model: dto.EMBEDDING_MODEL,
    dimensions: dto.EMBEDDING_DIMENSIONS,
    baseUrl: dto.EMBEDDING_BASE_URL,
    apiKey: dto.EMBEDDING_API_KEY,
    batchSize: dto.EMBEDDING_BATCH_SIZE,
  };
}

function developmentSecret(dataDir: string, isProduction: boolean): string {
  if (isProduction) {
    throw new ConfigError('Invalid configuration: API_KEY_SECRET is required when NODE_ENV=production');
  }
  const file = join(dataDir, 'api-key-secret');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw error;
    }
  }
  return readFileSync(file, 'utf8').trim();
}

const ENCRYPTION_KEY_ID = /^[A-Za-z0-9_.-]{1,32}$/;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;
const ENCRYPTION_KEY_BYTES = 32;

/**
 * `id2:base64key,id1:base64key`: the first key encrypts, every key decrypts, so a new key can be put first
 * while the old ones still open what they sealed (then `npm run cli -- provider-keys:reencrypt`). Messages
 * never repeat key material.
 */
export function parseEncryptionKeys(raw: string, setting: string): EncryptionKey[] {
  const keys: EncryptionKey[] = [];
  for (const [index, entry] of raw.split(',').entries()) {
    const separator = entry.indexOf(':');
    const id = entry.slice(0, separator).trim();
    const encoded = entry.slice(separator + 1).trim();
    if (separator === -1 || !ENCRYPTION_KEY_ID.test(id)) {
      throw new ConfigError(`Invalid configuration: ${setting} entry ${index + 1} must be <id>:<base64 key>, the id of letters, digits, ".", "_" or "-"`);
    }
    const key = BASE64.test(encoded) ? Buffer.from(encoded, encoded.includes('-') || encoded.includes('_') ? 'base64url' : 'base64') : undefined;
    if (key?.length !== ENCRYPTION_KEY_BYTES) {
      throw new ConfigError(`Invalid configuration: ${setting} key "${id}" must be ${ENCRYPTION_KEY_BYTES} bytes in base64 (openssl rand -base64 32)`);
    }
    if (keys.some((existing) => existing.id === id)) {
      throw new ConfigError(`Invalid configuration: ${setting} names key "${id}" twice`);
    }
    keys.push({ id, key });
  }
  return keys;
}

/**
 * Outside production a missing SECRET_ENCRYPTION_KEYS is generated once and kept in DATA_DIR, like the
 * API key secret. Production must set it (a key kept next to the data it protects protects little); without
 * it the service still starts, but provider keys cannot be stored or used (503 naming the setting), so a
 * deployment that does not use them needs no new setting.
 */
function encryptionKeys(dto: EnvDto, dataDir: string, isProduction: boolean): EncryptionKey[] {
  if (dto.SECRET_ENCRYPTION_KEYS) {
    return parseEncryptionKeys(dto.SECRET_ENCRYPTION_KEYS, 'SECRET_ENCRYPTION_KEYS');
  }
  if (isProduction) {
    return [];
  }
  const generated = readOrCreate(join(dataDir, 'secret-encryption-keys'), () => `dev:${randomBytes(ENCRYPTION_KEY_BYTES).toString('base64')}`);
  return parseEncryptionKeys(generated, join(dataDir, 'secret-encryption-keys'));
}

function readOrCreate(file: string, generate: () => string): string {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, `${generate()}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw error;
    }
  }
  return readFileSync(file, 'utf8').trim();
}

/**
 * Where the service says it is when no request can be trusted to say it: PUBLIC_URL, else its own local address.
 * Links mailed on an unauthenticated request (password reset) and the CLI's addresses use it, never a Host header.
 */
export function configuredOrigin(http: AppConfig['http']): string {
  return http.publicUrl ?? `${http.tls ? 'https' : 'http'}://localhost:${http.port}`;
}
