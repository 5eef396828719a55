import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackFake, type SlackFake } from '#test/fakes/slack/fake-slack.js';
import { completeConsent } from '#test/utils/connector-consent.js';
import { bearer, createOrg, type TestOrg } from '#test/utils/factories.js';
import { ingestionEnv, waitForStatus, type StatusBody } from '#test/utils/ingestion.js';
import { OpenAIStub } from '#test/utils/openai-stub.js';
import { createTestApp, type TestApp } from '#test/utils/test-app.js';
import { createTestDatabase } from '#test/utils/test-database.js';

/** Long enough for a new schedule's first slot, which is due at once, to have run. */
const FIRST_SLOT_MS = 2_000;

describe('a connector source from creation to disconnection', () => {
  let t: TestApp;
  let org: TestOrg;
  let fake: SlackFake;
  let stub: OpenAIStub;
  let dropDatabase: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabase();
    dropDatabase = database.drop;
    stub = await OpenAIStub.start({ dimensions: 512 });
    fake = await startSlackFake();
    fake.put({ id: 'alpha', title: 'Runbook alpha', text: 'The quartz rotation procedure keeps the cluster healthy.' });
    t = await createTestApp({ databaseUrl: database.url, env: ingestionEnv(stub, fake.environment) });
    org = await createOrg(t.app);
  });

  afterAll(async () => {
    await t?.close();
    await fake?.close();
    await stub?.close();
    await dropDatabase?.();
  });

  const runsOf = (id: string) =>
    t.app
      .get(DataSource)
      .query<Array<{ trigger: string; status: string }>>(`SELECT trigger, status FROM sync_run WHERE data_source_id = $1 ORDER BY created_at`, [id]);
  const statusOf = async (id: string): Promise<StatusBody> => {
    const response = await request(t.http)
      .get(`/api/v1/data-sources/${id}/status`)
      .set(...bearer(org.adminKey))
      .expect(200);
    return response.body as StatusBody;
  };
  /** Every status seen while a schedule's first slot passes. */
  const statusesDuringFirstSlot = async (id: string): Promise<StatusBody[]> => {
    const seen: StatusBody[] = [];
    for (const end = Date.now() + FIRST_SLOT_MS; Date.now() < end; await sleep(200)) {
      seen.push(await statusOf(id));
    }
    return seen;
  };

  it('should queue no sync while the source awaits its consent or is disconnected, and sync once connected', async () => {
    const created = await request(t.http)
      .post('/api/v1/data-sources')
      .set(...bearer(org.adminKey))
      .send({ type: 'slack', name: 'Scheduled workspace', config: fake.sourceConfig, sync_frequency: 'hourly' })
      .expect(201);
    const id = created.body.id as string;
    const pending = await statusesDuringFirstSlot(id);
    expect(pending.every((status) => status.status === 'pending' && status.error === null)).toBe(true);
    expect(await runsOf(id)).toEqual([]);

    expect((await completeConsent(t.http, org.adminKey, created.body.authorize_url as string, fake)).status).toBe(303);
    const connected = await waitForStatus(t.http, org.adminKey, id, (status) => status.status === 'Connected' && status.last_synced_at !== null, 30_000);
    expect(connected.at(-1)?.error).toBeNull();
    expect((await runsOf(id)).every((run) => run.status === 'succeeded')).toBe(true);

    await request(t.http)
      .post(`/api/v1/data-sources/${id}/disconnect`)
      .set(...bearer(org.adminKey))
      .expect(200);
    const runsBefore = await runsOf(id);
    // A new frequency is a new schedule, whose first slot is due at once.
    await request(t.http)
      .put(`/api/v1/data-sources/${id}`)
      .set(...bearer(org.adminKey))
      .send({ sync_frequency: 'daily' })
      .expect(200);
    const disconnected = await statusesDuringFirstSlot(id);
    expect(disconnected.every((status) => status.status === 'Disconnected' && status.error === null)).toBe(true);
    expect(await runsOf(id)).toEqual(runsBefore);
  });

  it('should be found by each status it shows through the list filter', async () => {
    const listed = async (status: string): Promise<string[]> => {
      const response = await request(t.http)
        .get('/api/v1/data-sources')
        .query({ status, limit: 200 })
        .set(...bearer(org.adminKey));
      expect(response.status, response.text).toBe(200);
      return (response.body.data_sources as Array<{ id: string; status: string }>).map((source) => `${source.id} ${source.status}`);
    };
    const created = await request(t.http)
      .post('/api/v1/data-sources')
      .set(...bearer(org.adminKey))
      .send({ type: 'slack', name: 'Filtered workspace', config: fake.sourceConfig })
      .expect(201);
    const id = created.body.id as string;
    expect(await listed('pending')).toContain(`${id} pending`);

    expect((await completeConsent(t.http, org.adminKey, created.body.authorize_url as string, fake)).status).toBe(303);
    await waitForStatus(t.http, org.adminKey, id, (status) => status.status === 'Connected' && status.last_synced_at !== null, 30_000);
    expect(await listed('Connected')).toContain(`${id} Connected`);
    expect(await listed('active')).toContain(`${id} Connected`);
    expect(await listed('Disconnected')).not.toContain(`${id} Connected`);

    await request(t.http)
      .post(`/api/v1/data-sources/${id}/disconnect`)
      .set(...bearer(org.adminKey))
      .expect(200);
    expect(await listed('Disconnected')).toContain(`${id} Disconnected`);
    expect(await listed('active')).not.toContain(`${id} Disconnected`);
    expect(await listed('Connection failed')).toEqual([]);

    const unknown = await request(t.http)
      .get('/api/v1/data-sources?status=disconnected')
      .set(...bearer(org.adminKey));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details).toHaveProperty('status');
  });

  describe('a source deleted while its consent is under way', () => {
    /** Starts the consent and approves at the provider: the callback URL the provider sends the browser to. */
    const approved = async (): Promise<{ id: string; callback: string }> => {
      const created = await request(t.http)
        .post('/api/v1/data-sources')
        .set(...bearer(org.adminKey))
        .send({ type: 'slack', name: 'Short-lived workspace', config: fake.sourceConfig })
        .expect(201);
      const connect = await request(t.http)
        .get(new URL(created.body.authorize_url as string).pathname)
        .set(...bearer(org.adminKey))
        .expect(302);
      const callback = new URL(await fake.approve(connect.headers.location));
      return { id: created.body.id as string, callback: `${callback.pathname}${callback.search}` };
    };
    const deleteSource = (id: string) =>
      request(t.http)
        .delete(`/api/v1/data-sources/${id}`)
        .set(...bearer(org.adminKey))
        .expect(204);
    const expectConsentPage = (response: request.Response, saying: string): void => {
      expect(response.status).toBe(400);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.text).toContain(saying);
    };
    const credentialsOf = (id: string) => t.app.get(DataSource).query(`SELECT 1 FROM connector_credential WHERE data_source_id = $1`, [id]);

    it('should answer the consent page, nothing connected, when the source was gone before the provider answered', async () => {
      const { id, callback } = await approved();
      await deleteSource(id);
      // Its pending consent went with it.
      expectConsentPage(await request(t.http).get(callback), 'expired or was already used');
      expect(await credentialsOf(id)).toEqual([]);
    });

    it('should revoke at the provider the tokens it was granted for a source deleted during the code exchange', async () => {
      const { id, callback } = await approved();
      const revokedBefore = fake.revokedTokens.length;
      const authorizations = () => t.app.get(DataSource).query(`SELECT 1 FROM connector_authorization WHERE data_source_id = $1`, [id]);
      fake.slowDown(2_500);
      try {
        const answered = request(t.http)
          .get(callback)
          .then((response) => response);
        // The callback takes its authorization before it exchanges the code, which the slow provider holds.
        while ((await authorizations()).length > 0) {
          await sleep(50);
        }
        await sleep(1_000);
        await deleteSource(id);
        expectConsentPage(await answered, 'was deleted while its connection was under way');
      } finally {
        fake.slowDown(0);
      }
      expect(fake.revokedTokens.length).toBe(revokedBefore + 1);
      expect(await credentialsOf(id)).toEqual([]);
    });
  });
});
