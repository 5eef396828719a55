import { createHash, randomBytes } from 'node:crypto';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isCheckpointMark, type ConnectorContext } from '#src/modules/connectors/connector.js';
import type { GoogleDriveCheckpoint } from '#src/modules/connectors/google-drive/google-drive-checkpoint.js';
import { GoogleDriveConfigDto } from '#src/modules/connectors/google-drive/google-drive-config.dto.js';
import { googleDriveConnector } from '#src/modules/connectors/google-drive/google-drive.connector.js';
import { ProviderCallError } from '#src/modules/connectors/provider/provider-failure.js';
import type { ProviderEndpoints } from '#src/modules/connectors/provider/provider-endpoints.js';
import type { SessionLimits } from '#src/modules/connectors/provider/http-provider-session.js';
import { ENGINEERING_FOLDER, startGoogleDriveFake, type GoogleDriveFake } from '#test/fakes/google-drive/fake-google-drive.js';
import { connectorContext, fakeEndpoints, fetched, harvest, listed } from '#test/utils/connector-harness.js';

const GOOGLE_DOC = 'application/vnd.google-apps.document';
const DOCS = [
  { id: 'doc_onboarding', title: 'Onboarding guide', text: 'New engineers get a laptop on day one.\nThey pair with a buddy for two weeks.' },
  { id: 'doc_oncall', title: 'On-call rotation', text: 'The rotation changes every Monday at 10:00.' },
  { id: 'doc_deploys', title: 'Deploying', text: 'Deploys run from the main branch after review.' },
  { id: 'doc_incidents', title: 'Incident reviews', text: 'Every incident gets a blameless review within a week.' },
  { id: 'doc_style', title: 'Code style', text: 'We format with prettier and lint with eslint.' },
];
const READ_KEYS = [...DOCS.map(({ id }) => id), 'doc_nested', 'file_runbook', 'sheet_budget'].sort();

describe('Google Drive connector', () => {
  let fake: GoogleDriveFake;
  let endpoints: ProviderEndpoints;
  let config: GoogleDriveConfigDto;

  const context = (
    checkpoint: GoogleDriveCheckpoint | null = null,
    limits?: Partial<SessionLimits>,
    sourceConfig: GoogleDriveConfigDto = config,
  ): ConnectorContext<GoogleDriveConfigDto, GoogleDriveCheckpoint> =>
    connectorContext(googleDriveConnector, fake, endpoints, { config: sourceConfig, checkpoint, limits });

  const fullPass = async () => {
    const result = await harvest(googleDriveConnector, context());
    return { ...result, final: result.checkpoints.at(-1)! };
  };

  beforeEach(async () => {
    fake = await startGoogleDriveFake();
    endpoints = fakeEndpoints(fake, 'GOOGLE_DRIVE');
    config = await googleDriveConnector.normaliseConfig!(plainToInstance(GoogleDriveConfigDto, fake.sourceConfig), { allowPrivateTargets: true });
    for (const doc of DOCS) {
      fake.put(doc);
    }
    fake.putFolder('fld_design', 'Design');
    fake.putFile({ id: 'doc_nested', name: 'Design principles', mimeType: GOOGLE_DOC, content: 'Prefer boring technology.', parents: ['fld_design'] });
    fake.putFile({
      id: 'file_runbook',
      name: 'runbook.md',
      mimeType: 'text/markdown',
      content: '# Runbook\n\n## Restarting\n\nRestart the queue workers first.',
    });
    fake.putFile({ id: 'sheet_budget', name: 'Budget', mimeType: 'application/vnd.google-apps.spreadsheet', content: 'team,amount\nplatform,1200\n' });
    fake.putFile({ id: 'img_diagram', name: 'diagram.png', mimeType: 'image/png', content: randomBytes(64) });
    fake.putFile({ id: 'doc_elsewhere', name: 'Personal notes', mimeType: GOOGLE_DOC, content: 'Not in the engineering folder.', parents: ['root'] });
  });

  afterEach(async () => {
    await fake.close();
  });

  it('reads every synced file of the folder tree on the first pass, with titles, links and headings', async () => {
    const { documents, missing, checkpoints, final } = await fullPass();

    expect(missing).toEqual([]);
    expect(documents.map(({ key }) => key).sort()).toEqual(READ_KEYS);
    for (const doc of DOCS) {
      const read = documents.find(({ key }) => key === doc.id)!;
      expect(read.title).toBe(doc.title);
      expect(read.url).toBe(fake.documentUrl(doc.id));
      expect(read.url).toBe(`https://docs.google.com/document/d/${doc.id}/edit?usp=drivesdk`);
      expect(read.text).toContain(doc.title);
      for (const line of doc.text.split('\n')) {
        expect(read.text).toContain(line);
      }
    }
    const runbook = documents.find(({ key }) => key === 'file_runbook')!;
    expect(runbook).toMatchObject({ title: 'runbook.md', url: 'https://drive.google.com/file/d/file_runbook/view?usp=drivesdk' });
    expect(runbook.text).toContain('Restarting');
    expect(runbook.text).toContain('Restart the queue workers first.');
    expect(documents.find(({ key }) => key === 'sheet_budget')!.text).toContain('platform');
    expect(checkpoints.length).toBeGreaterThan(2);
    expect(final.pass).toBeUndefined();
    expect(checkpoints.slice(0, -1).every((checkpoint) => checkpoint.pass !== undefined)).toBe(true);
  });

  it('reads nothing when nothing changed, then exactly what was edited or added', async () => {
    const first = await fullPass();

    const unchanged = await harvest(googleDriveConnector, context(first.final));
    expect(unchanged.documents).toEqual([]);
    expect(unchanged.missing).toEqual([]);

    fake.put({ ...DOCS[1], text: 'The rotation now changes every Tuesday.' });
    fake.put({ id: 'doc_security', title: 'Security checklist', text: 'Rotate secrets every quarter.' });
    const next = await harvest(googleDriveConnector, context(unchanged.checkpoints.at(-1)));
    expect(next.documents.map(({ key }) => key).sort()).toEqual(['doc_oncall', 'doc_security']);
    expect(next.documents.find(({ key }) => key === 'doc_oncall')!.text).toContain('every Tuesday');

    const after = await harvest(googleDriveConnector, context(next.checkpoints.at(-1)));
    expect(after.documents).toEqual([]);
  });

  it('lists every key the source holds, and no longer a removed one', async () => {
    const before = await listed(googleDriveConnector, context());
    expect(before.map(({ key }) => key).sort()).toEqual(READ_KEYS);
    expect(before.every(({ changedAt }) => changedAt instanceof Date && !Number.isNaN(changedAt.getTime()))).toBe(true);

    fake.remove('doc_deploys');
    const after = await listed(googleDriveConnector, context());
    expect(after.map(({ key }) => key).sort()).toEqual(READ_KEYS.filter((key) => key !== 'doc_deploys'));
  });

  it('reads by id the files the listing names that no pass of changes reads: moved in, restored from the trash', async () => {
    const first = await fullPass();
    const lastWeek = new Date(Date.now() - 7 * 86_400_000);
    fake.putFile({
      id: 'doc_loose',
      name: 'Loose memo',
      mimeType: GOOGLE_DOC,
      content: 'Filed under engineering at last.',
      parents: ['root'],
      modifiedTime: lastWeek,
    });
    fake.move('doc_loose', [ENGINEERING_FOLDER]);
    fake.remove('doc_style');
    fake.restore('doc_style');
    fake.remove('doc_deploys');

    const next = await harvest(googleDriveConnector, context(first.final));
    expect(next.documents).toEqual([]);
    expect((await listed(googleDriveConnector, context(first.final))).map(({ key }) => key)).toContain('doc_loose');

    const read = await fetched(googleDriveConnector, context(first.final), ['doc_loose', 'doc_style', 'doc_deploys', 'doc_never']);
    expect(read.missing).toEqual([]);
    expect(read.documents.map(({ key }) => key)).toEqual(['doc_loose', 'doc_style']);
    expect(read.documents[0]).toMatchObject({ title: 'Loose memo', url: fake.documentUrl('doc_loose') });
    expect(read.documents[0].text).toContain('Filed under engineering at last.');
    expect(read.documents[1].text).toContain('We format with prettier');
  });

  it('waits out Drive’s rate limit, each wait twice the last since Drive says no Retry-After, and completes the pass', async () => {
    fake.throttle(3, 1);
    const result = await harvest(googleDriveConnector, context(null, { timeScale: 0.5 }));
    expect(fake.throttled).toBe(3);
    // At half the time: 0.5 s, then 1 s (each plus up to half a second), where every wait was 0.5 s.
    const [first, second, third] = fake.throttledAt;
    expect(second - first).toBeGreaterThanOrEqual(490);
    expect(third - second).toBeGreaterThanOrEqual(990);
    expect(result.documents.map(({ key }) => key).sort()).toEqual(READ_KEYS);
    expect(result.checkpoints.at(-1)?.pass).toBeUndefined();
  });

  it('fails the pass during an outage and resumes from the last mark without losing or rereading pages', async () => {
    const firstRun: string[] = [];
    let lastMark: GoogleDriveCheckpoint | undefined;
    let failure: unknown;
    try {
      for await (const item of googleDriveConnector.changes(context())) {
        if (isCheckpointMark(item)) {
          lastMark = item.checkpoint;
          fake.fail(10);
        } else if ('key' in item) {
          firstRun.push(item.key);
        }
      }
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(ProviderCallError);
    expect((failure as ProviderCallError).failure.kind).toBe('transient');
    expect(lastMark?.pass).toBeDefined();
    expect(firstRun.length).toBeGreaterThan(0);

    const rerun = await harvest(googleDriveConnector, context(lastMark, { maxTransientAttempts: 10 }));
    const rerunKeys = rerun.documents.map(({ key }) => key);
    expect(new Set([...firstRun, ...rerunKeys])).toEqual(new Set(READ_KEYS));
    expect(rerunKeys.filter((key) => firstRun.includes(key))).toEqual([]);
    expect(rerun.checkpoints.at(-1)!.pass).toBeUndefined();
  });

  it('renews a refused access token and carries on', async () => {
    const granted = context();
    fake.expireAccessTokens();
    const { documents } = await harvest(googleDriveConnector, granted);
    expect(fake.unauthorized).toBeGreaterThan(0);
    expect(documents.map(({ key }) => key).sort()).toEqual(READ_KEYS);
  });

  it('fails, rather than lists nothing, when a configured folder cannot be read', async () => {
    const missingFolder = { ...config, folder_ids: ['fld_gone'] };
    await expect(listed(googleDriveConnector, context(null, undefined, missingFolder))).rejects.toThrow(/fld_gone was not found/);
    await expect(harvest(googleDriveConnector, context(null, undefined, missingFolder))).rejects.toBeInstanceOf(ProviderCallError);
  });

  it('reads a shared drive and the files shared with the account when configured so', async () => {
    fake.putFile({ id: 'doc_team_drive', name: 'Team drive doc', mimeType: GOOGLE_DOC, content: 'Lives in a shared drive.', driveId: 'drv_team' });
    fake.putFile({ id: 'doc_shared', name: 'Shared with me', mimeType: 'text/plain', content: 'Someone shared this.', sharedWithMe: true });
    const wider = await googleDriveConnector.normaliseConfig!(
      plainToInstance(GoogleDriveConfigDto, { shared_drive_ids: ['drv_team'], include_shared_with_me: true }),
      { allowPrivateTargets: true },
    );
    const { documents } = await harvest(googleDriveConnector, context(null, undefined, wider));
    expect(documents.map(({ key }) => key).sort()).toEqual(['doc_shared', 'doc_team_drive']);
    const keys = (await listed(googleDriveConnector, context(null, undefined, wider))).map(({ key }) => key).sort();
    expect(keys).toEqual(['doc_shared', 'doc_team_drive']);

    const myDrive = await googleDriveConnector.normaliseConfig!(plainToInstance(GoogleDriveConfigDto, {}), { allowPrivateTargets: true });
    const everything = await harvest(googleDriveConnector, context(null, undefined, myDrive));
    expect(everything.documents.map(({ key }) => key).sort()).toEqual([...READ_KEYS, 'doc_elsewhere'].sort());
  });

  it('validates the config: ids only, bounded lists, a boolean flag', async () => {
    const errors = async (value: object) => (await validate(plainToInstance(GoogleDriveConfigDto, value))).map(({ property }) => property);
    expect(await errors({ folder_ids: ['fld_eng'], shared_drive_ids: ['0AbC-d_E'], include_shared_with_me: true })).toEqual([]);
    expect(await errors({ folder_ids: ["x' or name contains 'y"] })).toEqual(['folder_ids']);
    expect(await errors({ shared_drive_ids: Array.from({ length: 51 }, (_, index) => `drv_${index}`) })).toEqual(['shared_drive_ids']);
    expect(await errors({ include_shared_with_me: 'yes' })).toEqual(['include_shared_with_me']);
    expect(await errors({ folder_ids: [], shared_drive_ids: [] })).toEqual(['folder_ids', 'shared_drive_ids']);
  });

  it('connects through Google’s OAuth: consent with PKCE, code exchange, refresh without rotation, revocation', async () => {
    const oauth = googleDriveConnector.oauth!;
    const verifier = randomBytes(32).toString('base64url');
    const authorizeUrl = new URL(endpoints.authorizeUrl);
    const redirectUri = 'https://aqs.example.test/api/v1/connectors/oauth/callback';
    const params = {
      client_id: endpoints.clientId!,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: oauth.scopes.join(oauth.scopeSeparator ?? ' '),
      state: 'state-123',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      ...oauth.authorizeParams,
    };
    for (const [name, value] of Object.entries(params)) {
      authorizeUrl.searchParams.set(name, value);
    }
    expect(oauth).toMatchObject({ pkce: true, tokenRequest: 'form', revocation: 'rfc7009' });

    const callback = new URL(await fake.approve(authorizeUrl.toString()));
    expect(callback.origin + callback.pathname).toBe(redirectUri);
    expect(callback.searchParams.get('state')).toBe('state-123');
    expect(new URL(fake.deny(authorizeUrl.toString())).searchParams.get('error')).toBe('access_denied');

    const tokenCall = async (form: Record<string, string>) => {
      const answer = await fetch(endpoints.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: endpoints.clientId!, client_secret: endpoints.clientSecret!, ...form }),
      });
      return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
    };
    const exchanged = await tokenCall({
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    });
    expect(exchanged.status).toBe(200);
    const tokens = oauth.readTokens(exchanged.body);
    expect(tokens).toMatchObject({ accessToken: expect.stringMatching(/^ya29\./), refreshToken: expect.any(String), expiresIn: 3599, scope: oauth.scopes[0] });

    const files = await fetch(`${endpoints.apiUrl}/drive/v3/files?q=${encodeURIComponent("'fld_eng' in parents")}`, {
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(files.status).toBe(200);

    const refreshed = await tokenCall({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken! });
    expect(oauth.readTokens(refreshed.body)).toMatchObject({ accessToken: expect.any(String), refreshToken: undefined, expiresIn: 3599 });
    expect((await tokenCall({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken! })).status).toBe(200);
    expect(fake.refreshes).toBe(2);

    const revoked = await fetch(endpoints.revokeUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${tokens.refreshToken!}`,
    });
    expect(revoked.status).toBe(200);
    expect(fake.revokedTokens).toEqual([tokens.refreshToken]);
    expect(await tokenCall({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken! })).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
    });
  });
});
