import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reencryptSecrets } from '#src/cli/secrets-reencrypt.js';
import { SecretCipher } from '#src/common/crypto/secret-cipher.js';
import { TransactionRunner } from '#src/common/database/transaction.js';
import { ConnectorCredentialsRepository } from '#src/modules/connectors/oauth/connector-credentials.repository.js';
import { ConnectorCredentials } from '#src/modules/connectors/oauth/connector-credentials.js';
import { ProviderKeysService } from '#src/modules/provider-keys/provider-keys.service.js';
import { SsoConnectionsService } from '#src/modules/sso/connections/sso-connections.service.js';
import { WebhooksRepository } from '#src/modules/webhooks/webhooks.repository.js';
import { bearer, createOrg, type TestOrg } from '#test/utils/factories.js';
import { createSamlIdp, createSamlIdpKey } from '#test/utils/saml-idp.js';
import { createTestApp, type TestApp } from '#test/utils/test-app.js';
import { createTestDatabase } from '#test/utils/test-database.js';

const K1 = randomBytes(32).toString('base64');
const K2 = randomBytes(32).toString('base64');

describe('rotating SECRET_ENCRYPTION_KEYS', () => {
  let t: TestApp;
  let org: TestOrg;
  let dropDatabase: () => Promise<void>;
  const extraApps: TestApp[] = [];

  beforeAll(async () => {
    const database = await createTestDatabase();
    dropDatabase = database.drop;
    t = await createTestApp({ databaseUrl: database.url, env: { SECRET_ENCRYPTION_KEYS: `k1:${K1}` } });
    org = await createOrg(t.app, { plan: 'enterprise' });
  });

  afterAll(async () => {
    for (const app of extraApps) {
      await app.close();
    }
    await t?.close();
    await dropDatabase?.();
  });

  /** Another instance of the service on the same database, with other encryption keys. */
  async function instanceWithKeys(keys: string): Promise<TestApp> {
    const app = await createTestApp({ dataSource: t.app.get(DataSource), env: { SECRET_ENCRYPTION_KEYS: keys } });
    extraApps.push(app);
    return app;
  }

  it('should re-encrypt every stored secret under the new key, so the old one can leave the setting', async () => {
    const providerKey = `sk-proj-${randomBytes(24).toString('base64url')}`;
    const provider = await request(t.http)
      .post('/api/v1/provider-keys')
      .set(...bearer(org.adminKey))
      .send({ provider: 'openai', api_key: providerKey })
      .expect(201);
    const webhook = await request(t.http)
      .post('/api/v1/webhooks')
      .set(...bearer(org.adminKey))
      .send({ url: 'https://8.8.8.8/hooks', events: ['agent.created'] })
      .expect(201);
    const files = mkdtempSync(join(tmpdir(), 'aqs-rotation-'));
    const signing = createSamlIdpKey('service provider');
    writeFileSync(join(files, 'idp.xml'), createSamlIdp().metadata());
    writeFileSync(join(files, 'sp.key'), signing.privateKey);
    writeFileSync(join(files, 'sp.crt'), signing.certificate);
    const connection = await t.app.get(SsoConnectionsService).addSaml(org.orgId, {
      name: 'Signed requests',
      metadata: join(files, 'idp.xml'),
      signingKeyPath: join(files, 'sp.key'),
      signingCertificatePath: join(files, 'sp.crt'),
    });
    const confluence = await request(t.http)
      .post('/api/v1/data-sources')
      .set(...bearer(org.adminKey))
      .send({ type: 'confluence', name: 'Wiki', config: { site_url: 'https://acme.atlassian.net' } })
      .expect(201);
    const source = { id: confluence.body.id as string, orgId: org.orgId, type: 'confluence' as const };
    await t.app.get(TransactionRunner).run((tx) => t.app.get(ConnectorCredentials).save(source, { accessToken: 'access-1', refreshToken: 'refresh-1' }, tx));

    const rotated = await instanceWithKeys(`k2:${K2},k1:${K1}`);
    const report = await reencryptSecrets(rotated.app);
    const done = { total: 1, reencrypted: 1, failed: [] };
    expect(report).toEqual({ keyId: 'k2', providerKeys: done, webhookSecrets: done, ssoSecrets: done, connectorTokens: done });
    const again = { total: 1, reencrypted: 0, failed: [] };
    expect(await reencryptSecrets(rotated.app)).toEqual({ keyId: 'k2', providerKeys: again, webhookSecrets: again, ssoSecrets: again, connectorTokens: again });

    // The old key dropped: every secret still opens.
    const onlyNew = (await instanceWithKeys(`k2:${K2}`)).app;
    const cipher = onlyNew.get(SecretCipher);
    expect((await onlyNew.get(ProviderKeysService).credentialsFor(org.orgId, provider.body.id)).apiKey).toBe(providerKey);
    const target = await onlyNew.get(WebhooksRepository).target(org.orgId, webhook.body.id);
    expect(cipher.decrypt(org.orgId, { ciphertext: target!.secretCiphertext, keyId: target!.secretKeyId })).toBe(webhook.body.secret);
    const sso = onlyNew.get(SsoConnectionsService);
    expect(sso.secretOf(await sso.find(org.orgId, connection.id))).toBe(signing.privateKey);
    const credential = await onlyNew.get(ConnectorCredentialsRepository).findById(org.orgId, source.id);
    expect(cipher.decrypt(org.orgId, credential!.accessToken)).toBe('access-1');
    expect(cipher.decrypt(org.orgId, credential!.refreshToken!)).toBe('refresh-1');
  });

  it('should report a secret no configured key opens, and leave it as it is', async () => {
    const webhook = await request(t.http)
      .post('/api/v1/webhooks')
      .set(...bearer(org.adminKey))
      .send({ url: 'https://8.8.4.4/hooks', events: ['agent.deleted'] })
      .expect(201);
    const withoutTheOldKey = await instanceWithKeys(`k3:${randomBytes(32).toString('base64')},k2:${K2}`);
    const report = await reencryptSecrets(withoutTheOldKey.app);
    expect(report.webhookSecrets.failed).toEqual([webhook.body.id]);
    const [row] = await t.app.get(DataSource).query<Array<{ secret_key_id: string }>>('SELECT secret_key_id FROM webhook WHERE id = $1', [webhook.body.id]);
    expect(row.secret_key_id).toBe('k1');
  });
});
