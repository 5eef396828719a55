import { WebAPIPlatformError, WebAPIRateLimitedError } from '@slack/web-api';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { fetch } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isCheckpointMark } from '#src/modules/connectors/connector.js';
import { isMissing } from '#src/modules/connectors/document-source.js';
import { TokenEndpointError, TokenRefusedError } from '#src/modules/connectors/oauth/connector-oauth.js';
import { exchangeCode, refreshTokens } from '#src/modules/connectors/oauth/provider-token-client.js';
import type { ProviderEndpoints } from '#src/modules/connectors/provider/provider-endpoints.js';
import type { SlackCheckpoint } from '#src/modules/connectors/slack/slack-checkpoint.js';
import { SlackConfigDto } from '#src/modules/connectors/slack/slack-config.dto.js';
import { slackConnector } from '#src/modules/connectors/slack/slack.connector.js';
import { parseInput } from '#src/modules/ingestion/document-input.js';
import { ENGINEERING, SLACK_CLIENT_ID, startSlackFake, type SlackFake } from '#test/fakes/slack/fake-slack.js';
import { connectorContext, fakeEndpoints, fetched, harvest, listed } from '#test/utils/connector-harness.js';

const ITEMS = ['alpha', 'bravo', 'charlie', 'delta', 'echo'].map((id) => ({
  id,
  title: `Note ${id}`,
  text: `The ${id} service keeps its state in ${id}-db.`,
}));
const CONFIG: SlackConfigDto = { channel_ids: [ENGINEERING], include_threads: true };
const REDIRECT_URI = 'https://app.test/api/v1/connectors/oauth/callback';

const utcDay = (ts: string): string => new Date(Number(ts.split('.')[0]) * 1_000).toISOString().slice(0, 10);

describe('slack connector', () => {
  let fake: SlackFake;
  let endpoints: ProviderEndpoints;

  const context = (options: { config?: SlackConfigDto; checkpoint?: SlackCheckpoint | null; maxTransientAttempts?: number } = {}) =>
    connectorContext(slackConnector, fake, endpoints, {
      config: options.config ?? CONFIG,
      checkpoint: options.checkpoint ?? null,
      limits: { maxTransientAttempts: options.maxTransientAttempts ?? 4 },
    });
  const dayKey = (id: string): string => `${ENGINEERING}/${utcDay(fake.messageTs(id))}`;
  const threadKey = (id: string): string => `${ENGINEERING}/${fake.messageTs(id)}`;
  const finalCheckpoint = (checkpoints: SlackCheckpoint[]): SlackCheckpoint => {
    const last = checkpoints.at(-1);
    expect(last?.pass).toBeUndefined();
    return last as SlackCheckpoint;
  };

  beforeEach(async () => {
    fake = await startSlackFake();
    endpoints = fakeEndpoints(fake, 'SLACK');
    for (const item of ITEMS) {
      fake.put(item.id === 'charlie' ? { ...item, text: `${item.text} Ask <@U0GRACE> before changing it.` } : item);
    }
    fake.putThread({
      id: 'freeze',
      author: 'U0GRACE',
      text: 'Deploy freeze on Friday?\nThe release train leaves Thursday.',
      replies: [
        { author: 'U0ADA', text: 'Yes, from noon UTC.' },
        { author: 'U0GRACE', text: 'Thanks, noted in the runbook.' },
      ],
      daysAgo: 1,
    });
  });

  afterEach(async () => {
    await fake.close();
  });

  it('reads every channel-day and thread of the first pass as markdown, with titles, permalinks and names', async () => {
    const result = await harvest(slackConnector, context());

    expect(result.missing).toEqual([]);
    expect(result.documents.map((document) => document.key).sort()).toEqual([...ITEMS.map((item) => dayKey(item.id)), threadKey('freeze')].sort());
    for (const item of ITEMS) {
      const document = result.documents.find((candidate) => candidate.key === dayKey(item.id));
      expect(document?.url).toBe(fake.documentUrl(item.id));
      expect(document?.title).toBe(`#engineering ${utcDay(fake.messageTs(item.id))}`);
      expect(document?.text).toContain(`#engineering ${utcDay(fake.messageTs(item.id))}`);
      expect(document?.text).toContain('Ada Lovelace (12:00)');
      expect(document?.text).toContain(item.text);
    }
    expect(result.documents.find((document) => document.key === dayKey('charlie'))?.text).toContain('Ask @Grace before changing it.');

    const thread = result.documents.find((document) => document.key === threadKey('freeze'));
    expect(thread?.title).toBe('Deploy freeze on Friday?');
    expect(thread?.url).toBe(`https://acme.slack.com/archives/${ENGINEERING}/p${fake.messageTs('freeze').replace('.', '')}`);
    expect(thread?.text).toContain('Grace (15:00): Deploy freeze on Friday?');
    expect(thread?.text).toContain('Ada Lovelace (15:01): Yes, from noon UTC.');
    expect(thread?.text).toContain('Grace (15:02): Thanks, noted in the runbook.');

    expect(result.checkpoints.length).toBeGreaterThan(2);
    for (const checkpoint of result.checkpoints) {
      expect(JSON.parse(JSON.stringify(checkpoint))).toEqual(checkpoint);
    }
    finalCheckpoint(result.checkpoints);
  });

  it('reads nothing from a completed pass when nothing changed, then exactly an edit and an addition', async () => {
    const first = await harvest(slackConnector, context());
    const quiet = await harvest(slackConnector, context({ checkpoint: finalCheckpoint(first.checkpoints) }));
    expect(quiet.documents).toEqual([]);

    fake.put({ id: 'bravo', title: 'Note bravo', text: 'The bravo service moved to bravo-cluster.' });
    fake.put({ id: 'foxtrot', title: 'Note foxtrot', text: 'Foxtrot is the new search index.' });
    const changed = await harvest(slackConnector, context({ checkpoint: finalCheckpoint(quiet.checkpoints) }));

    expect(changed.documents.map((document) => document.key).sort()).toEqual([dayKey('bravo'), dayKey('foxtrot')].sort());
    expect(changed.documents.find((document) => document.key === dayKey('bravo'))?.text).toContain('bravo-cluster');
    expect(changed.documents.find((document) => document.key === dayKey('foxtrot'))?.text).toContain('Foxtrot is the new search index.');
  });

  it('reads a thread again when it gets a new reply', async () => {
    const first = await harvest(slackConnector, context());
    fake.reply('freeze', 'U0ADA', 'Freeze lifted on Monday.');
    const changed = await harvest(slackConnector, context({ checkpoint: finalCheckpoint(first.checkpoints) }));

    expect(changed.documents.map((document) => document.key)).toEqual([threadKey('freeze')]);
    expect(changed.documents[0]?.text).toContain('Freeze lifted on Monday.');
  });

  it('reads by key a thread older than the window every pass reads again, and a day, skipping what Slack no longer has', async () => {
    const first = await harvest(slackConnector, context());
    fake.putThread({
      id: 'retro',
      author: 'U0ADA',
      text: 'Retro notes from last month',
      replies: [{ author: 'U0GRACE', text: 'Action items filed.' }],
      daysAgo: 30,
    });
    const next = await harvest(slackConnector, context({ checkpoint: finalCheckpoint(first.checkpoints) }));
    expect(next.documents).toEqual([]);
    expect((await listed(slackConnector, context())).map((document) => document.key)).toContain(threadKey('retro'));

    const read = await fetched(slackConnector, context(), [threadKey('retro'), dayKey('bravo'), `${ENGINEERING}/2001-01-01`, 'C0GONE/2001-01-01']);
    expect(read.missing).toEqual([]);
    expect(read.documents.map((document) => document.key)).toEqual([threadKey('retro'), dayKey('bravo')]);
    expect(read.documents[0]).toMatchObject({ title: 'Retro notes from last month', url: fake.documentUrl('retro') });
    expect(read.documents[0].text).toContain('Grace (15:01): Action items filed.');
    expect(read.documents[1].text).toContain(ITEMS[1].text);
  });

  it('keeps thread parents in their day when threads are not read on their own', async () => {
    const result = await harvest(slackConnector, context({ config: { channel_ids: [ENGINEERING], include_threads: false } }));

    expect(result.documents.map((document) => document.key)).not.toContain(threadKey('freeze'));
    const day = result.documents.find((document) => document.key === dayKey('freeze'));
    expect(day?.text).toContain('Deploy freeze on Friday?');
    expect(day?.text).not.toContain('Yes, from noon UTC.');
  });

  it('lists the keys changes produces, and no longer lists a removed message', async () => {
    const pass = await harvest(slackConnector, context());
    const before = await listed(slackConnector, context());
    expect(before.map((document) => document.key).sort()).toEqual(pass.documents.map((document) => document.key).sort());
    expect(before.find((document) => document.key === threadKey('freeze'))?.changedAt?.toISOString()).toBe(
      new Date((Number(fake.messageTs('freeze').split('.')[0]) + 120) * 1_000).toISOString(),
    );

    const removed = dayKey('charlie');
    fake.remove('charlie');
    const after = (await listed(slackConnector, context())).map((document) => document.key);
    expect(after.sort()).toEqual(
      before
        .map((document) => document.key)
        .filter((key) => key !== removed)
        .sort(),
    );
    expect(after).toContain(dayKey('alpha'));
    expect(after).toContain(threadKey('freeze'));

    const next = await harvest(slackConnector, context({ checkpoint: finalCheckpoint(pass.checkpoints) }));
    expect(next.deleted).toEqual([removed]);
    expect(next.documents).toEqual([]);
  });

  it('reads every public channel the app is a member of when no channel is configured', async () => {
    const result = await harvest(slackConnector, context({ config: { include_threads: true } }));
    expect(result.documents).toHaveLength(ITEMS.length + 1);
    expect(result.checkpoints.at(-1)?.channels).toHaveProperty('C0DESIGN');
    expect(result.checkpoints.at(-1)?.channels).not.toHaveProperty('C0RANDOM');
  });

  it('skips a configured channel that no longer exists, and refuses one the app is not a member of', async () => {
    const gone = await harvest(slackConnector, context({ config: { channel_ids: ['C0GONE', ENGINEERING], include_threads: true } }));
    expect(gone.documents).toHaveLength(ITEMS.length + 1);

    await expect(harvest(slackConnector, context({ config: { channel_ids: ['C0RANDOM'], include_threads: true } }))).rejects.toThrow(
      'The Slack app is not a member of #random',
    );
  });

  it('waits out throttling and completes the pass', async () => {
    fake.throttle(3, 1);
    const result = await harvest(slackConnector, context());
    expect(fake.throttled).toBe(3);
    expect(result.documents).toHaveLength(ITEMS.length + 1);
  });

  it('fails the pass on an outage, and resumes from its last mark without reading earlier pages again', async () => {
    const firstRun: string[] = [];
    let lastMark: SlackCheckpoint | undefined;
    const run = async (): Promise<void> => {
      for await (const item of slackConnector.changes(context())) {
        if (isCheckpointMark(item)) {
          lastMark = item.checkpoint;
          fake.fail(10);
        } else if (!('deletedKey' in item) && !('expected' in item) && !isMissing(item)) {
          await parseInput(await item.input());
          firstRun.push(item.key);
        }
      }
    };
    await expect(run()).rejects.toThrow();
    expect(lastMark?.pass?.current?.before).toBeDefined();
    expect(firstRun).toEqual([threadKey('freeze')]);

    const rerun = await harvest(slackConnector, context({ checkpoint: lastMark, maxTransientAttempts: 10 }));
    const rerunKeys = rerun.documents.map((document) => document.key);
    expect(rerunKeys).not.toContain(threadKey('freeze'));
    expect([...new Set([...firstRun, ...rerunKeys])].sort()).toEqual([...ITEMS.map((item) => dayKey(item.id)), threadKey('freeze')].sort());
    finalCheckpoint(rerun.checkpoints);
  });

  it('renews an expired access token', async () => {
    const session = context();
    await harvest(slackConnector, session);
    fake.expireAccessTokens();
    const refusedBefore = fake.refusedTokens;
    const result = await harvest(slackConnector, session);
    expect(fake.refusedTokens).toBe(refusedBefore + 1);
    expect(result.documents).toHaveLength(ITEMS.length + 1);
  });

  describe('oauth', () => {
    const authorizeUrl = (): string => {
      const url = new URL(endpoints.authorizeUrl);
      url.searchParams.set('client_id', SLACK_CLIENT_ID);
      url.searchParams.set('scope', slackConnector.oauth?.scopes.join(slackConnector.oauth.scopeSeparator ?? ' ') ?? '');
      url.searchParams.set('redirect_uri', REDIRECT_URI);
      url.searchParams.set('state', 'state-123');
      url.searchParams.set('response_type', 'code');
      return url.toString();
    };
    const client = () => ({ clientId: endpoints.clientId ?? '', clientSecret: endpoints.clientSecret ?? '' });
    const tokenRequest = async (form: Record<string, string>): Promise<Record<string, unknown>> => {
      const credentials = Buffer.from(`${endpoints.clientId}:${endpoints.clientSecret}`).toString('base64');
      const response = await fetch(endpoints.tokenUrl, {
        method: 'POST',
        headers: { authorization: `Basic ${credentials}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      });
      return (await response.json()) as Record<string, unknown>;
    };

    it('exchanges the code, rotates the refresh token and refuses a used one', async () => {
      const oauth = slackConnector.oauth;
      expect(oauth).toMatchObject({ scopeSeparator: ',', pkce: false, revocation: 'bearer' });
      const callback = new URL(await fake.approve(authorizeUrl()));
      expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
      expect(callback.searchParams.get('state')).toBe('state-123');

      const code = callback.searchParams.get('code') ?? '';
      const tokens = oauth?.readTokens(await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI }));
      expect(tokens).toMatchObject({ expiresIn: 3_600, account: 'Acme', scope: 'channels:read,channels:history,users:read' });
      expect(tokens?.accessToken).toMatch(/^xoxe\.xoxb-/);
      expect(tokens?.refreshToken).toMatch(/^xoxe-1-/);
      await expect(tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI })).resolves.toEqual({
        ok: false,
        error: 'code_already_used',
      });
      await expect(exchangeCode(slackConnector.oauth!, endpoints, client(), { code, redirectUri: REDIRECT_URI, codeVerifier: undefined })).rejects.toThrow(
        TokenRefusedError,
      );

      const renewed = oauth?.readTokens(await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens?.refreshToken ?? '' }));
      expect(renewed?.refreshToken).not.toBe(tokens?.refreshToken);
      expect(fake.refreshes).toBe(1);
      const reused = await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens?.refreshToken ?? '' });
      expect(reused).toEqual({ ok: false, error: 'invalid_refresh_token' });
      await expect(refreshTokens(slackConnector.oauth!, endpoints, client(), tokens?.refreshToken ?? '')).rejects.toThrow(TokenRefusedError);

      // A client secret Slack no longer takes is the app's configuration, not a refused grant.
      fake.refuseClient(true);
      const refusedClient = refreshTokens(slackConnector.oauth!, endpoints, client(), renewed?.refreshToken ?? '');
      await expect(refusedClient).rejects.toThrow(TokenEndpointError);
      await expect(refusedClient).rejects.toMatchObject({ clientRefused: true, message: expect.stringContaining('bad_client_secret') as string });
      fake.refuseClient(false);
      await expect(refreshTokens(slackConnector.oauth!, endpoints, client(), renewed?.refreshToken ?? '')).resolves.toMatchObject({
        accessToken: expect.stringMatching(/^xoxe\.xoxb-/) as string,
      });
    });

    it('answers a refusal with access_denied and revokes a token given as the bearer', async () => {
      const denied = new URL(fake.deny(authorizeUrl()));
      expect(denied.searchParams.get('error')).toBe('access_denied');
      expect(denied.searchParams.get('state')).toBe('state-123');

      const { accessToken } = fake.grant();
      const revoke = async (): Promise<unknown> =>
        (await fetch(endpoints.revokeUrl ?? '', { method: 'POST', headers: { authorization: `Bearer ${accessToken}` } })).json();
      await expect(revoke()).resolves.toEqual({ ok: true, revoked: true });
      expect(fake.revokedTokens).toEqual([accessToken]);
      await expect(revoke()).resolves.toEqual({ ok: false, error: 'token_revoked' });
    });
  });

  it('maps the SDK errors to what they mean for the sync', () => {
    const classify = slackConnector.oauth?.classify;
    expect(classify?.(new WebAPIRateLimitedError(7))).toEqual({ kind: 'throttled', retryAfterMs: 7_000 });
    for (const code of ['invalid_auth', 'token_expired', 'not_authed', 'account_inactive', 'token_revoked']) {
      expect(classify?.(new WebAPIPlatformError({ ok: false, error: code }))).toEqual({ kind: 'unauthorized' });
    }
    expect(classify?.(new WebAPIPlatformError({ ok: false, error: 'channel_not_found' }))?.kind).toBe('not_found');
    expect(classify?.(new WebAPIPlatformError({ ok: false, error: 'missing_scope' }))?.kind).toBe('fatal');
    expect(classify?.(new Error('anything else'))).toBeUndefined();
  });

  it('validates and completes the config', async () => {
    const errors = await validate(plainToInstance(SlackConfigDto, { channel_ids: ['general'], include_threads: 'yes' }));
    expect(errors.map((error) => error.property).sort()).toEqual(['channel_ids', 'include_threads']);
    await expect(validate(plainToInstance(SlackConfigDto, { channel_ids: [ENGINEERING] }))).resolves.toEqual([]);
    await expect(slackConnector.normaliseConfig?.({ channel_ids: [ENGINEERING, ENGINEERING] }, { allowPrivateTargets: false })).resolves.toEqual({
      channel_ids: [ENGINEERING],
      include_threads: true,
    });
  });
});
