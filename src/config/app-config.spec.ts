import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#src/config/app-config.js';
import { startFailureText } from '#src/config/start-failure.js';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const dataDir = (): string => mkdtempSync(join(tmpdir(), 'aqs-config-'));

describe('loadConfig', () => {
  it('should default to the embedded stores and port 3000', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.http.port).toBe(3000);
    expect(config.database.kind).toBe('pglite');
    expect(config.redis).toBeUndefined();
    expect(config.embeddedWorker).toBe(true);
    expect(config.keys.cacheTtlMs).toBe(300_000);
    expect(config.agents.cacheTtlMs).toBe(60_000);
    expect(config.http.bodyLimitBytes).toBe(1024 * 1024);
    expect(config.rateLimits).toEqual({ enabled: true });
  });

  it('should turn rate limits off only when RATE_LIMITS_ENABLED says so', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), RATE_LIMITS_ENABLED: 'false' }).rateLimits.enabled).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), RATE_LIMITS_ENABLED: 'true' }).rateLimits.enabled).toBe(true);
    expect(() => loadConfig({ DATA_DIR: dataDir(), RATE_LIMITS_ENABLED: 'sometimes' })).toThrow('RATE_LIMITS_ENABLED');
  });

  it('should say each wrong setting once, by its most basic check, and a start failure of it in one line', () => {
    // A port that is no number is not said to be too large.
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'abc' })).toThrow(/^Invalid configuration: PORT must be an integer number$/);
    const failure = (() => {
      try {
        loadConfig({ DATA_DIR: dataDir(), PORT: '70000' });
      } catch (error) {
        return error;
      }
    })();
    expect(startFailureText(failure)).toBe('Invalid configuration: PORT must not be greater than 65535');
    expect(startFailureText(new Error('boom'))).toMatch(/^Error: boom\n\s+at /);
  });

  it('should cache no key on PostgreSQL without Redis, where another process cannot tell the api of a change', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u@h:5432/db', API_KEY_SECRET: SECRET }).keys.cacheTtlMs).toBe(0);
    expect(
      loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u@h:5432/db', REDIS_URL: 'redis://h:6379', API_KEY_SECRET: SECRET }).keys.cacheTtlMs,
    ).toBe(300_000);
  });

  it('should use PostgreSQL and Redis when their URLs are set', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u@h:5432/db', REDIS_URL: 'redis://h:6379', API_KEY_SECRET: SECRET });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@h:5432/db', poolSize: 10 });
    expect(config.redis).toEqual({ url: 'redis://h:6379', prefix: 'aqs' });
    expect(config.embeddedWorker).toBe(false);
  });

  it('should keep a generated key secret in DATA_DIR outside production, the same on every start', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).keys.hashSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).keys.hashSecret).toBe(first);
    expect(readFileSync(join(dir, 'api-key-secret'), 'utf8').trim()).toBe(first);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ NODE_ENV: 'prod' }, 'NODE_ENV'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ API_KEY_SECRET: 'short' }, 'API_KEY_SECRET'],
    [{ API_KEY_CACHE_TTL_MS: '600000' }, 'API_KEY_CACHE_TTL_MS'],
    [{ AGENT_CACHE_TTL_MS: '-1' }, 'AGENT_CACHE_TTL_MS'],
    [{ AGENT_CACHE_TTL_MS: '600000' }, 'AGENT_CACHE_TTL_MS'],
    [{ PARSE_THREADS: '0' }, 'PARSE_THREADS'],
    [{ PARSE_THREADS: 'two' }, 'PARSE_THREADS'],
    [{ PARSE_MEMORY_MB: '32' }, 'PARSE_MEMORY_MB'],
    [{ WEBHOOK_RETRY_TIME_SCALE: '2' }, 'WEBHOOK_RETRY_TIME_SCALE'],
    [{ SYNC_RETRY_TIME_SCALE: '0' }, 'SYNC_RETRY_TIME_SCALE'],
    [{ SYNC_RETRY_TIME_SCALE: 'fast' }, 'SYNC_RETRY_TIME_SCALE'],
    [{ TLS_CERT: '/cert.pem' }, 'TLS_CERT and TLS_KEY'],
    [{ SMTP_FROM: 'Agents' }, 'SMTP_FROM must be an address'],
    [{ SMTP_FROM: 'Agents <no-reply>' }, 'SMTP_FROM must be an address'],
    [{ HTTP_REDIRECT_PORT: '8080' }, 'HTTP_REDIRECT_PORT redirects plain HTTP to the native TLS listener'],
    [{ NODE_ENV: 'production' }, 'API_KEY_SECRET is required'],
  ])('should refuse %o naming %s', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(name);
  });

  it('should take SMTP_FROM as an address, or a name and an address', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), SMTP_FROM: 'no-reply@example.com' })).not.toThrow();
    expect(() => loadConfig({ DATA_DIR: dataDir(), SMTP_FROM: 'Acme Agents <no-reply@example.com>' })).not.toThrow();
  });

  it('should refuse files and folders it cannot use, naming the setting', () => {
    const folder = dataDir();
    const notPem = join(folder, 'not-a-certificate.txt');
    writeFileSync(notPem, 'hello');
    const aFile = join(folder, 'a-file');
    writeFileSync(aFile, '');
    for (const [env, message] of [
      [{ WEBHOOK_CA_CERTS: join(folder, 'missing.pem') }, 'WEBHOOK_CA_CERTS: cannot read'],
      [{ WEBHOOK_CA_CERTS: notPem }, 'WEBHOOK_CA_CERTS: '],
      [{ TLS_CERT: join(folder, 'missing.pem'), TLS_KEY: notPem }, 'TLS_CERT: cannot read'],
      [{ TLS_CERT: notPem, TLS_KEY: notPem }, 'TLS_CERT: '],
      [{ DATA_DIR: aFile }, 'DATA_DIR: '],
      [{ UPLOAD_DIR: join(aFile, 'uploads') }, 'UPLOAD_DIR: '],
      [{ WEB_APP_DIR: folder }, 'WEB_APP_DIR: '],
    ] as const) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...env }), message).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...env }), message).toThrow(message);
    }
    expect(loadConfig({ DATA_DIR: join(folder, 'created-later') }).dataDir).toBe(join(folder, 'created-later'));
  });

  it('should parse documents in one thread per core, at most 4, unless PARSE_THREADS says otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).parsing.threads).toBe(Math.min(4, availableParallelism()));
    expect(loadConfig({ DATA_DIR: dataDir(), PARSE_THREADS: '6' }).parsing).toEqual({ threads: 6, memoryMb: 1024, timeoutMs: 120_000 });
    expect(loadConfig({ DATA_DIR: dataDir(), PARSE_MEMORY_MB: '256' }).parsing.memoryMb).toBe(256);
    expect(loadConfig({ DATA_DIR: dataDir(), PARSE_TIMEOUT_MS: '5000' }).parsing.timeoutMs).toBe(5_000);
    expect(() => loadConfig({ DATA_DIR: dataDir(), PARSE_TIMEOUT_MS: '10' })).toThrow('PARSE_TIMEOUT_MS');
    expect(() => loadConfig({ DATA_DIR: dataDir(), PARSE_MEMORY_MB: '64' })).toThrow('PARSE_MEMORY_MB');
  });

  it('should scale the waits of retries only when told to', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ webhooks: { retryTimeScale: 1 }, sync: { retryTimeScale: 1 } });
    expect(loadConfig({ DATA_DIR: dataDir(), WEBHOOK_RETRY_TIME_SCALE: '0.001', SYNC_RETRY_TIME_SCALE: '0.1' })).toMatchObject({
      webhooks: { retryTimeScale: 0.001 },
      sync: { retryTimeScale: 0.1 },
    });
  });

  it('should write PUBLIC_URL as browsers write an origin, so their Origin header matches it', () => {
    const publicUrlOf = (value: string): string | undefined => loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: value }).http.publicUrl;
    expect(publicUrlOf('https://Agents.Example.com:443')).toBe('https://agents.example.com');
    expect(publicUrlOf('http://localhost:80')).toBe('http://localhost');
    expect(publicUrlOf('https://agents.example.com:8443')).toBe('https://agents.example.com:8443');
    expect(loadConfig({ DATA_DIR: dataDir() }).http.publicUrl).toBeUndefined();
  });

  it('should read APP_ENV separately from NODE_ENV', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), APP_ENV: 'production' });
    expect(config.appEnv).toBe('production');
    expect(config.isProduction).toBe(false);
  });
});
