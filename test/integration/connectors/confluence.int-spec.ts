import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConfluenceCheckpoint } from '#src/modules/connectors/confluence/confluence-checkpoint.js';
import type { ConfluenceConfigDto } from '#src/modules/connectors/confluence/confluence-config.dto.js';
import { pagesCql } from '#src/modules/connectors/confluence/confluence-cql.js';
import { storageToHtml } from '#src/modules/connectors/confluence/confluence-storage.js';
import { confluenceConnector } from '#src/modules/connectors/confluence/confluence.connector.js';
import { validateConnectorConfig } from '#src/modules/connectors/connector-config.js';
import { isCheckpointMark } from '#src/modules/connectors/connector.js';
import { isMissing, SourceUnavailableError } from '#src/modules/connectors/document-source.js';
import { TokenRefusedError } from '#src/modules/connectors/oauth/connector-oauth.js';
import { exchangeCode, providerAuthorizeUrl, refreshTokens } from '#src/modules/connectors/oauth/provider-token-client.js';
import type { SessionLimits } from '#src/modules/connectors/provider/http-provider-session.js';
import type { ProviderEndpoints } from '#src/modules/connectors/provider/provider-endpoints.js';
import { parseHtml } from '#src/modules/ingestion/parsers/html-parser.js';
import { type ConfluenceFake, FAKE_CONFLUENCE_SITE, startConfluenceFake } from '#test/fakes/confluence/fake-confluence.js';
import type { FakeItem } from '#test/fakes/fake-provider.js';
import { connectorContext, fakeEndpoints, fetched, type Harvest, harvest, listed } from '#test/utils/connector-harness.js';

const ITEMS: FakeItem[] = [
  { id: '65601', title: 'Deploying the API', text: 'Deployments run from the release branch after the smoke tests pass.' },
  { id: '65602', title: 'On-call handbook', text: 'The on-call engineer acknowledges pages within five minutes.' },
  { id: '65603', title: 'Database migrations', text: 'Migrations are reviewed by two engineers and run before the deploy.' },
  { id: '65604', title: 'Incident reviews', text: 'Every incident gets a blameless review within a week.' },
  { id: '65605', title: 'Feature flags', text: 'Flags are removed two releases after they reach everyone.' },
];
const RUNBOOK = { name: 'runbook.md', mediaType: 'text/markdown', content: '# Rollback\n\nRevert the release tag and redeploy the previous build.\n' };
const DIAGRAM = { name: 'architecture.png', mediaType: 'image/png', content: 'not really a png' };
const CONFIG: ConfluenceConfigDto = { site_url: FAKE_CONFLUENCE_SITE, space_keys: ['ENG'] };

describe('Confluence connector', () => {
  let fake: ConfluenceFake;
  let endpoints: ProviderEndpoints;
  let attachmentId: string;

  const context = (checkpoint: ConfluenceCheckpoint | null = null, limits?: Partial<SessionLimits>, config: ConfluenceConfigDto = CONFIG) =>
    connectorContext(confluenceConnector, fake, endpoints, { config, checkpoint, limits });

  beforeEach(async () => {
    fake = await startConfluenceFake();
    endpoints = fakeEndpoints(fake, 'CONFLUENCE');
    ITEMS.forEach((item) => fake.put(item));
    attachmentId = fake.attach('65602', RUNBOOK);
    fake.attach('65602', DIAGRAM);
  });

  afterEach(async () => {
    await fake.close();
  });

  it('reads every page with its title, link and headings, and the attachments that are not media', async () => {
    const result = await harvest(confluenceConnector, context());

    expect(result.missing).toEqual([]);
    expect(result.documents.map((document) => document.key).sort()).toEqual([...ITEMS.map((item) => item.id), attachmentId].sort());
    for (const item of ITEMS) {
      const document = result.documents.find((candidate) => candidate.key === item.id);
      expect(document).toMatchObject({ title: item.title, url: fake.documentUrl(item.id) });
      expect(document?.url).toMatch(new RegExp(`^${FAKE_CONFLUENCE_SITE}/wiki/spaces/ENG/pages/${item.id}/`));
      expect(document?.text).toContain(item.text);
    }
    const page = await pageInput('65601');
    expect(page.blocks).toEqual([
      { kind: 'heading', level: 2, text: 'Overview' },
      { kind: 'text', text: ITEMS[0].text },
    ]);
    const runbook = result.documents.find((document) => document.key === attachmentId);
    expect(runbook?.title).toBe('runbook.md');
    expect(runbook?.url).toContain(`${FAKE_CONFLUENCE_SITE}/wiki/spaces/ENG/pages/65602/`);
    expect(runbook?.text).toContain('Revert the release tag');
    // Two pages per search answer: marks after the first two, and the pass-complete one.
    expect(result.checkpoints).toHaveLength(3);
    expect(result.checkpoints.slice(0, -1).every((checkpoint) => checkpoint.pass !== undefined)).toBe(true);
    expect(result.checkpoints.at(-1)?.pass).toBeUndefined();
  });

  it('reads nothing from a completed pass when nothing changed, then exactly what was edited and added', async () => {
    const first = await harvest(confluenceConnector, context());
    const completed = completedMark(first);

    const unchanged = await harvest(confluenceConnector, context(completed));
    expect(unchanged.documents).toEqual([]);
    expect(unchanged.checkpoints.at(-1)?.pass).toBeUndefined();

    fake.put({ ...ITEMS[2], text: 'Migrations now run automatically in the deploy pipeline.' });
    fake.put({ id: '65606', title: 'Service ownership', text: 'Each service lists its owning team in the catalogue.' });
    const changed = await harvest(confluenceConnector, context(completedMark(unchanged)));
    expect(changed.documents.map((document) => document.key).sort()).toEqual(['65603', '65606']);
    expect(changed.documents.find((document) => document.key === '65603')?.text).toContain('run automatically');

    const settled = await harvest(confluenceConnector, context(completedMark(changed)));
    expect(settled.documents).toEqual([]);
  });

  it('reads everything again when the checkpoint was made for other spaces', async () => {
    const first = await harvest(confluenceConnector, context());
    const everySpace = await harvest(confluenceConnector, context(completedMark(first), undefined, { site_url: FAKE_CONFLUENCE_SITE }));
    expect(everySpace.documents).toHaveLength(ITEMS.length + 1);
  });

  it('reads by id a page, and its attachment, that became visible without a new version', async () => {
    fake.restrict('65602', true);
    fake.backdate('65602', 7 * 86_400_000);
    const first = await harvest(confluenceConnector, context());
    expect(first.documents.map((document) => document.key)).not.toContain('65602');

    fake.restrict('65602', false);
    const next = await harvest(confluenceConnector, context(completedMark(first)));
    expect(next.documents).toEqual([]);
    expect((await listed(confluenceConnector, context())).map((document) => document.key)).toEqual(expect.arrayContaining(['65602', attachmentId]));

    const read = await fetched(confluenceConnector, context(completedMark(first)), ['65602', attachmentId, '99999']);
    expect(read.missing).toEqual([]);
    expect(read.documents.map((document) => document.key)).toEqual(['65602', attachmentId]);
    expect(read.documents[0]).toMatchObject({ title: 'On-call handbook', url: fake.documentUrl('65602') });
    expect(read.documents[0].text).toContain(ITEMS[1].text);
    expect(read.documents[1]).toMatchObject({ title: 'runbook.md' });
    expect(read.documents[1].text).toContain('Revert the release tag');

    fake.restrict('65602', true);
    expect((await fetched(confluenceConnector, context(), ['65602', attachmentId])).documents).toEqual([]);
  });

  it('lists every page and attachment it holds, without the removed ones', async () => {
    const before = await listed(confluenceConnector, context());
    expect(before.map((document) => document.key).sort()).toEqual([...ITEMS.map((item) => item.id), attachmentId].sort());
    expect(before.every((document) => document.changedAt instanceof Date)).toBe(true);

    fake.remove('65604');
    fake.remove('65602');
    const after = await listed(confluenceConnector, context());
    expect(after.map((document) => document.key).sort()).toEqual(['65601', '65603', '65605']);
  });

  it('waits out throttling and completes the pass', async () => {
    fake.throttle(3, 1);
    const started = Date.now();
    const result = await harvest(confluenceConnector, context());
    expect(fake.throttled).toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
    expect(result.documents).toHaveLength(ITEMS.length + 1);
  });

  it('fails a pass on an outage and resumes from its last mark without losing or re-reading everything', async () => {
    const firstRun: string[] = [];
    let lastMark: ConfluenceCheckpoint | undefined;
    const interrupted = (async () => {
      for await (const item of confluenceConnector.changes(context(null, { maxTransientAttempts: 10, backoffMs: 1 }))) {
        if (isCheckpointMark(item)) {
          lastMark = item.checkpoint;
          fake.fail(10);
        } else if ('key' in item && !isMissing(item)) {
          firstRun.push(item.key);
        }
      }
    })();
    await expect(interrupted).rejects.toThrow(/503/);
    expect(lastMark?.pass).toBeDefined();

    const searchesBefore = searchRequests();
    const rerun = await harvest(confluenceConnector, context(lastMark ?? null));
    const rerunKeys = rerun.documents.map((document) => document.key);
    expect(new Set([...firstRun, ...rerunKeys])).toEqual(new Set([...ITEMS.map((item) => item.id), attachmentId]));
    expect(rerunKeys.length).toBeLessThan(ITEMS.length);
    expect(rerunKeys).not.toContain(firstRun[0]);
    expect(searchRequests() - searchesBefore).toBe(2);
  });

  it('renews an access token the provider stopped accepting', async () => {
    const stale = context();
    fake.expireAccessTokens();
    const result = await harvest(confluenceConnector, stale);
    expect(result.documents).toHaveLength(ITEMS.length + 1);
    // The site lookup was refused once, then answered with the renewed token.
    expect(fake.requests.filter((request) => request.endsWith('/accessible-resources'))).toHaveLength(2);
  });

  it('refuses a site the consent does not cover', async () => {
    const other = { site_url: 'https://elsewhere.atlassian.net' };
    await expect(harvest(confluenceConnector, context(null, undefined, other))).rejects.toThrow(SourceUnavailableError);
    await expect(listed(confluenceConnector, context(null, undefined, other))).rejects.toThrow(/does not cover https:\/\/elsewhere\.atlassian\.net/);
  });

  it("goes through Atlassian's consent, token exchange and rotating refresh", async () => {
    const client = { clientId: endpoints.clientId!, clientSecret: endpoints.clientSecret! };
    const redirectUri = 'https://aqs.example.com/api/v1/connectors/oauth/callback';
    const authorizeUrl = providerAuthorizeUrl(confluenceConnector.oauth!, endpoints, client, { redirectUri, state: 'state-1', codeChallenge: undefined });
    const consent = new URL(authorizeUrl).searchParams;
    expect(consent.get('audience')).toBe('api.atlassian.com');
    expect(consent.get('prompt')).toBe('consent');
    expect(consent.get('scope')?.split(' ')).toContain('offline_access');

    const callback = new URL(await fake.approve(authorizeUrl));
    expect(callback.origin + callback.pathname).toBe(redirectUri);
    expect(callback.searchParams.get('state')).toBe('state-1');
    const tokens = await exchangeCode(confluenceConnector.oauth!, endpoints, client, {
      code: callback.searchParams.get('code')!,
      redirectUri,
      codeVerifier: undefined,
    });
    expect(tokens).toMatchObject({ expiresIn: 3600, scope: expect.stringContaining('search:confluence') });
    expect(tokens.accessToken).toMatch(/^cf-at-/);

    const renewed = await refreshTokens(confluenceConnector.oauth!, endpoints, client, tokens.refreshToken!);
    expect(renewed.refreshToken).not.toBe(tokens.refreshToken);
    expect(fake.refreshes).toBe(1);
    // A rotated-out refresh token is refused as Atlassian often answers it (403 unauthorized_client), an unknown one as it documents.
    await expect(refreshTokens(confluenceConnector.oauth!, endpoints, client, tokens.refreshToken!)).rejects.toThrow(TokenRefusedError);
    await expect(refreshTokens(confluenceConnector.oauth!, endpoints, client, tokens.refreshToken!)).rejects.toThrow(/refresh_token is invalid/);
    await expect(refreshTokens(confluenceConnector.oauth!, endpoints, client, 'cf-rt-unknown')).rejects.toThrow(/Unknown or invalid refresh token/);
    fake.refuseClient(true);
    await expect(refreshTokens(confluenceConnector.oauth!, endpoints, client, renewed.refreshToken!)).rejects.toMatchObject({
      name: 'TokenEndpointError',
      clientRefused: true,
    });
    fake.refuseClient(false);

    const denied = new URL(fake.deny(authorizeUrl));
    expect(denied.searchParams.get('error')).toBe('access_denied');
  });

  it('validates and normalises its config', async () => {
    const options = { allowPrivateTargets: false };
    await expect(
      validateConnectorConfig(confluenceConnector, { site_url: 'https://Acme.atlassian.net/wiki/spaces/ENG', space_keys: ['ENG', 'ENG'] }, options),
    ).resolves.toEqual({
      site_url: 'https://acme.atlassian.net',
      space_keys: ['ENG'],
    });
    await expect(validateConnectorConfig(confluenceConnector, { site_url: 'https://acme.atlassian.net', space_keys: ['ENG OPS'] }, options)).rejects.toThrow(
      /space key/,
    );
    await expect(validateConnectorConfig(confluenceConnector, { site_url: 'https://acme.atlassian.net', space_keys: [] }, options)).rejects.toThrow(
      /leave it out/,
    );
    await expect(validateConnectorConfig(confluenceConnector, { site_url: 'https://acme.atlassian.net', spaces: ['ENG'] }, options)).rejects.toThrow(/spaces/);
    await expect(validateConnectorConfig(confluenceConnector, { space_keys: ['ENG'] }, options)).rejects.toThrow(/site_url/);
    await expect(validateConnectorConfig(confluenceConnector, { site_url: 'https://user:pw@acme.atlassian.net' }, options)).rejects.toThrow(
      /user name or password/,
    );
  });

  it('writes CQL with the space list, the minute bound and the order', () => {
    expect(pagesCql(['ENG', 'OPS'], new Date('2024-05-01T10:11:12.345Z'), 'lastmodified')).toBe(
      'type = page and space in ("ENG", "OPS") and lastmodified >= "2024/05/01 10:11" order by lastmodified asc',
    );
    expect(pagesCql(undefined, null, 'created')).toBe('type = page order by created asc');
  });

  it('turns storage format into HTML with headings, code blocks and macro bodies', () => {
    const storage = [
      '<h1>Preparing a release</h1><p>Tag the build&nbsp;and see <ac:link><ri:page ri:content-title="Runbook" /></ac:link>.</p>',
      '<ac:structured-macro ac:name="code"><ac:parameter ac:name="language">bash</ac:parameter>',
      '<ac:plain-text-body><![CDATA[git tag -a v2 && git push --tags <origin>]]></ac:plain-text-body></ac:structured-macro>',
      '<ac:structured-macro ac:name="info"><ac:rich-text-body><p>Ask the release manager first.</p></ac:rich-text-body></ac:structured-macro>',
      '<ac:structured-macro ac:name="toc" /><ac:image><ri:attachment ri:filename="flow.png" /></ac:image>',
      '<ac:task-list><ac:task><ac:task-id>1</ac:task-id><ac:task-status>incomplete</ac:task-status><ac:task-body>Announce it</ac:task-body></ac:task></ac:task-list>',
      '<h3>Rollback</h3><p>Revert the tag.</p>',
    ].join('');
    const parsed = parseHtml(storageToHtml('Release guide', storage));
    expect(parsed.title).toBe('Release guide');
    expect(parsed.blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Preparing a release' },
      { kind: 'text', text: 'Tag the build and see Runbook.' },
      { kind: 'code', text: 'git tag -a v2 && git push --tags <origin>' },
      { kind: 'text', text: 'Ask the release manager first.' },
      { kind: 'text', text: '- Announce it' },
      { kind: 'heading', level: 3, text: 'Rollback' },
      { kind: 'text', text: 'Revert the tag.' },
    ]);
  });

  async function pageInput(key: string) {
    for await (const item of confluenceConnector.changes(context())) {
      if ('key' in item && item.key === key && !isMissing(item)) {
        const input = await item.input();
        return input.format === 'html' ? parseHtml(input.html, input.url) : { title: '', blocks: [] };
      }
    }
    throw new Error(`no document ${key}`);
  }

  function completedMark(result: Harvest<ConfluenceCheckpoint>): ConfluenceCheckpoint {
    const mark = result.checkpoints.at(-1);
    if (!mark || mark.pass) {
      throw new Error('the pass did not end with a pass-complete checkpoint');
    }
    return mark;
  }

  function searchRequests(): number {
    return fake.requests.filter((request) => request.includes('/content/search')).length;
  }
});
