import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransactionRunner } from '#src/common/database/transaction.js';
import { DomainEventsService } from '#src/modules/events/domain-events.service.js';
import { EVENT_TYPES } from '#src/modules/events/event-map.js';
import { RETRY_DELAYS_MS } from '#src/modules/webhooks/retry-schedule.js';
import { expectLegacyError, expectPaginationBounds, expectVersionedError, idOf, ISO_TIMESTAMP } from '#test/utils/api-expect.js';
import { bearer, createOrg, type TestOrg } from '#test/utils/factories.js';
import { FixtureSite } from '#test/utils/fixture-site.js';
import { docsSite, ingestionEnv, settled, waitForStatus } from '#test/utils/ingestion.js';
import { OpenAIStub } from '#test/utils/openai-stub.js';
import { createTestApp, type TestApp } from '#test/utils/test-app.js';
import { createTestDatabase } from '#test/utils/test-database.js';
import { createSelfSignedCertificate, createTestCertificates, type TestCertificates } from '#test/utils/tls.js';
import { signatureIsValid, WebhookReceiver, type ReceivedDelivery } from '#test/utils/webhook-receiver.js';

const PATH = '/api/v1/webhooks';
const LEGACY = '/api/webhooks';
const FIELDS = ['created_at', 'description', 'events', 'id', 'status', 'updated_at', 'url'];
/** 5 s, 30 s, 5 min, 1 h become 2.5 ms, 15 ms, 150 ms, 1.8 s. */
const TIME_SCALE = 0.0005;
const WEBHOOK_TIMEOUT_MS = 4_000;
const ENCRYPTION_KEYS = `k1:${randomBytes(32).toString('base64')}`;

interface Envelope {
  id: string;
  type: string;
  timestamp: string;
  data: Record<string, Record<string, unknown>> & { error?: string };
  organizationId: string;
}

const envelope = (delivery: ReceivedDelivery): Envelope => JSON.parse(delivery.raw.toString('utf8')) as Envelope;

async function until<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`Timed out waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('webhooks', () => {
  let t: TestApp;
  let production: TestApp;
  let org: TestOrg;
  let other: TestOrg;
  let certificates: TestCertificates;
  let receiver: WebhookReceiver;
  let selfSigned: WebhookReceiver;
  let stub: OpenAIStub;
  let site: FixtureSite;
  let dropDatabase: () => Promise<void>;

  const api = (): request.SuperTest<request.Test> => request(t.http) as unknown as request.SuperTest<request.Test>;
  const db = (): DataSource => t.app.get(DataSource);
  const send = (method: 'get' | 'post' | 'put' | 'delete', path: string, key: string): request.Test => {
    const client = request(t.http);
    return client[method](path).set(...bearer(key));
  };
  const uniquePath = (): string => `/hooks/${randomBytes(4).toString('hex')}`;

  const create = async (body: Record<string, unknown>, target: TestOrg = org): Promise<{ id: string; secret: string; body: Record<string, unknown> }> => {
    const response = await api()
      .post(PATH)
      .set(...bearer(target.adminKey))
      .send(body);
    expect(response.status, response.text).toBe(201);
    return { id: response.body.id as string, secret: response.body.secret as string, body: response.body as Record<string, unknown> };
  };
  /** A webhook on a fresh path of the receiver, subscribed to `events`. */
  const subscribe = async (events: readonly string[] = EVENT_TYPES): Promise<{ id: string; secret: string; path: string }> => {
    const path = uniquePath();
    const { id, secret } = await create({ url: receiver.url(path), events });
    return { id, secret, path };
  };
  const deliveries = async (webhookId: string, query = ''): Promise<Array<Record<string, unknown>>> => {
    const response = await api()
      .get(`${PATH}/${webhookId}/deliveries${query}`)
      .set(...bearer(org.adminKey));
    expect(response.status, response.text).toBe(200);
    return response.body.deliveries as Array<Record<string, unknown>>;
  };
  const webhookStatus = async (id: string): Promise<string> =>
    (
      await api()
        .get(`${PATH}/${id}`)
        .set(...bearer(org.adminKey))
        .expect(200)
    ).body.status as string;
  const setWebhookStatus = async (id: string, status: 'active' | 'disabled'): Promise<void> => {
    await api()
      .put(`${PATH}/${id}`)
      .set(...bearer(org.adminKey))
      .send({ status })
      .expect(200);
  };
  const newAgent = async (name = `Agent ${randomBytes(3).toString('hex')}`): Promise<string> => {
    const response = await api()
      .post('/api/v1/agents')
      .set(...bearer(org.adminKey))
      .send({ name, data_source_ids: [] });
    expect(response.status, response.text).toBe(201);
    return response.body.id as string;
  };

  /** Waits for a webhook's attempts; a timeout names what its deliveries recorded, which says whether an attempt was made and how it ended. */
  const attemptsOf = async (webhookId: string, path: string, count: number): Promise<ReceivedDelivery[]> => {
    try {
      return await receiver.waitFor(path, count, 20_000);
    } catch (error) {
      const failedAt = new Date().toISOString();
      const arrivals = receiver.at(path).map((delivery) => new Date(delivery.receivedAt).toISOString());
      const recorded = (await deliveries(webhookId)).map(({ status, attempts, last_status_code, last_error, last_attempt_at, next_attempt_at }) => ({
        status,
        attempts,
        last_status_code,
        last_error,
        last_attempt_at,
        next_attempt_at,
      }));
      throw new Error(
        `${(error as Error).message} (at ${failedAt}, arrivals ${JSON.stringify(arrivals)}); the deliveries recorded ${JSON.stringify(recorded)}`,
        { cause: error },
      );
    }
  };

  beforeAll(async () => {
    certificates = createTestCertificates();
    receiver = await WebhookReceiver.start(certificates);
    selfSigned = await WebhookReceiver.start(createSelfSignedCertificate());
    stub = await OpenAIStub.start({ dimensions: 512 });
    site = await FixtureSite.start();
    const database = await createTestDatabase();
    dropDatabase = database.drop;
    t = await createTestApp({
      databaseUrl: database.url,
      env: ingestionEnv(stub, {
        WEBHOOK_CA_CERTS: certificates.caCertPath,
        WEBHOOK_RETRY_TIME_SCALE: String(TIME_SCALE),
        // Above a second: an attempt stalled by a busy machine must not read as a receiver's timeout.
        WEBHOOK_TIMEOUT_MS: String(WEBHOOK_TIMEOUT_MS),
        SECRET_ENCRYPTION_KEYS: ENCRYPTION_KEYS,
      }),
    });
    // The same database, as production runs: no private targets; it does not consume jobs, so it never sends the first app's deliveries.
    production = await createTestApp({
      databaseUrl: database.url,
      dataSource: t.app.get(DataSource),
      env: { NODE_ENV: 'production', EMBEDDED_WORKER: 'false', WEBHOOK_CA_CERTS: certificates.caCertPath, SECRET_ENCRYPTION_KEYS: ENCRYPTION_KEYS },
    });
    org = await createOrg(t.app);
    other = await createOrg(t.app);
  });

  afterAll(async () => {
    await production?.close();
    await t?.close();
    await receiver?.close();
    await selfSigned?.close();
    await site?.close();
    await stub?.close();
    await dropDatabase?.();
  });

  describe('endpoints', () => {
    it('should create a webhook, show its secret once and keep it encrypted at rest', async () => {
      const url = receiver.url('/hooks/created');
      const { id, secret, body } = await create({ url, events: ['agent.created', 'interaction.completed'], description: 'CRM feed' });
      expect(Object.keys(body).sort()).toEqual([...FIELDS, 'secret'].sort());
      expect(body).toMatchObject({
        id: expect.stringMatching(idOf('wh')),
        url,
        events: ['agent.created', 'interaction.completed'],
        description: 'CRM feed',
        status: 'active',
      });
      expect(body.created_at).toMatch(ISO_TIMESTAMP);
      expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

      const fetched = await api()
        .get(`${PATH}/${id}`)
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(Object.keys(fetched.body).sort()).toEqual(FIELDS);
      const listed = await api()
        .get(PATH)
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(JSON.stringify(listed.body)).not.toContain(secret);
      const [row] = await db().query<Array<Record<string, string>>>('SELECT * FROM webhook WHERE id = $1', [id]);
      expect(JSON.stringify(row)).not.toContain(secret);
      expect(JSON.stringify(row)).not.toContain(secret.slice(6, 30));
    });

    it('should list newest first with pagination, and show nothing of another organization', async () => {
      const first = await create({ url: receiver.url('/hooks/list-1'), events: ['agent.created'] });
      const second = await create({ url: receiver.url('/hooks/list-2'), events: ['agent.created'] });
      const listed = await api()
        .get(`${PATH}?limit=2`)
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(listed.body.webhooks.map((webhook: { id: string }) => webhook.id)).toEqual([second.id, first.id]);
      expect(listed.body).toMatchObject({ limit: 2, offset: 0, total: expect.any(Number) });
      const fresh = await createOrg(t.app);
      for (const index of [1, 2, 3]) {
        await create({ url: receiver.url(`/hooks/page-${index}`), events: ['agent.created'] }, fresh);
      }
      await expectPaginationBounds({ http: t.http, path: PATH, key: fresh.adminKey, field: 'webhooks', total: 3 });
      await expectPaginationBounds({ http: t.http, path: LEGACY, key: fresh.adminKey, field: 'webhooks', total: 3, form: 'legacy' });

      const theirs = await api()
        .get(PATH)
        .set(...bearer(other.adminKey))
        .expect(200);
      expect(theirs.body.webhooks).toEqual([]);
      for (const [method, suffix] of [
        ['get', ''],
        ['put', ''],
        ['delete', ''],
        ['post', '/test'],
        ['get', '/deliveries'],
      ] as const) {
        const response = await send(method, `${PATH}/${first.id}${suffix}`, other.adminKey).send(method === 'put' ? { description: 'hijacked' } : undefined);
        expectVersionedError(response, 404, 'not_found');
      }
      expect(receiver.at('/hooks/list-1')).toEqual([]);
    });

    it('should update url, events, description and status, and delete', async () => {
      const { id } = await create({ url: receiver.url('/hooks/before'), events: ['agent.created'] });
      const updated = await api()
        .put(`${PATH}/${id}`)
        .set(...bearer(org.adminKey))
        .send({ url: receiver.url('/hooks/after'), events: ['user.created', 'user.updated'], description: 'Moved', status: 'disabled' })
        .expect(200);
      expect(updated.body).toMatchObject({
        id,
        url: receiver.url('/hooks/after'),
        events: ['user.created', 'user.updated'],
        description: 'Moved',
        status: 'disabled',
      });
      const cleared = await api()
        .put(`${PATH}/${id}`)
        .set(...bearer(org.adminKey))
        .send({ description: null, status: 'active' })
        .expect(200);
      expect(cleared.body).toMatchObject({ description: null, status: 'active', events: ['user.created', 'user.updated'] });

      await api()
        .delete(`${PATH}/${id}`)
        .set(...bearer(org.adminKey))
        .expect(204);
      expectVersionedError(
        await api()
          .get(`${PATH}/${id}`)
          .set(...bearer(org.adminKey)),
        404,
        'not_found',
      );
    });

    it.each([
      [{ url: 'http://hooks.example.com/events', events: ['agent.created'] }, 'url'],
      [{ url: 'ftp://hooks.example.com/events', events: ['agent.created'] }, 'url'],
      [{ url: 'not a url', events: ['agent.created'] }, 'url'],
      [{ url: 'https://user:pass@hooks.example.com/events', events: ['agent.created'] }, 'url'],
      [{ url: `https://hooks.example.com/${'a'.repeat(2100)}`, events: ['agent.created'] }, 'url'],
      [{ url: 42, events: ['agent.created'] }, 'url'],
      [{ events: ['agent.created'] }, 'url'],
      [{ url: 'https://hooks.example.com/events', events: ['agent.exploded'] }, 'events'],
      [{ url: 'https://hooks.example.com/events', events: ['data_source.synced'] }, 'events'],
      [{ url: 'https://hooks.example.com/events', events: [] }, 'events'],
      [{ url: 'https://hooks.example.com/events', events: 'agent.created' }, 'events'],
      [{ url: 'https://hooks.example.com/events', events: ['agent.created', 'agent.created'] }, 'events'],
      [{ url: 'https://hooks.example.com/events' }, 'events'],
      [{ url: 'https://hooks.example.com/events', events: ['agent.created'], description: 7 }, 'description'],
      [{ url: 'https://hooks.example.com/events', events: ['agent.created'], description: '   ' }, 'description'],
      [{ url: 'https://hooks.example.com/events', events: ['agent.created'], secret: 'mine' }, 'secret'],
      [{ url: 'https://hooks.example.com/events', events: ['agent.created'], status: 'failed' }, 'status'],
    ])('should refuse %j with 400 naming %s', async (body, field) => {
      const response = await api()
        .post(PATH)
        .set(...bearer(org.adminKey))
        .send(body);
      expectVersionedError(response, 400, 'invalid_request', [field]);
    });

    it('should name the unknown event types it refuses', async () => {
      const response = await api()
        .post(PATH)
        .set(...bearer(org.adminKey))
        .send({ url: 'https://hooks.example.com/events', events: ['agent.created', 'foo.bar', 'data_source.synced'] });
      expectVersionedError(response, 400, 'invalid_request', ['events']);
      expect(response.body.error.details.events.join(' ')).toContain('"foo.bar", "data_source.synced"');
    });

    it('should refuse bad updates and bad ids with 400', async () => {
      const { id } = await create({ url: receiver.url('/hooks/bad-updates'), events: ['agent.created'] });
      for (const body of [
        { status: 'failed' },
        { status: 'paused' },
        { url: 'http://hooks.example.com/' },
        { events: ['nope'] },
        { description: ' ' },
        { extra: 1 },
      ]) {
        const response = await api()
          .put(`${PATH}/${id}`)
          .set(...bearer(org.adminKey))
          .send(body);
        expectVersionedError(response, 400, 'invalid_request', Object.keys(body));
      }
      for (const path of [`${PATH}/not-an-id`, `${PATH}/agt_01JD8X0Q5W3V7N2K4M6P8R9T1A`, `${PATH}/${id}/deliveries/nope/retry`]) {
        const response = await send(path.endsWith('retry') ? 'post' : 'get', path, org.adminKey);
        expect(response.status, path).toBe(400);
      }
      // Path parameters are named as body fields are, snake_case on this form.
      const badDelivery = await send('post', `${PATH}/${id}/deliveries/nope/retry`, org.adminKey);
      expect(Object.keys(badDelivery.body.error.details)).toEqual(['delivery_id']);
      const filter = await api()
        .get(`${PATH}/${id}/deliveries?status=lost`)
        .set(...bearer(org.adminKey));
      expectVersionedError(filter, 400, 'invalid_request', ['status']);
      const malformed = await api()
        .post(PATH)
        .set(...bearer(org.adminKey))
        .set('content-type', 'application/json')
        .send('{"url": ');
      expectVersionedError(malformed, 400, 'invalid_request');
    });

    it('should serve the legacy path in camelCase with the legacy error shape', async () => {
      const created = await api()
        .post(LEGACY)
        .set(...bearer(org.adminKey))
        .send({ url: receiver.url('/hooks/legacy'), events: ['agent.created'], description: 'Legacy' })
        .expect(201);
      expect(Object.keys(created.body).sort()).toEqual(['createdAt', 'description', 'events', 'id', 'secret', 'status', 'updatedAt', 'url']);
      expect(created.headers.deprecation).toBe('true');
      expect(created.headers.link).toBe(`<${PATH}>; rel="successor-version"`);
      const listed = await api()
        .get(LEGACY)
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(listed.body.webhooks[0]).toMatchObject({ id: created.body.id, createdAt: created.body.createdAt });
      const tested = await api()
        .post(`${LEGACY}/${created.body.id}/test`)
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(tested.body).toEqual({
        deliveryId: expect.stringMatching(idOf('dlv')),
        success: true,
        statusCode: 200,
        durationMs: expect.any(Number),
        error: null,
      });
      const legacyDeliveries = await api()
        .get(`${LEGACY}/${created.body.id}/deliveries?eventType=webhook.test`)
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(legacyDeliveries.body.deliveries[0]).toMatchObject({
        id: tested.body.deliveryId,
        eventType: 'webhook.test',
        status: 'succeeded',
        lastStatusCode: 200,
      });
      expectLegacyError(
        await api()
          .post(LEGACY)
          .set(...bearer(org.adminKey))
          .send({ url: 'http://hooks.example.com/', events: ['agent.created'] }),
        400,
        'invalid_request',
      );
    });
  });

  describe('delivery', () => {
    it('should deliver every event type, signed over the raw body, with the documented envelope and shapes', async () => {
      const { id: webhookId, secret, path } = await subscribe();
      const agentId = await newAgent('Support agent');
      await api()
        .put(`/api/v1/agents/${agentId}`)
        .set(...bearer(org.adminKey))
        .send({ temperature: 0.7 })
        .expect(200);
      const user = await api()
        .post('/api/v1/users')
        .set(...bearer(org.adminKey))
        .send({ email: `ada-${randomBytes(3).toString('hex')}@example.test`, name: 'Ada', role: 'readonly' })
        .expect(201);
      await api()
        .put(`/api/v1/users/${user.body.id}`)
        .set(...bearer(org.adminKey))
        .send({ role: 'train' })
        .expect(200);
      docsSite(site, { hours: 'The office opens at nine and closes at five on weekdays.' });
      site.route('/broken/', { status: 500 });
      const processed = await api()
        .post('/api/v1/data-sources')
        .set(...bearer(org.adminKey))
        .send({ type: 'website', name: 'Docs', config: { url: site.url('/docs/'), max_pages: 5 } })
        .expect(201);
      const broken = await api()
        .post('/api/v1/data-sources')
        .set(...bearer(org.adminKey))
        .send({ type: 'website', name: 'Broken', config: { url: site.url('/broken/'), max_pages: 5 } })
        .expect(201);
      await waitForStatus(t.http, org.adminKey, processed.body.id, settled);
      await waitForStatus(t.http, org.adminKey, broken.body.id, settled);
      await api()
        .put(`/api/v1/agents/${agentId}`)
        .set(...bearer(org.adminKey))
        .send({ data_source_ids: [processed.body.id] })
        .expect(200);
      const answer = await api()
        .post('/api/v1/query')
        .set(...bearer(org.adminKey))
        .send({ agent_id: agentId, query: 'When does the office open?' })
        .expect(200);
      const interactionId = answer.body.metadata.interaction_id as string;
      await api()
        .post(`/api/v1/interactions/${interactionId}/feedback`)
        .set(...bearer(org.adminKey))
        .send({ feedback: 'positive' })
        .expect(200);
      const doomed = await newAgent('Doomed');
      await api()
        .delete(`/api/v1/agents/${doomed}`)
        .set(...bearer(org.adminKey))
        .expect(204);

      // Deliveries run concurrently, so events may arrive out of order: wait for the two agent updates too.
      const received = await until(async () => {
        const bodies = receiver.at(path).map(envelope);
        const types = new Set(bodies.map((body) => body.type));
        const agentUpdates = bodies.filter((body) => body.type === 'agent.updated' && body.data.agent.id === agentId).length;
        return EVENT_TYPES.every((type) => types.has(type)) && agentUpdates >= 2 ? receiver.at(path) : undefined;
      }, 'every event type');

      for (const delivery of received) {
        expect(signatureIsValid(delivery, secret), 'signature').toBe(true);
        expect(signatureIsValid({ ...delivery, raw: Buffer.concat([delivery.raw, Buffer.from(' ')]) }, secret)).toBe(false);
        expect(delivery.headers['content-type']).toBe('application/json');
        const body = envelope(delivery);
        expect(Object.keys(body).sort()).toEqual(['data', 'id', 'organizationId', 'timestamp', 'type']);
        expect(body).toMatchObject({ id: expect.stringMatching(idOf('evt')), organizationId: org.orgId, timestamp: expect.stringMatching(ISO_TIMESTAMP) });
        expect(delivery.headers['x-service-event']).toBe(body.type);
        expect(delivery.headers['x-service-event-id']).toBe(body.id);
      }
      const byType = (type: string): Envelope[] => received.map(envelope).filter((body) => body.type === type);

      const completed = byType('interaction.completed').find((body) => body.data.interaction.id === interactionId)!;
      expect(completed.data.interaction).toMatchObject({
        id: interactionId,
        prompt: 'When does the office open?',
        response: answer.body.response,
        agentId,
        // The organization's admin key belongs to no user.
        userId: null,
        status: 'COMPLETED',
        costUsd: answer.body.metadata.cost_usd,
        sources: expect.any(Array),
      });
      expect((completed.data.interaction.sources as unknown[]).length).toBeGreaterThan(0);
      expect((completed.data.interaction.sources as Array<{ chunkText: unknown }>).every((source) => typeof source.chunkText === 'string')).toBe(true);
      expect(byType('interaction.created').find((body) => body.data.interaction.id === interactionId)!.data.interaction).toMatchObject({
        status: 'PENDING',
        costUsd: 0,
      });
      expect(byType('interaction.feedback').find((body) => body.data.interaction.id === interactionId)!.data.interaction).toMatchObject({
        feedback: 'positive',
      });

      const processedEvent = byType('datasource.processed').find((body) => body.data.dataSource.id === processed.body.id)!;
      expect(processedEvent.data.dataSource).toMatchObject({ id: processed.body.id, name: 'Docs', type: 'WEBSITE', status: 'COMPLETED' });
      // The resource as the API shows it after the change, camelCased all through.
      const processedNow = await api()
        .get(`/api/v1/data-sources/${processed.body.id}`)
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(processedEvent.data.dataSource).toMatchObject({
        updatedAt: processedNow.body.updated_at,
        lastSyncedAt: processedNow.body.last_synced_at,
        error: null,
        config: { maxPages: processedNow.body.config.max_pages },
      });
      expect(processedNow.body.last_synced_at).toEqual(expect.stringMatching(ISO_TIMESTAMP));
      const stats = processedEvent.data.dataSource.stats as Record<string, number>;
      expect(Object.keys(stats).sort()).toEqual(['documentsProcessed', 'duration', 'tokensProcessed']);
      expect(Object.values(stats).every((value) => Number.isInteger(value))).toBe(true);
      expect(stats.documentsProcessed).toBeGreaterThan(0);
      const failed = byType('datasource.failed').find((body) => body.data.dataSource.id === broken.body.id)!;
      expect(failed.data.dataSource).toMatchObject({ status: 'FAILED', type: 'WEBSITE' });
      expect(failed.data.error).toMatch(/500/);
      expect(failed.data.dataSource.error).toBe(failed.data.error);
      const created = byType('datasource.created').find((body) => body.data.dataSource.id === processed.body.id)!;
      expect(created.data.dataSource).toMatchObject({ status: 'PENDING', error: null, lastSyncedAt: null, syncFrequency: processed.body.sync_frequency });
      expect(byType('datasource.created').map((body) => body.data.dataSource.id)).toEqual(expect.arrayContaining([processed.body.id, broken.body.id]));

      expect(byType('agent.created').find((body) => body.data.agent.id === agentId)!.data.agent).toMatchObject({ name: 'Support agent', status: 'ACTIVE' });
      const agentUpdate = byType('agent.updated').find((body) => body.data.agent.id === agentId && 'temperature' in body.data.changes)!;
      expect(agentUpdate.data.changes.temperature).toMatchObject({ current: 0.7 });
      expect(byType('agent.deleted').find((body) => body.data.agent.id === doomed)!.data.agent).toEqual({ id: doomed });
      expect(byType('user.created').find((body) => body.data.user.id === user.body.id)!.data.user).toMatchObject({ name: 'Ada', role: 'readonly' });
      expect(byType('user.updated').find((body) => body.data.user.id === user.body.id)!.data.changes.role).toEqual({ previous: 'readonly', current: 'train' });

      const listed = await deliveries(webhookId, '?event_type=interaction.completed&status=succeeded');
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.every((delivery) => delivery.event_type === 'interaction.completed' && delivery.status === 'succeeded')).toBe(true);
      expect(listed[0]).toMatchObject({
        webhook_id: webhookId,
        attempts: 1,
        last_status_code: 200,
        next_attempt_at: null,
        delivered_at: expect.stringMatching(ISO_TIMESTAMP),
      });
    });

    it('should deliver only the subscribed types, and only to its own organization', async () => {
      const theirs = await create({ url: receiver.url('/hooks/theirs'), events: ['agent.created'] }, other);
      const mine = await subscribe(['user.created']);
      const agentId = await newAgent();
      const barrier = await api()
        .post('/api/v1/users')
        .set(...bearer(org.adminKey))
        .send({ email: `barrier-${randomBytes(3).toString('hex')}@example.test`, role: 'readonly' })
        .expect(201);
      const [delivered] = await receiver.waitFor(mine.path, 1);
      expect(envelope(delivered).data.user.id).toBe(barrier.body.id);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(receiver.at(mine.path)).toHaveLength(1);
      expect(receiver.at('/hooks/theirs')).toEqual([]);
      const [{ count }] = await db().query<Array<{ count: string }>>(
        `SELECT count(*) AS count FROM webhook_delivery WHERE webhook_id = ANY($1::text[]) AND event_type = 'agent.created'`,
        [[theirs.id, mine.id]],
      );
      expect(Number(count)).toBe(0);
      expect(agentId).toMatch(idOf('agt'));
    });

    it('should send a real signed test event and answer with its outcome', async () => {
      const { id, secret, path } = await subscribe(['agent.created']);
      const response = await api()
        .post(`${PATH}/${id}/test`)
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(response.body).toEqual({
        delivery_id: expect.stringMatching(idOf('dlv')),
        success: true,
        status_code: 200,
        duration_ms: expect.any(Number),
        error: null,
      });
      const [delivered] = receiver.at(path);
      expect(signatureIsValid(delivered, secret)).toBe(true);
      expect(envelope(delivered)).toMatchObject({ type: 'webhook.test', organizationId: org.orgId, data: { webhook: { id } } });
      expect(delivered.headers['x-service-delivery']).toBe(response.body.delivery_id);

      receiver.respond(path, { statuses: [503] });
      const failing = await api()
        .post(`${PATH}/${id}/test`)
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(failing.body).toMatchObject({ success: false, status_code: 503, error: 'HTTP 503' });
      expect(await webhookStatus(id)).toBe('active');
      const listed = await deliveries(id, '?event_type=webhook.test');
      expect(listed.map((delivery) => delivery.status)).toEqual(['failed', 'succeeded']);
    });

    it('should treat any 2xx as success and never follow a redirect', async () => {
      const { id, path } = await subscribe(['agent.created']);
      receiver.respond(path, { statuses: [204] });
      expect(
        (
          await api()
            .post(`${PATH}/${id}/test`)
            .set(...bearer(org.adminKey))
        ).body,
      ).toMatchObject({ success: true, status_code: 204 });
      receiver.respond(path, { statuses: [302], headers: { location: receiver.url('/hooks/elsewhere') } });
      const redirected = await api()
        .post(`${PATH}/${id}/test`)
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(redirected.body).toMatchObject({ success: false, status_code: 302, error: expect.stringMatching(/redirect/i) });
      expect(receiver.at('/hooks/elsewhere')).toEqual([]);
    });

    it('should give up on a receiver slower than the timeout', async () => {
      const { id, path } = await subscribe(['agent.created']);
      receiver.respond(path, { statuses: [200], delayMs: WEBHOOK_TIMEOUT_MS + 1_000 });
      const response = await api()
        .post(`${PATH}/${id}/test`)
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(response.body).toMatchObject({ success: false, status_code: null, error: expect.stringMatching(/in time/) });
      expect(response.body.duration_ms).toBeLessThan(WEBHOOK_TIMEOUT_MS + 900);
    });

    it('should count a 2xx received in time as success, even when its body is still arriving at the timeout', async () => {
      const { id, path } = await subscribe(['agent.created']);
      receiver.respond(path, { statuses: [200], delayMs: WEBHOOK_TIMEOUT_MS + 1_000, slowBody: true });
      const response = await api()
        .post(`${PATH}/${id}/test`)
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(response.body).toMatchObject({ success: true, status_code: 200, error: null });
      expect(response.body.duration_ms).toBeLessThan(WEBHOOK_TIMEOUT_MS + 900);
    });

    it('should retry an attempt that timed out, once it has ended', async () => {
      const { id, path } = await subscribe(['agent.created']);
      receiver.respond(path, { statuses: [200], delayMs: WEBHOOK_TIMEOUT_MS + 1_000 });
      await newAgent();
      const [first] = await attemptsOf(id, path, 1);
      receiver.respond(path, { statuses: [200] });
      const [, second] = await attemptsOf(id, path, 2);
      // The sender's clock starts before the receiver has read the request, which a loaded machine delays:
      // under the timeout by up to a second, yet far above the retry delay of a few milliseconds alone.
      expect(second.receivedAt - first.receivedAt).toBeGreaterThanOrEqual(WEBHOOK_TIMEOUT_MS - 1_000);
      const [delivery] = await until(async () => {
        const listed = await deliveries(id, '?event_type=agent.created');
        return listed[0]?.status === 'succeeded' ? listed : undefined;
      }, 'the delivery to succeed');
      expect(delivery).toMatchObject({ attempts: 2, last_status_code: 200, last_error: null });
    });

    it('should refuse a receiver with a self-signed certificate', async () => {
      const { id } = await create({ url: selfSigned.url('/hooks/self-signed'), events: ['agent.created'] });
      const response = await api()
        .post(`${PATH}/${id}/test`)
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(response.body).toMatchObject({ success: false, status_code: null, error: expect.stringMatching(/certificate/i) });
      expect(selfSigned.received).toEqual([]);
    });

    it('should retry on the schedule, resend the same signed body, and succeed on the fifth attempt', async () => {
      const { id, secret, path } = await subscribe(['agent.created']);
      receiver.respond(path, { statuses: [500, 502, 503, 429, 200] });
      const agentId = await newAgent();
      const attempts = await attemptsOf(id, path, 5);
      const bodies = new Set(attempts.map((attempt) => attempt.raw.toString('base64')));
      expect(bodies.size).toBe(1);
      expect(attempts.every((attempt) => signatureIsValid(attempt, secret))).toBe(true);
      expect(envelope(attempts[0]).data.agent.id).toBe(agentId);
      expect(new Set(attempts.map((attempt) => attempt.headers['x-service-delivery'])).size).toBe(1);
      const gaps = attempts.slice(1).map((attempt, index) => attempt.receivedAt - attempts[index].receivedAt);
      RETRY_DELAYS_MS.forEach((delay, index) => expect(gaps[index], `gap ${index + 1}`).toBeGreaterThanOrEqual(Math.floor(delay * TIME_SCALE) - 5));
      expect(gaps[3]).toBeGreaterThanOrEqual(gaps[2]);

      const [delivery] = await until(async () => {
        const listed = await deliveries(id, '?event_type=agent.created');
        return listed[0]?.status === 'succeeded' ? listed : undefined;
      }, 'the delivery to succeed');
      expect(delivery).toMatchObject({ attempts: 5, last_status_code: 200, last_error: null });
      expect(await webhookStatus(id)).toBe('active');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receiver.at(path)).toHaveLength(5);
    });

    it('should fail the webhook after five failures, hold its new events, and send them in order once active again', async () => {
      const { id, secret, path } = await subscribe(['agent.created', 'agent.deleted']);
      receiver.respond(path, { statuses: [500] });
      const firstAgent = await newAgent();
      await attemptsOf(id, path, 5);
      await until(async () => ((await webhookStatus(id)) === 'failed' ? true : undefined), 'the webhook to fail');
      const [failedDelivery] = await deliveries(id, '?status=failed');
      expect(failedDelivery).toMatchObject({ attempts: 5, last_status_code: 500, last_error: 'HTTP 500', next_attempt_at: null });

      const held = [await newAgent('Held 1'), await newAgent('Held 2'), await newAgent('Held 3')];
      await until(async () => ((await deliveries(id, '?status=held')).length === 3 ? true : undefined), 'three held deliveries');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receiver.at(path)).toHaveLength(5);

      receiver.respond(path, { statuses: [200] });
      await setWebhookStatus(id, 'active');
      const received = await receiver.waitFor(path, 8);
      expect(received.slice(5).map((delivery) => envelope(delivery).data.agent.id)).toEqual(held);
      expect(received.slice(5).every((delivery) => signatureIsValid(delivery, secret))).toBe(true);
      expect(await deliveries(id, '?status=held')).toEqual([]);

      // The failed delivery stays failed until retried by hand; the retry sends the same event.
      const retried = await api()
        .post(`${PATH}/${id}/deliveries/${failedDelivery.id as string}/retry`)
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(retried.body).toMatchObject({ delivery_id: failedDelivery.id, success: true, status_code: 200, delivery: { status: 'succeeded', attempts: 6 } });
      expect(envelope(receiver.at(path)[8]).data.agent.id).toBe(firstAgent);
      const again = await api()
        .post(`${PATH}/${id}/deliveries/${failedDelivery.id as string}/retry`)
        .set(...bearer(org.adminKey));
      expectVersionedError(again, 409, 'conflict');
    });

    it('should reactivate a failed webhook when a manual retry succeeds, and release what it held', async () => {
      const { id, path } = await subscribe(['agent.created']);
      receiver.respond(path, { statuses: [500] });
      await newAgent();
      await attemptsOf(id, path, 5);
      await until(async () => ((await webhookStatus(id)) === 'failed' ? true : undefined), 'the webhook to fail');
      const heldAgent = await newAgent();
      await until(async () => ((await deliveries(id, '?status=held')).length === 1 ? true : undefined), 'a held delivery');
      const [failedDelivery] = await deliveries(id, '?status=failed');

      const stillFailing = await api()
        .post(`${PATH}/${id}/deliveries/${failedDelivery.id as string}/retry`)
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(stillFailing.body).toMatchObject({ success: false, status_code: 500, delivery: { status: 'failed', attempts: 6 } });
      expect(await webhookStatus(id)).toBe('failed');

      receiver.respond(path, { statuses: [200] });
      await api()
        .post(`${PATH}/${id}/deliveries/${failedDelivery.id as string}/retry`)
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(await webhookStatus(id)).toBe('active');
      const received = await receiver.waitFor(path, 8);
      expect(envelope(received[7]).data.agent.id).toBe(heldAgent);
    });

    it('should hold events while disabled and send them once enabled', async () => {
      const { id, path } = await subscribe(['agent.created']);
      await setWebhookStatus(id, 'disabled');
      const agentId = await newAgent();
      await until(async () => ((await deliveries(id, '?status=held')).length === 1 ? true : undefined), 'a held delivery');
      expect(receiver.at(path)).toEqual([]);
      await setWebhookStatus(id, 'active');
      const [delivered] = await receiver.waitFor(path, 1);
      expect(envelope(delivered).data.agent.id).toBe(agentId);
    });

    it('should send held deliveries one at a time, oldest first, and new events behind them, to a slow receiver', async () => {
      const { id, path } = await subscribe(['agent.created']);
      const answerMs = 1_500;
      receiver.respond(path, { statuses: [200], delayMs: answerMs });
      await setWebhookStatus(id, 'disabled');
      const held = [await newAgent('Slow 1'), await newAgent('Slow 2'), await newAgent('Slow 3'), await newAgent('Slow 4')];
      await until(async () => ((await deliveries(id, '?status=held')).length === 4 ? true : undefined), 'four held deliveries');
      await setWebhookStatus(id, 'active');
      await receiver.waitFor(path, 1);
      const later = await newAgent('After release');
      // Longer than the sweep's five seconds: what is still held must not be found overdue and sent alongside.
      const received = await receiver.waitFor(path, 5, 20_000);
      expect(received.map((delivery) => envelope(delivery).data.agent.id)).toEqual([...held, later]);
      received.slice(1).forEach((delivery, index) => expect(delivery.receivedAt - received[index].receivedAt).toBeGreaterThanOrEqual(answerMs - 50));
    });

    it('should send what an active webhook holds even when the job that releases it was lost', async () => {
      const { id, path } = await subscribe(['agent.created']);
      await setWebhookStatus(id, 'disabled');
      const held = [await newAgent('Held A'), await newAgent('Held B')];
      await until(async () => ((await deliveries(id, '?status=held')).length === 2 ? true : undefined), 'two held deliveries');
      // Made active behind the service's back: no release job, as after a Redis flush or a restart right after the change.
      await db().query(`UPDATE webhook SET status = 'active' WHERE id = $1`, [id]);
      const received = await receiver.waitFor(path, 2, 15_000);
      expect(received.map((delivery) => envelope(delivery).data.agent.id)).toEqual(held);
      await until(async () => ((await deliveries(id, '?status=succeeded')).length === 2 ? true : undefined), 'both deliveries to succeed');
    });

    it('should emit nothing for a change whose transaction rolled back', async () => {
      const { path } = await subscribe(['agent.deleted', 'agent.created']);
      const ghost = 'agt_01JD8X0Q5W3V7N2K4M6P8R9T1A';
      await expect(
        t.app.get(TransactionRunner).run(async (tx) => {
          await t.app.get(DomainEventsService).record(tx, org.orgId, 'agent.deleted', { agent: { id: ghost } });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      const barrier = await newAgent();
      const [delivered] = await receiver.waitFor(path, 1);
      expect(envelope(delivered).data.agent.id).toBe(barrier);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receiver.at(path)).toHaveLength(1);
      const rows = await db().query<unknown[]>(`SELECT id FROM event WHERE data->'agent'->>'id' = $1`, [ghost]);
      expect(rows).toEqual([]);
    });

    it('should keep every event in the outbox until dispatched, exactly once per webhook', async () => {
      // An organization of its own: the slow and failing receivers of the tests above are not subscribed here.
      const burstOrg = await createOrg(t.app);
      const path = uniquePath();
      const { id } = await create({ url: receiver.url(path), events: ['agent.created'] }, burstOrg);
      const agents = await Promise.all(
        Array.from({ length: 20 }, async (_, index) => {
          const response = await send('post', '/api/v1/agents', burstOrg.adminKey).send({ name: `Burst ${index}`, data_source_ids: [] });
          expect(response.status, response.text).toBe(201);
          return response.body.id as string;
        }),
      );
      const received = await receiver.waitFor(path, 20);
      expect(new Set(received.map((delivery) => envelope(delivery).data.agent.id))).toEqual(new Set(agents));
      const [{ count }] = await db().query<Array<{ count: string }>>(`SELECT count(*) AS count FROM webhook_delivery WHERE webhook_id = $1`, [id]);
      expect(Number(count)).toBe(20);
      const [{ pending }] = await db().query<Array<{ pending: string }>>(`SELECT count(*) AS pending FROM event WHERE dispatched_at IS NULL AND org_id = $1`, [
        burstOrg.orgId,
      ]);
      expect(Number(pending)).toBe(0);
    });
  });

  describe('targets in production (no ALLOW_PRIVATE_TARGETS)', () => {
    const asProduction = (method: 'post' | 'put', path: string): request.Test => {
      const client = request(production.http);
      return client[method](path)
        .set('X-Forwarded-Proto', 'https')
        .set(...bearer(org.adminKey));
    };

    it.each([
      ['loopback by name', (): string => receiver.url('/hooks/prod', 'localhost')],
      ['loopback by address', (): string => receiver.url('/hooks/prod', '127.0.0.1')],
      ['the metadata address', (): string => 'https://169.254.169.254/latest/meta-data/'],
      ['a private address', (): string => 'https://10.1.2.3/hooks'],
      ['IPv6 loopback', (): string => 'https://[::1]/hooks'],
      ['plain http', (): string => 'http://hooks.example.com/events'],
    ])('should refuse %s', async (_label, url) => {
      const response = await asProduction('post', PATH).send({ url: url(), events: ['agent.created'] });
      expectVersionedError(response, 400, 'invalid_request', ['url']);
    });

    it('should check the address again at connect time, as when a name starts resolving to a private address', async () => {
      // Created where private targets are allowed, then sent from a deployment where they are not: what DNS rebinding looks like.
      const { id } = await create({ url: receiver.url('/hooks/rebound'), events: ['agent.created'] });
      const response = await asProduction('post', `${PATH}/${id}/test`).expect(200);
      expect(response.body).toMatchObject({ success: false, status_code: null, error: expect.stringMatching(/not (a )?public/) });
      expect(receiver.at('/hooks/rebound')).toEqual([]);
    });

    it('should refuse a PUT to a private address', async () => {
      const { id } = await create({ url: 'https://hooks.example.invalid/events', events: ['agent.created'] });
      const response = await asProduction('put', `${PATH}/${id}`).send({ url: 'https://127.0.0.1/hooks' });
      expectVersionedError(response, 400, 'invalid_request', ['url']);
    });
  });
});
