import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGoogleDriveFake, type GoogleDriveFake } from '#test/fakes/google-drive/fake-google-drive.js';
import { bearer, createOrg, type TestOrg } from '#test/utils/factories.js';
import { ingestionEnv, waitForStatus } from '#test/utils/ingestion.js';
import { OpenAIStub } from '#test/utils/openai-stub.js';
import { createTestApp, type TestApp } from '#test/utils/test-app.js';
import { createTestDatabase } from '#test/utils/test-database.js';
import { acceptInvitation, type WebSession } from '#test/utils/web-sessions.js';

const BINDING_COOKIE =
  /^(connector_consent_[A-Za-z0-9_-]+)=([A-Za-z0-9_-]+); Max-Age=600; Path=\/api\/v1\/connectors\/oauth\/callback; HttpOnly; Secure; SameSite=Lax$/;

/** A connector consent a person starts from the web console: the callback must come back to the browser that started it. */
describe('a connector consent started in a browser', () => {
  let t: TestApp;
  let org: TestOrg;
  let fake: GoogleDriveFake;
  let stub: OpenAIStub;
  let dropDatabase: () => Promise<void>;
  let session: WebSession;

  beforeAll(async () => {
    const database = await createTestDatabase();
    dropDatabase = database.drop;
    stub = await OpenAIStub.start({ dimensions: 512 });
    fake = await startGoogleDriveFake();
    t = await createTestApp({ databaseUrl: database.url, env: ingestionEnv(stub, fake.environment) });
    org = await createOrg(t.app);
    const invited = await request(t.http)
      .post('/api/v1/users')
      .set(...bearer(org.adminKey))
      .send({ email: `configure-${Math.random().toString(36).slice(2, 8)}@acme.test`, role: 'configure' })
      .expect(201);
    session = await acceptInvitation(t.http, invited.body.invitation.token as string);
  });

  afterAll(async () => {
    await t?.close();
    await fake?.close();
    await stub?.close();
    await dropDatabase?.();
  });

  const driveSource = async (name: string): Promise<string> => {
    const created = await request(t.http)
      .post('/api/v1/data-sources')
      .set(...bearer(org.adminKey))
      .send({ type: 'google_drive', name, config: fake.sourceConfig })
      .expect(201);
    return created.body.id as string;
  };
  /** Opens the source's authorize_url in the signed-in browser and approves at the provider. */
  const startInBrowser = async (sourceId: string): Promise<{ callback: URL; cookie: string }> => {
    const connect = await request(t.http).get(`/api/v1/data-sources/${sourceId}/connect`).set('Cookie', session.cookie).expect(302);
    const [setCookie] = ([] as string[]).concat(connect.headers['set-cookie'] ?? []);
    const binding = BINDING_COOKIE.exec(setCookie ?? '');
    expect(binding, setCookie).not.toBeNull();
    return { callback: new URL(await fake.approve(connect.headers.location)), cookie: `${binding![1]}=${binding![2]}` };
  };
  const answer = (callback: URL, cookies: string[]) => {
    const sent = request(t.http).get(`${callback.pathname}${callback.search}`);
    return cookies.length > 0 ? sent.set('Cookie', cookies.join('; ')) : sent;
  };

  it('should connect sources whose consents were started at once in several tabs, each callback with its own cookie', async () => {
    const first = await driveSource('Engineering drive');
    const second = await driveSource('Support drive');
    const firstConsent = await startInBrowser(first);
    const secondConsent = await startInBrowser(second);
    expect(firstConsent.cookie.split('=')[0]).not.toBe(secondConsent.cookie.split('=')[0]);

    // The browser sends every cookie of the callback's path: both consents' bindings.
    const cookies = [firstConsent.cookie, secondConsent.cookie];
    const firstDone = await answer(firstConsent.callback, cookies);
    expect(firstDone.status, firstDone.text).toBe(303);
    expect(([] as string[]).concat(firstDone.headers['set-cookie'] ?? [])).toEqual([
      expect.stringMatching(new RegExp(`^${firstConsent.cookie.split('=')[0]}=; Max-Age=0;`)),
    ]);
    const secondDone = await answer(secondConsent.callback, [secondConsent.cookie]);
    expect(secondDone.status, secondDone.text).toBe(303);
    for (const id of [first, second]) {
      expect((await waitForStatus(t.http, org.adminKey, id, (status) => status.status === 'Connected', 30_000)).at(-1)?.error).toBeNull();
    }
  });

  it('should refuse a callback that comes back to another browser, or with another consent’s cookie', async () => {
    const sourceId = await driveSource('Finance drive');
    const elsewhere = await startInBrowser(sourceId);
    const refused = await answer(elsewhere.callback, []);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('started in another browser');

    const other = await startInBrowser(await driveSource('Legal drive'));
    const mine = await startInBrowser(sourceId);
    const swapped = await answer(mine.callback, [`${mine.cookie.split('=')[0]}=${other.cookie.split('=')[1]}`]);
    expect(swapped.status).toBe(400);
    expect(swapped.text).toContain('started in another browser');
    const source = await request(t.http)
      .get(`/api/v1/data-sources/${sourceId}`)
      .set(...bearer(org.adminKey))
      .expect(200);
    expect(source.body.status).toBe('pending');
  });
});
