import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import * as client from 'openid-client';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '#src/common/database/migrations/index.js';
import { bullConnection } from '#src/common/queue/bull-queue.js';
import { JobName, QueueName } from '#src/common/queue/queue-name.enum.js';
import { FixtureSite } from '#test/utils/fixture-site.js';
import { ingestionEnv } from '#test/utils/ingestion.js';
import { OAuthBrowser } from '#test/utils/oauth-browser.js';
import { OpenAIStub } from '#test/utils/openai-stub.js';
import { REDIS_URL, SERVER_URL } from '#test/utils/test-database.js';
import { createTestCertificates, type TestCertificates } from '#test/utils/tls.js';
import { toInstance, TestTopology, type CliOrganization } from '#test/utils/topology.js';
import { until } from '#test/utils/until.js';
import { webSessionOf } from '#test/utils/web-sessions.js';
import { signatureIsValid, WebhookReceiver } from '#test/utils/webhook-receiver.js';

/** The read bucket of an API key: 250 at once, then 200 per minute. */
const READ_BURST = 250;
const READ_PER_MINUTE = 200;
/** Far beyond anything these tests do, so that only the rate-limit test's own organization meets a limit. */
const UNLIMITED = { requests_per_minute: 1_000_000_000, burst: 1_000_000_000 };
const LIFTED_LIMITS = {
  requests_per_minute: 1_000_000_000,
  concurrent_requests: 100_000,
  key_buckets: { read: UNLIMITED, write: UNLIMITED, execute: UNLIMITED, admin: UNLIMITED },
};
const REDIRECT = 'http://127.0.0.1:53682/callback';
const PASSWORD = 'a passphrase long enough';
const API_1 = toInstance(0);
const API_2 = toInstance(1);

interface RunRow {
  id: string;
  data_source_id: string;
  status: string;
  trigger: string;
  attempts: number;
}

/** A website under `/<name>/`: an index linking `pages` pages, each answered after `delayMs`. Answers every path of it. */
function website(site: FixtureSite, name: string, pages: number, delayMs: number): string[] {
  const paths = Array.from({ length: pages }, (_, index) => `/${name}/page-${index + 1}`);
  const links = paths.map((path) => `<li><a href="${path}">${path}</a></li>`).join('');
  site.html(`/${name}/`, `<html><head><title>${name}</title></head><body><main><h1>${name}</h1><ul>${links}</ul></main></body></html>`);
  for (const path of paths) {
    const text = `The ${name} guide, ${path}: how widgets and gadgets are assembled, tested and shipped.`;
    site.html(path, `<html><head><title>${path}</title></head><body><main><h1>${path}</h1><p>${text}</p></main></body></html>`, { delayMs });
  }
  return [`/${name}/`, ...paths];
}

describe.skipIf(!SERVER_URL || !REDIS_URL)('two api and two worker processes behind a proxy', () => {
  let stub: OpenAIStub;
  let site: FixtureSite;
  let certificates: TestCertificates;
  let receiver: WebhookReceiver;
  let t: TestTopology;
  let org: CliOrganization;
  let limited: CliOrganization;

  beforeAll(async () => {
    stub = await OpenAIStub.start({ dimensions: 512 });
    site = await FixtureSite.start();
    certificates = createTestCertificates();
    receiver = await WebhookReceiver.start(certificates);
    t = await TestTopology.start(SERVER_URL!, REDIS_URL!, {
      ...ingestionEnv(stub, { WEBHOOK_CA_CERTS: certificates.caCertPath, CRAWL_CONCURRENCY: '2' }),
      EMBEDDED_WORKER: undefined,
      RATE_LIMITS_ENABLED: 'true',
    });
    [org, limited] = await Promise.all([t.createOrganization('enterprise', LIFTED_LIMITS), t.createOrganization('enterprise')]);
  }, 120_000);

  afterAll(async () => {
    await t?.stop();
    await receiver?.close();
    await site?.close();
    await stub?.close();
  });

  const api = () => request(t.origin);
  const auth = (key = org.adminKey): [string, string] => ['Authorization', `Bearer ${key}`];

  it('should apply each migration exactly once when all four start together on an empty database', async () => {
    const applied = await t.sql<{ name: string; times: number }>('SELECT name, count(*)::int AS times FROM migrations GROUP BY name');
    expect(applied.map((row) => row.name).sort()).toEqual(MIGRATIONS.map((migration) => migration.name).sort());
    expect(applied.filter((row) => row.times !== 1)).toEqual([]);
    for (const service of t.topology.processes) {
      service.assertRunning('the migrations');
    }
  });

  it('should create the first start\u2019s organization once, printed by one of the apis that started together', async () => {
    const defaults = await t.sql<{ id: string }>("SELECT id FROM organization WHERE name = 'Default Organization'");
    expect(defaults).toHaveLength(1);
    const announcing = t.apis.filter((service) => /svcsk_live_[A-Za-z0-9]{40}/.test(service.logs()));
    expect(announcing).toHaveLength(1);
    expect(announcing[0].logs()).toContain(`(${defaults[0].id})`);
  });

  it('should end an operator\u2019s command with no warning: what it committed wakes the workers before its queue closes', async () => {
    const { output, warnings } = await t.cliWithLog(['org:create', '--name', 'Quiet', '--admin-email', `quiet-${randomBytes(4).toString('hex')}@example.test`]);
    expect(output).toHaveProperty('organization.id');
    expect(warnings).toEqual([]);
  });

  it('should never let the two apis together accept more than one bucket\u2019s burst plus its refill', async () => {
    const reader = await api()
      .post('/api/v1/api-keys')
      .set(...auth(limited.adminKey))
      .send({ name: 'burst', scopes: ['read'] })
      .expect(201);
    // A path of its own, so that each api's request log shows its share of this burst.
    const path = '/api/v1/agents?limit=13';
    const statuses: number[] = [];
    let sent = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 24 }, async () => {
        while (sent < 360) {
          sent++;
          const response = await fetch(t.topology.url(path), { headers: { Authorization: `Bearer ${reader.body.key}` } });
          await response.arrayBuffer();
          statuses.push(response.status);
        }
      }),
    );
    const elapsedMs = performance.now() - started;

    expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    const accepted = statuses.filter((status) => status === 200).length;
    // Tokens refill continuously from the first request on: at most elapsed × 200 / 60,000 more than the burst.
    expect(accepted).toBeGreaterThanOrEqual(READ_BURST);
    expect(accepted).toBeLessThanOrEqual(READ_BURST + Math.floor((elapsedMs * READ_PER_MINUTE) / 60_000));
    const acceptedBy = (): number[] =>
      t.apis.map((instance) => instance.logLines('request completed').filter((line) => line.url === path && line.status === 200).length);
    // Log lines are written asynchronously: they may trail the responses by a moment.
    await until(async () => (sum(acceptedBy()) >= accepted ? true : undefined), 5_000, 'the request logs');
    expect(sum(acceptedBy())).toBe(accepted);
    expect(acceptedBy().every((count) => count > 0)).toBe(true);
  });

  describe('credentials revoked through api 1', () => {
    const email = `ada-${randomBytes(3).toString('hex')}@acme.test`;

    beforeAll(async () => {
      const invited = await api()
        .post('/api/v1/users')
        .set(...auth())
        .send({ email, role: 'readonly' })
        .expect(201);
      webSessionOf(await api().post('/api/auth/invitations/accept').send({ token: invited.body.invitation.token, password: PASSWORD }));
    });

    it('should refuse an API key on api 2 at the very next request', async () => {
      const created = await api()
        .post('/api/v1/api-keys')
        .set(...auth())
        .send({ name: 'revoked soon', scopes: ['read'] })
        .expect(201);
      // Verified once on api 2, so that api 2 holds it in its cache.
      await api()
        .get('/api/v1/agents')
        .set(...API_2)
        .set(...auth(created.body.key))
        .expect(200);

      await api()
        .delete(`/api/v1/api-keys/${created.body.id}`)
        .set(...API_1)
        .set(...auth())
        .expect(204);
      await api()
        .get('/api/v1/agents')
        .set(...API_2)
        .set(...auth(created.body.key))
        .expect(401);
    });

    it('should refuse a web session on api 2 at the very next request after signing out on api 1', async () => {
      const session = webSessionOf(
        await api()
          .post('/api/auth/login')
          .set(...API_1)
          .send({ email, password: PASSWORD }),
      );
      await api()
        .get('/api/auth/session')
        .set(...API_2)
        .set('Cookie', session.cookie)
        .expect(200);

      await api()
        .delete('/api/auth/logout')
        .set(...API_1)
        .set('Cookie', session.cookie)
        .set('X-CSRF-Token', session.csrf)
        .set('Origin', t.origin)
        .expect(204);
      await api()
        .get('/api/auth/session')
        .set(...API_2)
        .set('Cookie', session.cookie)
        .expect(401);
    });

    it('should refuse an OAuth access token on api 2 at the very next request', async () => {
      const registered = await api()
        .post('/api/v1/oauth-clients')
        .set(...auth())
        .send({ name: 'Acme CLI', type: 'public', redirect_uris: [REDIRECT], scopes: ['read'] })
        .expect(201);
      const clientId = registered.body.client_id as string;
      // The whole authorization, through the proxy, goes back and forth between the two apis.
      const configuration = await client.discovery(new URL(`${t.origin}/oauth`), clientId, undefined, client.None(), {
        execute: [client.allowInsecureRequests],
      });
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const authorizationUrl = client.buildAuthorizationUrl(configuration, {
        redirect_uri: REDIRECT,
        scope: 'read',
        state,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      const callback = new URL(await new OAuthBrowser(t.origin, REDIRECT).authorize(authorizationUrl.href, { email, password: PASSWORD }));
      const tokens = await client.authorizationCodeGrant(configuration, callback, { pkceCodeVerifier: verifier, expectedState: state });
      await api()
        .get('/api/v1/agents')
        .set(...API_2)
        .set(...auth(tokens.access_token))
        .expect(200);

      await api()
        .post('/oauth/token/revocation')
        .set(...API_1)
        .type('form')
        .send({ token: tokens.access_token, client_id: clientId })
        .expect(200);
      await api()
        .get('/api/v1/agents')
        .set(...API_2)
        .set(...auth(tokens.access_token))
        .expect(401);
    });
  });

  /** Polls until none of `ids` has a sync waiting or running, and all are active. */
  async function settle(ids: string[], timeoutMs = 60_000): Promise<void> {
    await until(
      async () => {
        const [busy] = await t.sql<{ runs: number; sources: number }>(
          `SELECT (SELECT count(*)::int FROM sync_run WHERE data_source_id = ANY($1) AND status IN ('queued', 'running')) AS runs,
                  (SELECT count(*)::int FROM data_source WHERE id = ANY($1) AND status <> 'active') AS sources`,
          [ids],
        );
        return busy.runs === 0 && busy.sources === 0 ? true : undefined;
      },
      timeoutMs,
      'the syncs to finish',
    );
  }

  const runsOf = (ids: string[]): Promise<RunRow[]> =>
    t.sql<RunRow>('SELECT id, data_source_id, status, trigger, attempts FROM sync_run WHERE data_source_id = ANY($1) ORDER BY created_at', [ids]);

  /** Each worker's "Sync finished" lines for these sources: the run ids it completed. */
  const finishedBy = (ids: string[]): string[][] =>
    t.workers.map((worker) =>
      worker
        .logLines('Sync finished')
        .filter((line) => ids.includes(line.data_source_id as string))
        .map((line) => line.run_id as string),
    );

  /** The run ids each worker logged as finished, once there is a line for every run (log lines may trail the database). */
  async function finishedRuns(ids: string[], runs: RunRow[]): Promise<string[][]> {
    await until(async () => (finishedBy(ids).flat().length >= runs.length ? true : undefined), 5_000, 'a "Sync finished" line per run');
    return finishedBy(ids);
  }

  const embeddedTexts = (): number =>
    stub.requestsTo('/v1/embeddings').reduce((sum, { body }) => sum + ([] as unknown[]).concat((body as { input: unknown }).input).length, 0);

  it('should have each sync run done by exactly one worker when several are requested at once', async () => {
    const embeddedBefore = embeddedTexts();
    const sites = ['alpha', 'beta', 'gamma'].map((name) => ({ name, paths: website(site, name, 8, 200) }));
    const [websites, files] = await Promise.all([
      Promise.all(
        sites.map(async ({ name }) => {
          const created = await api()
            .post('/api/v1/data-sources')
            .set(...auth())
            .send({ type: 'website', name, config: { url: site.url(`/${name}/`) } })
            .expect(201);
          return created.body.id as string;
        }),
      ),
      (async () => {
        const created = await api()
          .post('/api/v1/data-sources')
          .set(...auth())
          .send({ type: 'file', name: 'Handbook' })
          .expect(201);
        await api()
          .post(`/api/v1/data-sources/${created.body.id}/files`)
          .set(...auth())
          .attach('file', Buffer.from('# Holidays\n\nThe office is closed on public holidays.'), 'holidays.md')
          .attach('file', Buffer.from('# Expenses\n\nSubmit receipts within thirty days.'), 'expenses.md')
          .attach('file', Buffer.from('# Security\n\nUse a password manager and a hardware key.'), 'security.md')
          .expect(202);
        return created.body.id as string;
      })(),
    ]);
    // More requests for the same syncs, through both apis at once: they join the waiting run or queue one more.
    await Promise.all(
      websites.flatMap((id) =>
        [API_1, API_2].map((instance) =>
          api()
            .post(`/api/v1/data-sources/${id}/sync`)
            .set(...instance)
            .set(...auth())
            .expect(202),
        ),
      ),
    );
    const ids = [...websites, files];
    await settle(ids);

    const runs = await runsOf(ids);
    expect(runs.filter((run) => run.status !== 'succeeded' || run.attempts !== 1)).toEqual([]);
    const finished = await finishedRuns(ids, runs);
    expect(finished.flat().sort()).toEqual(runs.map((run) => run.id).sort());
    expect(finished.every((runIds) => runIds.length > 0)).toBe(true);

    for (const [index, { paths }] of sites.entries()) {
      const runCount = runs.filter((run) => run.data_source_id === websites[index]).length;
      for (const path of paths) {
        expect(site.requestsTo(path), path).toHaveLength(runCount);
      }
    }
    const documents = await t.sql<{ data_source_id: string; documents: number; declared: number; chunks: number }>(
      `SELECT d.data_source_id, count(*)::int AS documents, sum(d.chunk_count)::int AS declared,
              sum((SELECT count(*) FROM chunk c WHERE c.document_id = d.id))::int AS chunks
       FROM document d WHERE d.data_source_id = ANY($1) AND d.status = 'indexed' GROUP BY d.data_source_id`,
      [ids],
    );
    const byId = new Map(documents.map((row) => [row.data_source_id, row]));
    expect(websites.map((id) => byId.get(id)?.documents)).toEqual(sites.map(({ paths }) => paths.length));
    expect(byId.get(files)?.documents).toBe(3);
    expect(documents.filter((row) => row.chunks !== row.declared)).toEqual([]);
    // Every chunk was embedded once: a run processed twice would embed its documents again.
    expect(embeddedTexts() - embeddedBefore).toBe(documents.reduce((sum, row) => sum + row.chunks, 0));
  });

  it('should have each webhook delivery sent by exactly one worker, even when woken twice', async () => {
    const EVENTS = 40;
    const path = `/hooks/topology-${randomBytes(3).toString('hex')}`;
    // Slow answers keep attempts in flight while the second wake-ups arrive.
    receiver.respond(path, { statuses: [200], delayMs: 500 });
    const webhook = await api()
      .post('/api/v1/webhooks')
      .set(...auth())
      .send({ url: receiver.url(path), events: ['agent.created'] })
      .expect(201);
    await Promise.all(
      Array.from({ length: EVENTS }, (_, index) =>
        api()
          .post('/api/v1/agents')
          .set(...auth())
          .send({ name: `Agent ${index}`, data_source_ids: [] })
          .expect(201),
      ),
    );
    const deliveries = await until(
      async () => {
        const rows = await t.sql<{ id: string }>('SELECT id FROM webhook_delivery WHERE webhook_id = $1', [webhook.body.id]);
        return rows.length === EVENTS ? rows : undefined;
      },
      30_000,
      'a delivery per event',
    );
    // At-least-once queues repeat jobs (a stalled job runs again, the sweep re-wakes): every delivery is woken a second time.
    const queue = new Queue(QueueName.WebhookDelivery, { connection: bullConnection(REDIS_URL!), prefix: t.env.REDIS_PREFIX });
    try {
      await queue.addBulk(deliveries.map(({ id }) => ({ name: JobName.DeliverWebhook, data: { deliveryId: id } })));
    } finally {
      await queue.close();
    }

    await until(
      async () => {
        const [row] = await t.sql<{ pending: number }>(
          `SELECT count(*)::int AS pending FROM webhook_delivery WHERE webhook_id = $1 AND status <> 'succeeded'`,
          [webhook.body.id],
        );
        return row.pending === 0 ? true : undefined;
      },
      30_000,
      'every delivery to succeed',
    );
    // The second wake-ups found nothing due: give any stray attempt the time to arrive before counting.
    await until(async () => ((await queueIdle(t, QueueName.WebhookDelivery)) ? true : undefined), 10_000, 'the delivery queue to drain');
    const received = receiver.at(path);
    expect(received).toHaveLength(EVENTS);
    expect(new Set(received.map((delivery) => delivery.headers['x-service-delivery'])).size).toBe(EVENTS);
    expect(new Set(received.map((delivery) => delivery.headers['x-service-event-id'])).size).toBe(EVENTS);
    expect(received.every((delivery) => signatureIsValid(delivery, webhook.body.secret as string))).toBe(true);
    const attempts = await t.sql<{ attempts: number }>('SELECT attempts FROM webhook_delivery WHERE webhook_id = $1', [webhook.body.id]);
    expect(attempts.every((row) => row.attempts === 1)).toBe(true);
  });

  it('should make one sync run per due slot of a schedule, with two workers running the scheduler', async () => {
    const paths = website(site, 'scheduled', 3, 0);
    const created = await api()
      .post('/api/v1/data-sources')
      .set(...auth())
      .send({ type: 'website', name: 'Scheduled', config: { url: site.url('/scheduled/') }, sync_frequency: 'hourly' })
      .expect(201);
    const id = created.body.id as string;
    const scheduler = `data-source-sync:${id}`;
    const queue = new Queue(QueueName.Ingestion, { connection: bullConnection(REDIS_URL!), prefix: t.env.REDIS_PREFIX });
    try {
      // A new schedule runs at once: that slot and the source's first sync are one run.
      await settle([id]);
      await until(async () => ((await queueIdle(t, QueueName.Ingestion)) ? true : undefined), 10_000, 'the first slot to be taken');
      const first = await runsOf([id]);
      expect(first).toMatchObject([{ trigger: 'created', status: 'succeeded', attempts: 1 }]);

      // The next slot comes due: the source was last synced two hours ago, and its hour is up.
      await t.sql(`UPDATE data_source SET last_synced_at = now() - interval '2 hours' WHERE id = $1`, [id]);
      const next = await nextSlot(queue, scheduler);
      await next.promote();
      await until(async () => ((await runsOf([id])).length === 2 ? true : undefined), 30_000, 'the scheduled run');
      await settle([id]);
      await until(async () => ((await queueIdle(t, QueueName.Ingestion)) ? true : undefined), 10_000, 'the slot to be taken');

      const runs = await runsOf([id]);
      expect(runs).toMatchObject([
        { trigger: 'created', status: 'succeeded', attempts: 1 },
        { trigger: 'schedule', status: 'succeeded', attempts: 1 },
      ]);
      expect((await finishedRuns([id], runs)).flat().sort()).toEqual(runs.map((run) => run.id).sort());
      for (const page of paths) {
        expect(site.requestsTo(page), page).toHaveLength(2);
      }
      // One slot later, not two.
      const following = await nextSlot(queue, scheduler);
      expect(following.id).not.toBe(next.id);
      expect((await queue.getDelayed()).filter((job) => job.repeatJobKey === scheduler)).toHaveLength(1);
    } finally {
      await queue.close();
    }
  });
});

const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);

/** The delayed job of a job scheduler: its next slot. */
async function nextSlot(queue: Queue, scheduler: string) {
  return until(async () => (await queue.getDelayed()).find((job) => job.repeatJobKey === scheduler), 10_000, `the next slot of ${scheduler}`);
}

/** Nothing waiting or running in the queue. */
async function queueIdle(t: TestTopology, name: QueueName): Promise<boolean> {
  const queue = new Queue(name, { connection: bullConnection(REDIS_URL!), prefix: t.env.REDIS_PREFIX });
  try {
    const counts = await queue.getJobCounts('active', 'wait', 'prioritized');
    return Object.values(counts).every((count) => count === 0);
  } finally {
    await queue.close();
  }
}
