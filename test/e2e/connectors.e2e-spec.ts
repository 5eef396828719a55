import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TransactionRunner } from '#src/common/database/transaction.js';
import { ConnectorCredentials } from '#src/modules/connectors/oauth/connector-credentials.js';
import type { OAuthConnectorType } from '#src/modules/connectors/connector-types.js';
import type { FakeItem, FakeProvider } from '#test/fakes/fake-provider.js';
import { startConfluenceFake } from '#test/fakes/confluence/fake-confluence.js';
import { startGoogleDriveFake } from '#test/fakes/google-drive/fake-google-drive.js';
import { startSharePointFake } from '#test/fakes/sharepoint/fake-sharepoint.js';
import { startSlackFake } from '#test/fakes/slack/fake-slack.js';
import { completeConsent } from '#test/utils/connector-consent.js';
import { bearer, createOrg, type TestOrg } from '#test/utils/factories.js';
import { ingestionEnv, waitForStatus, type StatusBody } from '#test/utils/ingestion.js';
import { OpenAIStub } from '#test/utils/openai-stub.js';
import { createTestApp, sameDatabaseAs, type TestApp } from '#test/utils/test-app.js';
import { createTestDatabase } from '#test/utils/test-database.js';

const PROVIDERS: Array<[string, () => Promise<FakeProvider>]> = [
  ['confluence', startConfluenceFake],
  ['slack', startSlackFake],
  ['google_drive', startGoogleDriveFake],
  ['sharepoint', startSharePointFake],
];

const connectorSettled = (status: StatusBody): boolean => ['Connected', 'failed', 'Connection failed'].includes(status.status);

const item = (id: string, phrase: string): FakeItem => ({ id, title: `Runbook ${id}`, text: `The ${phrase} procedure keeps the cluster healthy.` });

describe.each(PROVIDERS)('the %s connector', (type, startFake) => {
  let t: TestApp;
  let org: TestOrg;
  let other: TestOrg;
  let fake: FakeProvider;
  let stub: OpenAIStub;
  let dropDatabase: () => Promise<void>;
  let sourceId: string;

  beforeAll(async () => {
    const database = await createTestDatabase();
    dropDatabase = database.drop;
    stub = await OpenAIStub.start({ dimensions: 512 });
    fake = await startFake();
    fake.put(item('alpha', 'quartz rotation'));
    fake.put(item('beta', 'basalt failover'));
    fake.put(item('gamma', 'granite backup'));
    // Backoffs, Retry-After waits and the sync's retries at a tenth: a provider outage costs a second, not ten.
    t = await createTestApp({ databaseUrl: database.url, env: ingestionEnv(stub, { ...fake.environment, SYNC_RETRY_TIME_SCALE: '0.1' }) });
    org = await createOrg(t.app);
    other = await createOrg(t.app);
  });

  afterAll(async () => {
    await t?.close();
    await fake?.close();
    await stub?.close();
    await dropDatabase?.();
  });

  const api = () => request(t.http);
  const db = () => t.app.get(DataSource);
  const status = (id = sourceId) => waitForStatus(t.http, org.adminKey, id, connectorSettled, 60_000).then((seen) => seen.at(-1)!);
  /** A sync asked of a source without consent is queued (202, as from any state) and ends at once, the source keeping its status. */
  const expectSyncNotConnected = async (kept: string) => {
    const sync = await api()
      .post(`/api/v1/data-sources/${sourceId}/sync`)
      .set(...bearer(org.adminKey))
      .expect(202);
    expect(sync.body).toMatchObject({ data_source_id: sourceId, status: 'queued', job_id: expect.any(String) });
    const seen = await waitForStatus(t.http, org.adminKey, sourceId, (body) => body.error !== null, 30_000);
    expect(seen.every((body) => body.status === kept && body.estimated_completion === null)).toBe(true);
    expect(seen.at(-1)!.error).toMatch(/not connected: connect it through its authorize_url/);
  };
  const documents = async () => {
    const response = await api()
      .get(`/api/v1/data-sources/${sourceId}/documents?limit=100`)
      .set(...bearer(org.adminKey));
    expect(response.status).toBe(200);
    return response.body.documents as Array<{ url: string; title: string; status: string; error: string | null }>;
  };
  const indexedText = async (): Promise<string> => {
    const rows = await db().query<Array<{ text: string }>>(`SELECT c.text FROM chunk c JOIN document d ON d.id = c.document_id WHERE d.data_source_id = $1`, [
      sourceId,
    ]);
    return rows.map((row) => row.text).join('\n');
  };
  const consent = (authorizeUrl: string) => completeConsent(t.http, org.adminKey, authorizeUrl, fake);
  const syncNow = async () => {
    const response = await api()
      .post(`/api/v1/data-sources/${sourceId}/sync`)
      .set(...bearer(org.adminKey));
    expect(response.status).toBe(202);
    return status();
  };

  it('should keep a token that has no stated lifetime and cannot be renewed until the provider refuses it', async () => {
    const created = await api()
      .post('/api/v1/data-sources')
      .set(...bearer(org.adminKey))
      .send({ type, name: `${type} lasting`, config: fake.sourceConfig })
      .expect(201);
    const source = { id: created.body.id as string, orgId: org.orgId, type: type as OAuthConnectorType };
    const expiryAfter = async (tokens: { accessToken: string; refreshToken?: string }): Promise<number> => {
      await t.app.get(TransactionRunner).run((tx) => t.app.get(ConnectorCredentials).save(source, tokens, tx));
      const [row] = await db().query<Array<{ expires_at: Date }>>(`SELECT expires_at FROM connector_credential WHERE data_source_id = $1`, [source.id]);
      return new Date(row.expires_at).getTime() - Date.now();
    };
    // A Slack app without token rotation: no expiry, no refresh token.
    expect(await expiryAfter({ accessToken: 'xoxb-lasting' })).toBeGreaterThan(365 * 86_400_000);
    await db().query(`DELETE FROM connector_credential WHERE data_source_id = $1`, [source.id]);
    expect(await expiryAfter({ accessToken: 'renewable', refreshToken: 'refresh' })).toBeLessThanOrEqual(3_600_000);
    await api()
      .delete(`/api/v1/data-sources/${source.id}`)
      .set(...bearer(org.adminKey))
      .expect(204);
  });

  it('should be created pending with an authorize_url, and end a sync asked before consent with the source still pending', async () => {
    const created = await api()
      .post('/api/v1/data-sources')
      .set(...bearer(org.adminKey))
      .send({ type, name: `${type} source`, config: fake.sourceConfig });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type, status: 'pending', config: fake.sourceConfig });
    expect(created.body.authorize_url).toMatch(new RegExp(`/api/v1/data-sources/${created.body.id}/connect$`));
    sourceId = created.body.id;
    // The config the API answers, it takes back as it is.
    const same = await api()
      .put(`/api/v1/data-sources/${sourceId}`)
      .set(...bearer(org.adminKey))
      .send({ config: created.body.config });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toMatchObject({ status: 'pending', config: created.body.config });

    await expectSyncNotConnected('pending');
    const elsewhere = await api()
      .get(`/api/v1/data-sources/${sourceId}/connect`)
      .set(...bearer(other.adminKey));
    expect(elsewhere.status).toBe(404);
  });

  it('should connect through the consent, store the tokens sealed, and sync every item with its provider link', async () => {
    const source = await api()
      .get(`/api/v1/data-sources/${sourceId}`)
      .set(...bearer(org.adminKey));
    const callback = await consent(source.body.authorize_url);
    expect(callback.status, callback.text).toBe(303);
    expect(callback.headers.location).toMatch(new RegExp(`/data-sources/${sourceId}$`));

    const final = await status();
    expect(final).toMatchObject({ status: 'Connected', progress_pct: 100, estimated_completion: null, error: null });
    const listed = await documents();
    expect(listed.map((document) => document.url).sort()).toEqual(['alpha', 'beta', 'gamma'].map((id) => fake.documentUrl(id)).sort());
    expect(listed.every((document) => document.status === 'indexed')).toBe(true);
    expect(await indexedText()).toContain('basalt failover');

    const [stored] = await db().query<Array<{ access: string; refresh: string | null }>>(
      `SELECT access_token->>'ciphertext' AS access, refresh_token->>'ciphertext' AS refresh FROM connector_credential WHERE data_source_id = $1`,
      [sourceId],
    );
    expect(stored.access).toMatch(/^v1\./);
    expect(stored.refresh).toMatch(/^v1\./);
    const active = await api()
      .get('/api/v1/data-sources?status=active')
      .set(...bearer(org.adminKey));
    expect(active.body.data_sources.map((listedSource: { id: string }) => listedSource.id)).toContain(sourceId);
  });

  it('should refuse a callback replayed with the same state', async () => {
    const source = await api()
      .get(`/api/v1/data-sources/${sourceId}`)
      .set(...bearer(org.adminKey));
    const connect = await api()
      .get(new URL(source.body.authorize_url).pathname)
      .set(...bearer(org.adminKey));
    const callback = new URL(await fake.approve(connect.headers.location));
    const first = await api().get(`${callback.pathname}${callback.search}`);
    expect(first.status).toBe(303);
    const replayed = await api().get(`${callback.pathname}${callback.search}`);
    expect(replayed.status).toBe(400);
    expect(replayed.text).toContain('expired or was already used');
    const forged = await api().get(`${callback.pathname}?state=forged&code=whatever`);
    expect(forged.status).toBe(400);
    const bare = await api().get(callback.pathname);
    expect(bare.status).toBe(400);
    expect(bare.headers['content-type']).toMatch(/^text\/html/);
    const files = await api()
      .post('/api/v1/data-sources')
      .set(...bearer(org.adminKey))
      .send({ type: 'file', name: 'Uploads' });
    expect(
      (
        await api()
          .get(`/api/v1/data-sources/${files.body.id}/connect`)
          .set(...bearer(org.adminKey))
      ).status,
    ).toBe(400);
    await status();
  });

  it('should not connect when the key that started the consent was revoked before it completed', async () => {
    const key = await api()
      .post('/api/v1/api-keys')
      .set(...bearer(org.adminKey))
      .send({ name: 'consent starter', scopes: ['read', 'write'] })
      .expect(201);
    const source = await api()
      .get(`/api/v1/data-sources/${sourceId}`)
      .set(...bearer(org.adminKey));
    const connect = await api()
      .get(new URL(source.body.authorize_url).pathname)
      .set(...bearer(key.body.key))
      .expect(302);
    const callback = new URL(await fake.approve(connect.headers.location));
    await api()
      .delete(`/api/v1/api-keys/${key.body.id}`)
      .set(...bearer(org.adminKey))
      .expect(204);
    const refused = await api().get(`${callback.pathname}${callback.search}`);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('may no longer change data sources');
    const [{ count }] = await db().query<Array<{ count: string }>>(
      `SELECT count(*) FROM audit_entry WHERE org_id = $1 AND action = 'data_source.connected' AND actor_id = $2`,
      [org.orgId, key.body.id],
    );
    expect(Number(count)).toBe(0);
  });

  it('should read only what changed: an edit, an addition and a deletion', async () => {
    fake.put(item('alpha', 'obsidian rotation'));
    fake.put(item('delta', 'marble drill'));
    fake.remove('gamma');
    const final = await syncNow();
    expect(final.status).toBe('Connected');
    const listed = await documents();
    expect(listed.map((document) => document.url).sort()).toEqual(['alpha', 'beta', 'delta'].map((id) => fake.documentUrl(id)).sort());
    const text = await indexedText();
    expect(text).toContain('obsidian rotation');
    expect(text).toContain('marble drill');
    expect(text).not.toContain('quartz rotation');
    expect(text).not.toContain('granite backup');
  });

  it('should wait out a storm of throttled answers and finish', async () => {
    const before = fake.throttled;
    fake.put(item('epsilon', 'slate rollover'));
    fake.throttle(4, 1);
    const final = await syncNow();
    expect(final.status).toBe('Connected');
    expect(fake.throttled - before).toBe(4);
    expect(await indexedText()).toContain('slate rollover');
  });

  it('should survive a provider outage: the attempt fails, the retry resumes and nothing is lost', async () => {
    fake.put(item('zeta', 'pumice restore'));
    fake.fail(5);
    const final = await syncNow();
    expect(final.status).toBe('Connected');
    expect((await documents()).map((document) => document.url).sort()).toEqual(
      ['alpha', 'beta', 'delta', 'epsilon', 'zeta'].map((id) => fake.documentUrl(id)).sort(),
    );
    expect(await indexedText()).toContain('pumice restore');
  });

  it('should show progress and an estimated completion while it syncs a slow provider', async () => {
    for (const id of ['alpha', 'beta', 'delta', 'epsilon', 'zeta']) {
      fake.put(item(id, `${id} revision`));
    }
    fake.slowDown(150);
    try {
      expect(
        (
          await api()
            .post(`/api/v1/data-sources/${sourceId}/sync`)
            .set(...bearer(org.adminKey))
        ).status,
      ).toBe(202);
      const seen = await waitForStatus(t.http, org.adminKey, sourceId, connectorSettled, 60_000);
      const running = seen.filter((seenStatus) => seenStatus.status === 'processing' && seenStatus.estimated_completion !== null);
      expect(running.length, JSON.stringify(seen)).toBeGreaterThan(0);
      expect(running.every((seenStatus) => seenStatus.progress_pct < 100 && Date.parse(seenStatus.estimated_completion!) > Date.now() - 60_000)).toBe(true);
      expect(seen.at(-1)!.status).toBe('Connected');
    } finally {
      fake.slowDown(0);
    }
    expect(await indexedText()).toContain('epsilon revision');
  });

  it('should refresh the access token before it expires', async () => {
    const refreshes = fake.refreshes;
    await db().query(`UPDATE connector_credential SET expires_at = now() + interval '1 minute' WHERE data_source_id = $1`, [sourceId]);
    fake.expireAccessTokens();
    expect((await syncNow()).status).toBe('Connected');
    expect(fake.refreshes).toBe(refreshes + 1);
    const [credential] = await db().query<Array<{ minutes: number }>>(
      `SELECT extract(epoch FROM expires_at - now()) / 60 AS minutes FROM connector_credential WHERE data_source_id = $1`,
      [sourceId],
    );
    expect(Number(credential.minutes)).toBeGreaterThan(50);
  });

  it('should fail a sync but keep the connection while the token endpoint refuses the service’s client or answers no tokens, then sync with the same grant', async () => {
    const settings = `${prefixOf(type)}_CLIENT_ID and ${prefixOf(type)}_CLIENT_SECRET`;
    const breakages: Array<{ apply: () => void; reason: RegExp }> = [
      { apply: () => fake.refuseClient(true), reason: new RegExp(`refused this service's OAuth client .*its operator checks ${settings}`) },
      {
        apply: () => fake.answerTokenRequests({ status: 403, contentType: 'text/html', body: '<html><body>Blocked by policy</body></html>' }),
        reason: /answered 403 with a body that is not JSON.*a later sync tries again/,
      },
      {
        apply: () => fake.answerTokenRequests({ status: 200, contentType: 'text/html', body: '<html><body>Sign in to the network</body></html>' }),
        reason: /answered 200 with a body that is not JSON.*a later sync tries again/,
      },
    ];
    for (const { apply, reason } of breakages) {
      await db().query(`UPDATE connector_credential SET expires_at = now() WHERE data_source_id = $1`, [sourceId]);
      apply();
      try {
        const failed = await syncNow();
        expect(failed.status).toBe('failed');
        expect(failed.error).toMatch(reason);
        expect(failed.error).toMatch(/the source keeps its connection/);
      } finally {
        fake.refuseClient(false);
        fake.answerTokenRequests(undefined);
      }
    }
    const [{ count }] = await db().query<Array<{ count: string }>>(`SELECT count(*) FROM connector_credential WHERE data_source_id = $1`, [sourceId]);
    expect(Number(count)).toBe(1);

    const refreshes = fake.refreshes;
    expect(await syncNow()).toMatchObject({ status: 'Connected', error: null });
    expect(fake.refreshes).toBe(refreshes + 1);
  });

  it('should fail a sync but keep the connection on an instance where the connector is not configured', async () => {
    const unconfigured = Object.fromEntries(Object.entries(fake.environment).filter(([name]) => !/_CLIENT_(ID|SECRET)$/.test(name)));
    const elsewhere = await createTestApp({ ...sameDatabaseAs(t), env: ingestionEnv(stub, { ...unconfigured, SYNC_RETRY_TIME_SCALE: '0.1' }) });
    try {
      await db().query(`UPDATE connector_credential SET expires_at = now() WHERE data_source_id = $1`, [sourceId]);
      await request(elsewhere.http)
        .post(`/api/v1/data-sources/${sourceId}/sync`)
        .set(...bearer(org.adminKey))
        .expect(202);
      const failed = (await waitForStatus(elsewhere.http, org.adminKey, sourceId, connectorSettled, 60_000)).at(-1)!;
      expect(failed.status).toBe('failed');
      expect(failed.error).toMatch(
        new RegExp(`not configured on this service \\(its operator sets ${prefixOf(type)}_CLIENT_ID .*\\): the source keeps its connection`),
      );
    } finally {
      await elsewhere.close();
    }
    expect(await syncNow()).toMatchObject({ status: 'Connected', error: null });
  });

  it('should show Connection failed and emit datasource.failed when the provider refuses the refresh token, and reconnect', async () => {
    fake.revokeGrants();
    fake.expireAccessTokens();
    await db().query(`UPDATE connector_credential SET expires_at = now() WHERE data_source_id = $1`, [sourceId]);
    const failed = await syncNow();
    expect(failed.status).toBe('Connection failed');
    expect(failed.error).toMatch(/reconnect/);
    const [event] = await db().query<Array<{ data: { dataSource: { type: string; status: string } } }>>(
      `SELECT data FROM event WHERE org_id = $1 AND type = 'datasource.failed' ORDER BY created_at DESC LIMIT 1`,
      [org.orgId],
    );
    expect(event.data.dataSource).toMatchObject({ type: type.toUpperCase(), status: 'FAILED' });
    expect((await documents()).length).toBe(5);

    const source = await api()
      .get(`/api/v1/data-sources/${sourceId}`)
      .set(...bearer(org.adminKey));
    expect((await consent(source.body.authorize_url)).status).toBe(303);
    expect((await status()).status).toBe('Connected');
  });

  it('should disconnect: tokens revoked at the provider where it can (a lapsed access token renewed first), deleted here, documents kept, syncs ending at once', async () => {
    fake.expireAccessTokens();
    await db().query(`UPDATE connector_credential SET expires_at = now() WHERE data_source_id = $1`, [sourceId]);
    const revoked = fake.revokedTokens.length;
    const revocable = Boolean(fake.environment[`${prefixOf(type)}_REVOKE_URL`]);
    const response = await api()
      .post(`/api/v1/data-sources/${sourceId}/disconnect`)
      .set(...bearer(org.adminKey));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: sourceId, status: 'Disconnected' });
    const read = await api()
      .get(`/api/v1/data-sources/${sourceId}`)
      .set(...bearer(org.adminKey))
      .expect(200);
    expect(response.body).toMatchObject({ status: read.body.status, updated_at: read.body.updated_at });
    const [{ count }] = await db().query<Array<{ count: string }>>(`SELECT count(*) FROM connector_credential WHERE data_source_id = $1`, [sourceId]);
    expect(Number(count)).toBe(0);
    expect(fake.revokedTokens.length > revoked).toBe(revocable);
    const [audit] = await db().query<Array<{ details: Record<string, unknown> }>>(
      `SELECT details FROM audit_entry WHERE org_id = $1 AND action = 'data_source.disconnected' AND target_id = $2`,
      [org.orgId, sourceId],
    );
    expect(audit.details).toEqual({ type, revoked_at_provider: revocable });
    expect((await documents()).length).toBe(5);
    await expectSyncNotConnected('Disconnected');
    expect((await documents()).length).toBe(5);
    const elsewhere = await api()
      .post(`/api/v1/data-sources/${sourceId}/disconnect`)
      .set(...bearer(other.adminKey));
    expect(elsewhere.status).toBe(404);
  });

  it('should revoke the tokens at the provider where it can when a connected source is deleted, renewing an access token the provider says lapsed early', async () => {
    const created = await api()
      .post('/api/v1/data-sources')
      .set(...bearer(org.adminKey))
      .send({ type, name: `${type} to delete`, config: fake.sourceConfig })
      .expect(201);
    expect((await consent(created.body.authorize_url)).status).toBe(303);
    expect(await status(created.body.id)).toMatchObject({ status: 'Connected' });
    fake.expireAccessTokens();
    const revoked = fake.revokedTokens.length;
    await api()
      .delete(`/api/v1/data-sources/${created.body.id}`)
      .set(...bearer(org.adminKey))
      .expect(204);
    const [{ count }] = await db().query<Array<{ count: string }>>(`SELECT count(*) FROM connector_credential WHERE data_source_id = $1`, [created.body.id]);
    expect(Number(count)).toBe(0);
    if (fake.environment[`${prefixOf(type)}_REVOKE_URL`]) {
      await vi.waitFor(() => expect(fake.revokedTokens.length).toBeGreaterThan(revoked), { timeout: 10_000 });
    }
  });
});

function prefixOf(type: string): string {
  return type.toUpperCase();
}
