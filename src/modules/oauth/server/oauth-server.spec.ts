import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#src/config/app-config.js';
import { Clock } from '#src/common/clock/clock.js';
import { OAuthServer } from '#src/modules/oauth/server/oauth-server.js';

/** A request as Express presents it: only the scheme and Host header matter here. */
const reaching = (host: string): Request =>
  ({ protocol: 'http', get: (name: string) => (name.toLowerCase() === 'host' ? host : undefined) }) as unknown as Request;

async function startedServer(env: Record<string, string> = {}): Promise<OAuthServer> {
  const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'aqs-oauth-server-')), API_KEY_SECRET: 'unit-test-secret-unit-test-secret', ...env });
  // Nothing here reaches the store: the collaborators are used only once a request is served.
  const server = new OAuthServer(
    config,
    'api',
    undefined as never,
    new Clock(),
    undefined as never,
    undefined as never,
    undefined as never,
    undefined as never,
  );
  await server.onModuleInit();
  return server;
}

describe('OAuthServer', () => {
  it('should be one authorization server per origin reached, with that origin as its issuer', async () => {
    const server = await startedServer();
    const local = server.providerFor(reaching('localhost:3000'));
    expect(server.providerFor(reaching('localhost:3000'))).toBe(local);
    expect(server.providerFor(reaching('127.0.0.1:3000'))).not.toBe(local);
    expect((local as unknown as { issuer: string }).issuer).toBe('http://localhost:3000/oauth');
  });

  it('should keep at most 16 origins, letting go of the least recently used one', async () => {
    const server = await startedServer();
    const first = server.providerFor(reaching('host-0.test'));
    const second = server.providerFor(reaching('host-1.test'));
    for (let index = 2; index < 16; index++) {
      server.providerFor(reaching(`host-${index}.test`));
    }
    expect(server.providerFor(reaching('host-0.test'))).toBe(first);
    server.providerFor(reaching('host-16.test'));
    expect(server.providerFor(reaching('host-0.test'))).toBe(first);
    expect(server.providerFor(reaching('host-1.test'))).not.toBe(second);
  });

  it('should be one authorization server whatever the origin when PUBLIC_URL is set', async () => {
    const server = await startedServer({ PUBLIC_URL: 'https://answers.example.com' });
    const one = server.providerFor(reaching('localhost:3000'));
    expect(server.providerFor(reaching('evil.test'))).toBe(one);
    expect((one as unknown as { issuer: string }).issuer).toBe('https://answers.example.com/oauth');
  });
});
