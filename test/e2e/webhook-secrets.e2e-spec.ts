import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/common/ids/ids.js';
import { reencryptSecrets } from '#src/cli/secrets-reencrypt.js';
import { bearer, createOrg, type TestOrg } from '#test/utils/factories.js';
import { createTestApp, sameDatabaseAs, type TestApp } from '#test/utils/test-app.js';
import { createTestDatabase } from '#test/utils/test-database.js';
import { createTestCertificates, type TestCertificates } from '#test/utils/tls.js';
import { until } from '#test/utils/until.js';
import { signatureIsValid, WebhookReceiver } from '#test/utils/webhook-receiver.js';

const PATH = '/api/v1/webhooks';
const K1 = randomBytes(32).toString('base64');
const K2 = randomBytes(32).toString('base64');
/** 5 s, 30 s, 5 min, 1 h become 2.5 ms, 15 ms, 150 ms, 1.8 s. */
const TIME_SCALE = 0.0005;

/**
 * Webhook signing secrets under a rotation of SECRET_ENCRYPTION_KEYS: a process that cannot open a secret
 * fails its deliveries visibly and on the schedule, and `secrets:reencrypt` moves every secret to the new
 * key, after which the old one can be dropped and receivers still verify with the secret they were given.
 */
describe('webhook signing secrets and the encryption keys', () => {
  let admin: TestApp;
  const others: TestApp[] = [];
  let org: TestOrg;
  let certificates: TestCertificates;
  let receiver: WebhookReceiver;
  let dropDatabase: () => Promise<void>;
  let webhook: { id: string; secret: string; path: string };

  const db = (): DataSource => admin.app.get(DataSource);
  /** Another process on the same database with these encryption keys; `sends` makes it run the delivery jobs. */
  const instance = async (keys: string, sends: boolean): Promise<TestApp> => {
    const app = await createTestApp({
      ...sameDatabaseAs(admin),
      env: {
        SECRET_ENCRYPTION_KEYS: keys,
        ALLOW_PRIVATE_TARGETS: 'true',
        WEBHOOK_CA_CERTS: certificates.caCertPath,
        WEBHOOK_RETRY_TIME_SCALE: String(TIME_SCALE),
        EMBEDDED_WORKER: String(sends),
      },
    });
    others.push(app);
    return app;
  };
  const closeInstance = async (app: TestApp): Promise<void> => {
    others.splice(others.indexOf(app), 1);
    await app.close();
  };
  const deliveries = async (app: TestApp): Promise<Array<Record<string, unknown>>> => {
    const response = await request(app.http)
      .get(`${PATH}/${webhook.id}/deliveries`)
      .set(...bearer(org.adminKey))
      .expect(200);
    return response.body.deliveries as Array<Record<string, unknown>>;
  };
  const newAgent = async (app: TestApp): Promise<void> => {
    await request(app.http)
      .post('/api/v1/agents')
      .set(...bearer(org.adminKey))
      .send({ name: `Agent ${randomBytes(3).toString('hex')}`, data_source_ids: [] })
      .expect(201);
  };

  beforeAll(async () => {
    certificates = createTestCertificates();
    receiver = await WebhookReceiver.start(certificates);
    const database = await createTestDatabase();
    dropDatabase = database.drop;
    // Queues and never sends: the deliveries below are made by the instances each step starts.
    admin = await createTestApp({
      databaseUrl: database.url,
      env: { SECRET_ENCRYPTION_KEYS: `k1:${K1}`, ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_CA_CERTS: certificates.caCertPath, EMBEDDED_WORKER: 'false' },
    });
    org = await createOrg(admin.app);
    const path = `/hooks/${randomBytes(4).toString('hex')}`;
    const created = await request(admin.http)
      .post(PATH)
      .set(...bearer(org.adminKey))
      .send({ url: receiver.url(path), events: ['agent.created'] })
      .expect(201);
    webhook = { id: created.body.id as string, secret: created.body.secret as string, path };
  });

  afterAll(async () => {
    for (const app of others.reverse()) {
      await app.close();
    }
    await admin?.close();
    await receiver?.close();
    await dropDatabase?.();
  });

  it('should fail a delivery whose secret this process cannot open on the retry schedule, say why, and fail the webhook after five attempts', async () => {
    // A process that lost the key the secret was sealed with (dropped from SECRET_ENCRYPTION_KEYS too early).
    const withoutK1 = await instance(`k2:${K2}`, true);
    await newAgent(withoutK1);

    const [failed] = await until(
      async () => {
        const listed = await deliveries(withoutK1);
        return listed.length === 1 && listed[0].status === 'failed' ? listed : undefined;
      },
      20_000,
      'the delivery to fail',
    );
    expect(failed).toMatchObject({ attempts: 5, last_status_code: null, next_attempt_at: null, delivered_at: null });
    expect(failed.last_error).toMatch(/signing secret cannot be opened.*"k1"/);
    const current = await request(withoutK1.http)
      .get(`${PATH}/${webhook.id}`)
      .set(...bearer(org.adminKey))
      .expect(200);
    expect(current.body.status).toBe('failed');
    expect(receiver.at(webhook.path)).toHaveLength(0);

    // Nothing keeps claiming it: the attempt count stays at five.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await deliveries(withoutK1))[0]).toMatchObject({ status: 'failed', attempts: 5 });

    // A test sent from this process answers the same outcome, not a server error.
    const tested = await request(withoutK1.http)
      .post(`${PATH}/${webhook.id}/test`)
      .set(...bearer(org.adminKey))
      .expect(200);
    expect(tested.body).toMatchObject({ success: false, status_code: null });
    expect(tested.body.error).toMatch(/signing secret cannot be opened/);
    expect(receiver.at(webhook.path)).toHaveLength(0);
    await closeInstance(withoutK1);
  });

  it('should re-encrypt every secret under the new key, report one it cannot open, and keep signing with the same secret once the old key is gone', async () => {
    const sealedBy = async (id: string): Promise<string> =>
      (await db().query<Array<{ secret_key_id: string }>>('SELECT secret_key_id FROM webhook WHERE id = $1', [id]))[0].secret_key_id;
    expect(await sealedBy(webhook.id)).toBe('k1');
    // A secret sealed by a key nobody has any more is reported and left alone; the others are still done.
    const lost = newId('webhook');
    await db().query(
      `INSERT INTO webhook (id, org_id, url, events, secret_ciphertext, secret_key_id) VALUES ($1, $2, 'https://hooks.example.test/', '{agent.created}', $3, 'k0')`,
      [lost, org.orgId, `v1.${randomBytes(12).toString('base64url')}.${randomBytes(20).toString('base64url')}.${randomBytes(16).toString('base64url')}`],
    );

    const rotating = await instance(`k2:${K2},k1:${K1}`, false);
    expect((await reencryptSecrets(rotating.app)).webhookSecrets).toEqual({ total: 2, reencrypted: 1, failed: [lost] });
    expect(await sealedBy(webhook.id)).toBe('k2');
    await db().query('DELETE FROM webhook WHERE id = $1', [lost]);
    expect((await reencryptSecrets(rotating.app)).webhookSecrets).toEqual({ total: 1, reencrypted: 0, failed: [] });
    await closeInstance(rotating);

    // k1 dropped from the setting: the failed delivery, retried, and new events are signed with the secret the receiver holds.
    const onlyK2 = await instance(`k2:${K2}`, true);
    const [failed] = await deliveries(onlyK2);
    const retried = await request(onlyK2.http)
      .post(`${PATH}/${webhook.id}/deliveries/${failed.id as string}/retry`)
      .set(...bearer(org.adminKey))
      .expect(200);
    expect(retried.body).toMatchObject({ success: true, status_code: 200 });
    await newAgent(onlyK2);
    const received = await receiver.waitFor(webhook.path, 2);
    expect(received.every((delivery) => signatureIsValid(delivery, webhook.secret))).toBe(true);
  });
});
