import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength, ValidateBy } from 'class-validator';
import { parseTrustProxy } from '#src/config/trust-proxy.js';

const toBoolean = ({ value }: { value: unknown }): unknown => {
  if (value === undefined || value === '') {
    return undefined;
  }
  if (typeof value === 'string') {
    const normalized = value.trim().toLowerCase();
    if (['true', '1', 'yes', 'on'].includes(normalized)) {
      return true;
    }
    if (['false', '0', 'no', 'off'].includes(normalized)) {
      return false;
    }
  }
  return value;
};

const toInteger = ({ value }: { value: unknown }): unknown => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number.parseInt(value, 10) : value);

const emptyToUndefined = ({ value }: { value: unknown }): unknown => (value === '' ? undefined : value);

/** A factor in (0, 1] that shortens a schedule of waits, for tests only. */
const TimeScale = (): PropertyDecorator =>
  applyDecorators(
    IsOptional(),
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value)),
    IsNumber({ allowNaN: false, allowInfinity: false }),
    Min(0.0001),
    Max(1),
  );

export const ENV_KEYS = [
  'NODE_ENV',
  'APP_ENV',
  'PORT',
  'HOST',
  'DATABASE_URL',
  'DATABASE_POOL_SIZE',
  'DATA_DIR',
  'REDIS_URL',
  'REDIS_PREFIX',
  'API_KEY_SECRET',
  'API_KEY_CACHE_TTL_MS',
  'AGENT_CACHE_TTL_MS',
  'LOG_LEVEL',
  'TLS_CERT',
  'TLS_KEY',
  'TRUST_PROXY',
  'PUBLIC_URL',
  'WEB_APP_DIR',
  'SMTP_URL',
  'SMTP_FROM',
  'DNS_SERVERS',
  'HTTP_REDIRECT_PORT',
  'MIGRATIONS_RUN',
  'EMBEDDED_WORKER',
  'SHUTDOWN_TIMEOUT_MS',
  'ALLOW_PRIVATE_TARGETS',
  'UPLOAD_DIR',
  'CRAWL_CONCURRENCY',
  'CRAWL_DELAY_MS',
  'CRAWL_TIMEOUT_MS',
  'CRAWL_MAX_PAGE_BYTES',
  'PARSE_THREADS',
  'PARSE_MEMORY_MB',
  'PARSE_TIMEOUT_MS',
  'CHUNK_TOKENS',
  'CHUNK_OVERLAP_TOKENS',
  'EMBEDDING_PROVIDER',
  'EMBEDDING_MODEL',
  'EMBEDDING_DIMENSIONS',
  'EMBEDDING_BASE_URL',
  'EMBEDDING_API_KEY',
  'EMBEDDING_BATCH_SIZE',
  'EMBEDDING_THREADS',
  'QUEUE_LOCK_MS',
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_BASE_URL',
  'CUSTOM_MODEL_BASE_URL',
  'CUSTOM_MODEL_API_KEY',
  'PROVIDER_TIMEOUT_MS',
  'PROVIDER_MAX_RETRIES',
  'SECRET_ENCRYPTION_KEYS',
  'WEBHOOK_TIMEOUT_MS',
  'WEBHOOK_CA_CERTS',
  'WEBHOOK_RETRY_TIME_SCALE',
  'SYNC_RETRY_TIME_SCALE',
  'RATE_LIMITS_ENABLED',
] as const;
export type EnvKey = (typeof ENV_KEYS)[number];

export const EMBEDDING_PROVIDERS = ['local', 'openai'] as const;

export const NODE_ENVS = ['development', 'test', 'production'] as const;
export const APP_ENVS = ['development', 'test', 'staging', 'production'] as const;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The environment variables the service reads, validated once at boot. */
export class EnvDto {
  @IsOptional()
  @IsIn(NODE_ENVS)
  NODE_ENV: (typeof NODE_ENVS)[number] = 'development';

  @IsOptional()
  @IsIn(APP_ENVS)
  APP_ENV?: (typeof APP_ENVS)[number];

  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsOptional()
  @IsString()
  HOST = '0.0.0.0';

  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL?: string;

  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(200)
  DATABASE_POOL_SIZE = 10;

  @IsOptional()
  @IsString()
  DATA_DIR = './data';

  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(/^rediss?:\/\//, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL?: string;

  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9:_-]{1,64}$/, { message: 'REDIS_PREFIX may hold letters, digits, ":", "_" and "-"' })
  REDIS_PREFIX = 'aqs';

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  @MinLength(32, { message: 'API_KEY_SECRET must be at least 32 characters' })
  API_KEY_SECRET?: string;

  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(0)
  @Max(300_000)
  API_KEY_CACHE_TTL_MS = 300_000;

  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(0)
  @Max(300_000)
  AGENT_CACHE_TTL_MS = 60_000;

  @IsOptional()
  @IsIn(LOG_LEVELS)
  LOG_LEVEL: (typeof LOG_LEVELS)[number] = 'info';

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  TLS_CERT?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  TLS_KEY?: string;

  @IsOptional()
  @IsString()
  @MaxLength(500)
  @ValidateBy({
    name: 'trustProxy',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && parseTrustProxy(value) !== undefined,
      defaultMessage: () =>
        'TRUST_PROXY must be false, true, a number of hops, or a comma-separated list of addresses, subnets and loopback, linklocal, uniquelocal',
    },
  })
  TRUST_PROXY = 'loopback';

  /** The address people reach the service at (https://agents.example.com): links in e-mails, and the origin web requests must come from. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(/^https?:\/\/[^/?#\s]+$/, { message: 'PUBLIC_URL must be an http(s) origin such as https://agents.example.com, without a path' })
  PUBLIC_URL?: string;

  /** A folder holding a build of the web console; unset: dist/web of this installation. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  @MaxLength(4_096)
  WEB_APP_DIR?: string;

  /** Outgoing e-mail (invitations, password resets): smtp://user:pass@host:587 or smtps://…; unset: links are only returned by the API. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(/^smtps?:\/\/[^\s]+$/, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  /** The sender of those mails: an address, or a name and an address in angle brackets. */
  @IsOptional()
  @IsString()
  @MaxLength(320)
  @Matches(/^(?:[^<>@\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/, {
    message: 'SMTP_FROM must be an address (no-reply@example.com) or a name and an address (Agents <no-reply@example.com>)',
  })
  SMTP_FROM = 'Agent Query Service <no-reply@localhost>';

  /** Name servers asked for the TXT records that verify an organization's e-mail domain (ip or ip:port, comma-separated); unset: the system's. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(/^\s*[0-9A-Fa-f.:[\]]+(\s*,\s*[0-9A-Fa-f.:[\]]+)*\s*$/, { message: 'DNS_SERVERS must be IP addresses (with an optional port), comma-separated' })
  DNS_SERVERS?: string;

  /** With native TLS: also listen for plain HTTP on this port, only to redirect to HTTPS. */
  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(65535)
  HTTP_REDIRECT_PORT?: number;

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  MIGRATIONS_RUN = true;

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  EMBEDDED_WORKER?: boolean;

  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(0)
  @Max(600_000)
  SHUTDOWN_TIMEOUT_MS = 10_000;

  /** Lets outbound requests reach private, loopback and link-local addresses. For tests and local trials only. */
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  ALLOW_PRIVATE_TARGETS = false;

  /** Where uploaded originals are kept; default DATA_DIR/uploads. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  UPLOAD_DIR?: string;

  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(32)
  CRAWL_CONCURRENCY = 4;

  /** Worker threads that parse and chunk documents during a sync; default: one per core, at most 4. */
  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(32)
  PARSE_THREADS?: number;

  /**
   * Heap of each parse thread: a document that needs more fails on its own, the thread is replaced. Below
   * 128 MB, V8 was seen to run out of heap in a way that ended the whole process, not the thread.
   */
  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(128)
  @Max(16_384)
  PARSE_MEMORY_MB = 1024;

  /** Longest one document may take to parse and chunk in its thread: a slower one fails on its own, the thread is replaced. */
  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(1_000)
  @Max(3_600_000)
  PARSE_TIMEOUT_MS = 120_000;

  /** Pause between two requests to the same host (robots.txt Crawl-delay wins when larger). */
  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(0)
  @Max(60_000)
  CRAWL_DELAY_MS = 100;

  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(100)
  @Max(120_000)
  CRAWL_TIMEOUT_MS = 15_000;

  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(1024)
  @Max(100 * 1024 * 1024)
  CRAWL_MAX_PAGE_BYTES = 10 * 1024 * 1024;

  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(50)
  @Max(4_000)
  CHUNK_TOKENS = 400;

  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(0)
  @Max(1_000)
  CHUNK_OVERLAP_TOKENS = 60;

  /** `local`: Universal Sentence Encoder Lite, offline, 512 dimensions. `openai`: any OpenAI-compatible /v1/embeddings. */
  @IsOptional()
  @IsIn(EMBEDDING_PROVIDERS)
  EMBEDDING_PROVIDER: (typeof EMBEDDING_PROVIDERS)[number] = 'local';

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  @MaxLength(200)
  EMBEDDING_MODEL?: string;

  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(8)
  @Max(4_000)
  EMBEDDING_DIMENSIONS?: number;

  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(/^https?:\/\//, { message: 'EMBEDDING_BASE_URL must be an http(s) URL' })
  EMBEDDING_BASE_URL?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  EMBEDDING_API_KEY?: string;

  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(2_048)
  EMBEDDING_BATCH_SIZE = 32;

  /** Worker threads of the local embedder; default: one per CPU core, at most 4. */
  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(32)
  EMBEDDING_THREADS?: number;

  /** How long a job's lock outlives a worker that died holding it, before another worker takes the job over. */
  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(1_000)
  @Max(600_000)
  QUEUE_LOCK_MS = 30_000;

  /** The operator's OpenAI key, used by agents without a provider key of their own. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  OPENAI_API_KEY?: string;

  /** Trusted (operator-configured): not subject to the outbound address rules. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(/^https?:\/\/[^\s]+$/, { message: 'OPENAI_BASE_URL must be an http(s) URL' })
  OPENAI_BASE_URL = 'https://api.openai.com/v1';

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  ANTHROPIC_API_KEY?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(/^https?:\/\/[^\s]+$/, { message: 'ANTHROPIC_BASE_URL must be an http(s) URL' })
  ANTHROPIC_BASE_URL = 'https://api.anthropic.com';

  /** The OpenAI-compatible endpoint (e.g. `http://vllm:8000/v1`) that `custom:<model>` agents use without a provider key. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(/^https?:\/\/[^\s]+$/, { message: 'CUSTOM_MODEL_BASE_URL must be an http(s) URL' })
  CUSTOM_MODEL_BASE_URL?: string;

  /** Optional: without it, requests to CUSTOM_MODEL_BASE_URL carry no Authorization header. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  CUSTOM_MODEL_API_KEY?: string;

  /** Per attempt to a model provider; a stream that goes this long without a token is also cut. */
  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(100)
  @Max(600_000)
  PROVIDER_TIMEOUT_MS = 60_000;

  /** Retries of a provider call that timed out, could not connect, or got 408, 409, 429 or 5xx. */
  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(0)
  @Max(10)
  PROVIDER_MAX_RETRIES = 2;

  /**
   * Keys that encrypt customers' provider keys at rest: `id:base64key[,id:base64key…]`, 32-byte keys. The first
   * encrypts; all decrypt (rotation). Outside production generated once in DATA_DIR; in production, provider
   * keys are unavailable (503) until it is set.
   */
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  SECRET_ENCRYPTION_KEYS?: string;

  /** A webhook receiver must answer within this long (the contract says 10 s). */
  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(100)
  @Max(60_000)
  WEBHOOK_TIMEOUT_MS = 10_000;

  /** PEM files (comma-separated) of certificate authorities webhook receivers may use besides the public ones. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  WEBHOOK_CA_CERTS?: string;

  /** Multiplies the retry delays (5 s, 30 s, 5 min, 1 h). For tests only: 0.001 turns an hour into 3.6 s. */
  @TimeScale()
  WEBHOOK_RETRY_TIME_SCALE = 1;

  /** Multiplies a failing sync's waits: backoffs between provider calls, Retry-After, retries of the sync. For tests only. */
  @TimeScale()
  SYNC_RETRY_TIME_SCALE = 1;

  /** Per-key token buckets and per-organization plan limits (429 beyond). On by default; the test suites turn it off. */
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  RATE_LIMITS_ENABLED = true;
}
