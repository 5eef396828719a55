import * as client from 'openid-client';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGoogleDriveFake, type GoogleDriveFake } from '#test/fakes/google-drive/fake-google-drive.js';
import { bearer, createOrg, type TestOrg } from '#test/utils/factories.js';
import { ingestionEnv, waitForStatus } from '#test/utils/ingestion.js';
import { OAuthBrowser } from '#test/utils/oauth-browser.js';
import { OpenAIStub } from '#test/utils/openai-stub.js';
import { freePort } from '#test/utils/processes.js';
import { createTestApp, type TestApp } from '#test/utils/test-app.js';
import { createTestDatabase } from '#test/utils/test-database.js';
import { acceptInvitation, TEST_PASSWORD } from '#test/utils/web-sessions.js';

const REDIRECT = 'http://127.0.0.1:53682/callback';

/** A connector consent an OAuth application starts with a person's access token. */
describe('a connector consent started with an OAuth access token', () => {
  let t: TestApp;
  let origin: string;
  let org: TestOrg;
  let fake: GoogleDriveFake;
  let stub: OpenAIStub;
  let dropDatabase: () => Promise<void>;
  let configuration: client.Configuration;
  let person: { email: string; id: string };

  beforeAll(async () => {
    const database = await createTestDatabase();
    dropDatabase = database.drop;
    stub = await OpenAIStub.start({ dimensions: 512 });
    fake = await startGoogleDriveFake();
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    t = await createTestApp({ databaseUrl: database.url, env: ingestionEnv(stub, { ...fake.environment, PUBLIC_URL: origin }) });
    await t.app.listen(port, '127.0.0.1');
    org = await createOrg(t.app);
    const email = `configure-${Math.random().toString(36).slice(2, 8)}@acme.test`;
    const invited = await request(t.http)
      .post('/api/v1/users')
      .set(...bearer(org.adminKey))
      .send({ email, role: 'configure' })
      .expect(201);
    await acceptInvitation(t.http, invited.body.invitation.token as string);
    person = { email, id: invited.body.id as string };
    const registered = await request(t.http)
      .post('/api/v1/oauth-clients')
      .set(...bearer(org.adminKey))
      .send({ name: 'Acme connector setup', type: 'public', redirect_uris: [REDIRECT], scopes: ['read', 'write'] })
      .expect(201);
    configuration = await client.discovery(new URL(`${origin}/oauth`), registered.body.client_id as string, undefined, client.None(), {
      execute: [client.allowInsecureRequests],
    });
  });

  afterAll(async () => {
    await t?.close();
    await fake?.close();
    await stub?.close();
    await dropDatabase?.();
  });

  const accessToken = async (): Promise<string> => {
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: REDIRECT,
      scope: 'read write',
      state,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const callback = new URL(await new OAuthBrowser(origin, REDIRECT).authorize(url.href, { email: person.email, password: TEST_PASSWORD }));
    const tokens = await client.authorizationCodeGrant(configuration, callback, { pkceCodeVerifier: verifier, expectedState: state });
    return tokens.access_token;
  };
  /** Starts the consent with `token` and approves at the provider: answers the callback the provider sends the browser to. */
  const approvedConsent = async (sourceId: string, token: string): Promise<URL> => {
    const connect = await request(t.http).get(`/api/v1/data-sources/${sourceId}/connect`).set('Authorization', `Bearer ${token}`).expect(302);
    return new URL(await fake.approve(connect.headers.location));
  };
  const driveSource = async (): Promise<string> => {
    const created = await request(t.http)
      .post('/api/v1/data-sources')
      .set(...bearer(org.adminKey))
      .send({ type: 'google_drive', name: 'Engineering drive', config: fake.sourceConfig })
      .expect(201);
    return created.body.id as string;
  };

  it('should not connect when the access token that started it was revoked before it completed', async () => {
    const sourceId = await driveSource();
    const token = await accessToken();
    const callback = await approvedConsent(sourceId, token);
    await client.tokenRevocation(configuration, token);
    await request(t.http).get('/api/v1/data-sources').set('Authorization', `Bearer ${token}`).expect(401);

    const refused = await request(t.http).get(`${callback.pathname}${callback.search}`);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('may no longer change data sources');
    const source = await request(t.http)
      .get(`/api/v1/data-sources/${sourceId}`)
      .set(...bearer(org.adminKey))
      .expect(200);
    expect(source.body.status).toBe('pending');
    const [{ count }] = await t.app
      .get(DataSource)
      .query<Array<{ count: string }>>(`SELECT count(*) AS count FROM connector_credential WHERE data_source_id = $1`, [sourceId]);
    expect(Number(count)).toBe(0);
  });

  it('should connect with a token that still stands, and audit it as the application acting for the person', async () => {
    const sourceId = await driveSource();
    const callback = await approvedConsent(sourceId, await accessToken());
    expect((await request(t.http).get(`${callback.pathname}${callback.search}`)).status).toBe(303);
    expect((await waitForStatus(t.http, org.adminKey, sourceId, (status) => status.status === 'Connected', 30_000)).at(-1)?.error).toBeNull();

    const audit = await request(t.http)
      .get('/api/v1/audit-log?action=data_source.connected')
      .set(...bearer(org.adminKey))
      .expect(200);
    const entry = (audit.body.entries as Array<{ actor: unknown; target: { id: string }; details: Record<string, unknown> }>).find(
      (candidate) => candidate.target.id === sourceId,
    );
    expect(entry).toMatchObject({
      actor: { type: 'oauth_client', id: configuration.clientMetadata().client_id },
      details: { type: 'google_drive', user_id: person.id },
    });
  });
});
