import 'reflect-metadata';
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { fetch } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '#src/common/errors/app.error.js';
import { fetchThrough } from '#src/common/net/fetch-through.js';
import { createGuardedDispatcher } from '#src/common/net/ssrf-guard.js';
import { isCheckpointMark } from '#src/modules/connectors/connector.js';
import { TokenRefusedError } from '#src/modules/connectors/oauth/connector-oauth.js';
import { refreshTokens, revokeTokens } from '#src/modules/connectors/oauth/provider-token-client.js';
import type { SessionLimits } from '#src/modules/connectors/provider/http-provider-session.js';
import type { ProviderEndpoints } from '#src/modules/connectors/provider/provider-endpoints.js';
import { ProviderCallError, ProviderHttpError } from '#src/modules/connectors/provider/provider-failure.js';
import type { SharePointCheckpoint } from '#src/modules/connectors/sharepoint/sharepoint-checkpoint.js';
import { SharePointConfigDto } from '#src/modules/connectors/sharepoint/sharepoint-config.dto.js';
import { GraphClient } from '#src/modules/connectors/sharepoint/graph-client.js';
import { fileChange, MAX_FILE_BYTES } from '#src/modules/connectors/sharepoint/sharepoint-files.js';
import { sharePointConnector } from '#src/modules/connectors/sharepoint/sharepoint.connector.js';
import type { FakeItem } from '#test/fakes/fake-provider.js';
import { startSharePointFake, type SharePointFake } from '#test/fakes/sharepoint/fake-sharepoint.js';
import { connectorContext, fakeEndpoints, fetched, harvest, listed } from '#test/utils/connector-harness.js';

const SEED: FakeItem[] = [
  { id: '01SPA', title: 'Onboarding', text: 'New engineers get a laptop and a buddy on their first day.' },
  { id: '01SPB', title: 'Release process', text: 'Releases are cut every second Tuesday from the main branch.' },
  { id: '01SPC', title: 'On-call.txt', text: 'The on-call engineer answers pages within fifteen minutes.' },
  { id: '01SPD', title: 'Code review', text: 'Every change needs one approving review before it merges.' },
  { id: '01SPE', title: 'Incident reviews', text: 'Incident reviews are blameless and written within a week.' },
  { id: '01SPF', title: 'Architecture.vsdx', text: 'A diagram the parsers do not read.' },
];
const READABLE = SEED.filter((item) => !item.title.endsWith('.vsdx'));
const CALLBACK = 'https://aqs.example.test/api/v1/connectors/oauth/callback';

describe('SharePoint connector', () => {
  let fake: SharePointFake;
  let endpoints: ProviderEndpoints;
  let config: SharePointConfigDto;

  const key = (id: string): string => `${fake.driveId}/${id}`;
  const context = (checkpoint: SharePointCheckpoint | null = null, limits?: Partial<SessionLimits>) =>
    connectorContext(sharePointConnector, fake, endpoints, { config, checkpoint, limits });
  const lastCheckpoint = (checkpoints: SharePointCheckpoint[]): SharePointCheckpoint => {
    const checkpoint = checkpoints.at(-1);
    if (!checkpoint) {
      throw new Error('the pass yielded no checkpoint');
    }
    return checkpoint;
  };

  beforeEach(async () => {
    fake = await startSharePointFake();
    endpoints = fakeEndpoints(fake, 'SHAREPOINT');
    const dto = plainToInstance(SharePointConfigDto, fake.sourceConfig);
    expect(await validate(dto, { whitelist: true, forbidNonWhitelisted: true })).toEqual([]);
    config = await sharePointConnector.normaliseConfig!(dto, { allowPrivateTargets: true });
    SEED.forEach((item) => fake.put(item));
  });

  afterEach(async () => {
    await fake.close();
  });

  it('downloads through the SSRF guard: a download link leading to a private address is not followed', async () => {
    const guarded = fetchThrough(createGuardedDispatcher({ allowPrivateTargets: false }));
    const context = connectorContext(sharePointConnector, fake, endpoints, { config, fetchElsewhere: guarded });
    const downloads = [];
    for await (const item of sharePointConnector.changes(context)) {
      if (!isCheckpointMark(item) && 'input' in item) {
        downloads.push(
          item.input().then(
            () => 'read',
            (error: unknown) => error,
          ),
        );
      }
    }
    const outcomes = await Promise.all(downloads);
    expect(outcomes).toHaveLength(READABLE.length);
    for (const outcome of outcomes) {
      expect(outcome).toBeInstanceOf(ProviderCallError);
      expect((outcome as ProviderCallError).failure).toEqual({
        kind: 'fatal',
        message: "the provider's link was not followed: 127.0.0.1 is not a public address",
      });
    }
  });

  it('reads every readable file with its name, link and headed content, then nothing when nothing changed', async () => {
    const first = await harvest(sharePointConnector, context());

    expect(first.documents.map((document) => document.key).sort()).toEqual(READABLE.map((item) => key(item.id)).sort());
    for (const item of READABLE) {
      const document = first.documents.find((candidate) => candidate.key === key(item.id));
      const name = item.title.endsWith('.txt') ? item.title : `${item.title}.md`;
      expect(document?.title).toBe(name);
      expect(document?.url).toBe(fake.documentUrl(item.id));
      expect(document?.text).toContain(name.replace(/\.\w+$/, ''));
      expect(document?.text).toContain(item.text);
    }
    expect(first.missing).toEqual([]);
    expect(first.checkpoints.length).toBeGreaterThan(2);
    expect(lastCheckpoint(first.checkpoints).drives[fake.driveId]).toEqual({ deltaLink: expect.any(String) as string });

    const second = await harvest(sharePointConnector, context(lastCheckpoint(first.checkpoints)));
    expect(second.documents).toEqual([]);
    expect(second.deleted).toEqual([]);
  });

  it('reads exactly an edited and an added file on the next pass', async () => {
    const first = await harvest(sharePointConnector, context());
    fake.put({ id: '01SPB', title: 'Release process', text: 'Releases are now cut every Monday.' });
    fake.put({ id: '01SPG', title: 'Style guide', text: 'Prefer plain words over jargon.' });

    const next = await harvest(sharePointConnector, context(lastCheckpoint(first.checkpoints)));

    expect(next.documents.map((document) => document.key).sort()).toEqual([key('01SPB'), key('01SPG')]);
    expect(next.documents.find((document) => document.key === key('01SPB'))?.text).toContain('every Monday');
  });

  it('no longer lists a removed file, still lists the others, and reports the removal as a deletion', async () => {
    const first = await harvest(sharePointConnector, context());
    fake.remove('01SPD');

    const keys = (await listed(sharePointConnector, context())).map((document) => document.key).sort();
    expect(keys).toEqual(
      READABLE.filter((item) => item.id !== '01SPD')
        .map((item) => key(item.id))
        .sort(),
    );
    const next = await harvest(sharePointConnector, context(lastCheckpoint(first.checkpoints)));
    expect(next.deleted).toEqual([key('01SPD')]);
    expect(next.documents).toEqual([]);
  });

  it('reads by key the files the listing names, as a pass reads them, skipping one Graph no longer has', async () => {
    const pass = await harvest(sharePointConnector, context());
    fake.remove('01SPD');
    const keys = READABLE.map((item) => key(item.id));
    const read = await fetched(sharePointConnector, context(), [...keys, key('01SPZ')]);
    expect(read.missing).toEqual([]);
    expect(read.documents).toEqual(
      pass.documents.filter((document) => document.key !== key('01SPD')).sort((a, b) => keys.indexOf(a.key) - keys.indexOf(b.key)),
    );
  });

  it('lists the same keys as a full pass reads, with their modification times', async () => {
    const documents = await listed(sharePointConnector, context());
    expect(documents.map((document) => document.key).sort()).toEqual(READABLE.map((item) => key(item.id)).sort());
    expect(documents.every((document) => document.changedAt instanceof Date && !Number.isNaN(document.changedAt.getTime()))).toBe(true);
  });

  it('waits out throttling and completes the pass', async () => {
    fake.throttle(3, 1);
    const pass = await harvest(sharePointConnector, context());
    expect(fake.throttled).toBe(3);
    expect(pass.documents).toHaveLength(READABLE.length);
  });

  it('fails on an outage and resumes from the last mark without losing or re-reading everything', async () => {
    const seen = new Set<string>();
    let resumeFrom: SharePointCheckpoint | null = null;
    let marks = 0;
    const run = async (): Promise<void> => {
      for await (const item of sharePointConnector.changes(context())) {
        if (isCheckpointMark(item)) {
          resumeFrom = item.checkpoint;
          marks += 1;
          if (marks === 2) {
            fake.fail(10);
          }
        } else if ('input' in item) {
          await item.input();
          seen.add(item.key);
        }
      }
    };
    await expect(run()).rejects.toBeInstanceOf(ProviderCallError);
    expect(resumeFrom).not.toBeNull();

    const rerun = await harvest(sharePointConnector, context(resumeFrom, { maxTransientAttempts: 12 }));

    const union = new Set([...seen, ...rerun.documents.map((document) => document.key)]);
    expect([...union].sort()).toEqual(READABLE.map((item) => key(item.id)).sort());
    expect(rerun.documents.length).toBeLessThan(READABLE.length);
    expect(lastCheckpoint(rerun.checkpoints).drives[fake.driveId]?.nextLink).toBeUndefined();
  });

  it('renews a refused access token', async () => {
    const pass = context();
    fake.expireAccessTokens();
    const result = await harvest(sharePointConnector, pass);
    expect(fake.unauthorized).toBeGreaterThan(0);
    expect(result.documents).toHaveLength(READABLE.length);
  });

  it('falls back to a full enumeration when Graph answers 410 resyncRequired', async () => {
    const first = await harvest(sharePointConnector, context());
    fake.expireDeltaTokens();
    fake.put({ id: '01SPA', title: 'Onboarding', text: 'New engineers now also get a security briefing.' });

    const resync = await harvest(sharePointConnector, context(lastCheckpoint(first.checkpoints)));

    expect(fake.resyncs).toBe(1);
    expect(resync.documents.map((document) => document.key).sort()).toEqual(READABLE.map((item) => key(item.id)).sort());
    expect(resync.documents.find((document) => document.key === key('01SPA'))?.text).toContain('security briefing');
    const after = await harvest(sharePointConnector, context(lastCheckpoint(resync.checkpoints)));
    expect(after.documents).toEqual([]);
  });

  it('reads every site the account can search when no site or drive is named', async () => {
    config = await sharePointConnector.normaliseConfig!({}, { allowPrivateTargets: true });
    const pass = await harvest(sharePointConnector, context());
    expect(pass.documents).toHaveLength(READABLE.length);
  });

  it('normalises site addresses and refuses a page address', async () => {
    const normalised = await sharePointConnector.normaliseConfig!(
      { site_urls: ['https://Contoso.SharePoint.com/sites/eng/', 'https://contoso.sharepoint.com/sites/eng'], drive_ids: [] },
      { allowPrivateTargets: false },
    );
    expect(normalised).toEqual({ site_urls: ['https://contoso.sharepoint.com/sites/eng'] });
    await expect(
      sharePointConnector.normaliseConfig!({ site_urls: ['https://contoso.sharepoint.com/sites/eng/SitePages/Home.aspx'] }, { allowPrivateTargets: false }),
    ).rejects.toBeInstanceOf(AppError);
    const invalid = plainToInstance(SharePointConfigDto, { site_urls: ['http://contoso.sharepoint.com/sites/eng'], drive_ids: ['b!ok', 'not/a/drive'] });
    expect((await validate(invalid)).map((error) => error.property).sort()).toEqual(['drive_ids', 'site_urls']);
    const emptyOrCredentialed = plainToInstance(SharePointConfigDto, { site_urls: ['https://user:pw@contoso.sharepoint.com/sites/eng'], drive_ids: [] });
    expect((await validate(emptyOrCredentialed)).map((error) => error.property).sort()).toEqual(['drive_ids', 'site_urls']);
  });

  it('reports a file beyond the size cap as missing instead of downloading it', () => {
    const { provider } = context();
    const drive = { id: fake.driveId, webUrl: 'https://contoso.sharepoint.com/sites/eng/Shared%20Documents' };
    const item = { id: '01BIG', name: 'Dump.txt', webUrl: `${drive.webUrl}/Dump.txt`, size: MAX_FILE_BYTES + 1, file: { mimeType: 'text/plain' } };
    expect(fileChange(new GraphClient(provider, endpoints.apiUrl, globalThis.fetch), drive, item)).toEqual({
      key: key('01BIG'),
      url: item.webUrl,
      error: expect.stringMatching(/larger than 50 MiB/) as string,
    });
  });

  it('classifies Graph throttling answered without a 429 status', () => {
    const headers = new Headers({ 'retry-after': '7' });
    const error = new ProviderHttpError(503, headers, { error: { code: 'activityLimitReached', message: 'slow down' } }, 'https://graph.test/v1.0/sites');
    expect(sharePointConnector.oauth?.classify?.(error)).toEqual({ kind: 'throttled', retryAfterMs: 7_000 });
  });

  it('revokes by RFC 7009 at a revocation address the operator configured, though Microsoft offers none', async () => {
    const received: string[] = [];
    const revocation = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push(body);
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => revocation.listen(0, '127.0.0.1', resolve));
    try {
      const oauth = sharePointConnector.oauth!;
      const client = { clientId: 'aqs-client', clientSecret: 'aqs-secret' };
      const tokens = { accessToken: 'access-1', refreshToken: 'refresh-1' };
      await revokeTokens(oauth, { ...endpoints, revokeUrl: undefined }, client, tokens);
      expect(received).toEqual([]);
      await revokeTokens(oauth, { ...endpoints, revokeUrl: `http://127.0.0.1:${(revocation.address() as AddressInfo).port}/revoke` }, client, tokens);
      expect(received).toHaveLength(1);
      expect(Object.fromEntries(new URLSearchParams(received[0]))).toMatchObject({
        token: 'refresh-1',
        token_type_hint: 'refresh_token',
        client_id: 'aqs-client',
      });
    } finally {
      revocation.close();
    }
  });

  it('completes the consent flow with PKCE and reads rotating tokens', async () => {
    const oauth = sharePointConnector.oauth!;
    const verifier = randomBytes(32).toString('base64url');
    const authorize = new URL(endpoints.authorizeUrl);
    const params: Record<string, string> = {
      client_id: endpoints.clientId ?? '',
      response_type: 'code',
      redirect_uri: CALLBACK,
      scope: oauth.scopes.join(oauth.scopeSeparator ?? ' '),
      state: 'state-123',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      ...oauth.authorizeParams,
    };
    Object.entries(params).forEach(([name, value]) => authorize.searchParams.set(name, value));

    const callback = new URL(await fake.approve(authorize.toString()));
    expect(`${callback.origin}${callback.pathname}`).toBe(CALLBACK);
    expect(callback.searchParams.get('state')).toBe('state-123');
    expect(new URL(fake.deny(authorize.toString())).searchParams.get('error')).toBe('access_denied');

    const tokenCall = async (form: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> => {
      const response = await fetch(endpoints.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: endpoints.clientId ?? '', client_secret: endpoints.clientSecret ?? '', ...form }).toString(),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const code = callback.searchParams.get('code') ?? '';
    const exchanged = await tokenCall({ grant_type: 'authorization_code', code, redirect_uri: CALLBACK, code_verifier: verifier });
    expect(exchanged.status).toBe(200);
    const tokens = oauth.readTokens(exchanged.body);
    expect(tokens).toMatchObject({ accessToken: expect.any(String) as string, refreshToken: expect.any(String) as string, expiresIn: 3_600 });
    expect(tokens.scope).toContain('Files.Read.All');

    const replayed = await tokenCall({ grant_type: 'authorization_code', code, redirect_uri: CALLBACK, code_verifier: verifier });
    expect(replayed.status).toBe(400);

    const refreshed = await tokenCall({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken ?? '' });
    const renewed = oauth.readTokens(refreshed.body);
    expect(renewed.refreshToken).not.toBe(tokens.refreshToken);
    expect(fake.refreshes).toBe(1);

    const reused = await tokenCall({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken ?? '' });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ error: 'invalid_grant', error_codes: [expect.any(Number)] });
    expect(reused.body.error_description).toMatch(/^AADSTS\d+/);
    const client = { clientId: endpoints.clientId ?? '', clientSecret: endpoints.clientSecret ?? '' };
    await expect(refreshTokens(oauth, endpoints, client, tokens.refreshToken ?? '')).rejects.toThrow(TokenRefusedError);
    fake.refuseClient(true);
    await expect(refreshTokens(oauth, endpoints, client, renewed.refreshToken ?? '')).rejects.toMatchObject({
      name: 'TokenEndpointError',
      clientRefused: true,
      message: expect.stringContaining('AADSTS7000215') as string,
    });

    const site = await fetch(`${endpoints.apiUrl}/sites/contoso.sharepoint.com:/sites/eng`, { headers: { authorization: `Bearer ${renewed.accessToken}` } });
    expect(site.status).toBe(200);
  });

  it('takes a refresh token that needs the person again (multi-factor authentication now required) as refused', async () => {
    const oauth = sharePointConnector.oauth!;
    const client = { clientId: endpoints.clientId ?? '', clientSecret: endpoints.clientSecret ?? '' };
    const { refreshToken } = fake.grant();
    fake.requireInteraction();
    await expect(refreshTokens(oauth, endpoints, client, refreshToken)).rejects.toThrow(TokenRefusedError);
    await expect(refreshTokens(oauth, endpoints, client, refreshToken)).rejects.toThrow(/AADSTS50076/);
  });
});
