import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqlClient } from '#src/common/database/sql-client.js';
import { OAuthAdapter } from '#src/modules/oauth/server/oauth-adapter.js';
import type { ProviderErrors } from '#src/modules/oauth/server/oidc-provider.types.js';
import { MovableClock } from '#test/utils/movable-clock.js';
import { startOpenIdProvider, type TestOpenIdProvider } from '#test/utils/oidc-op.js';
import { useTestApp } from '#test/utils/test-app.js';

const REDIRECT = 'http://127.0.0.1:53682/callback';

describe('the authorization server store', () => {
  const clock = new MovableClock();
  const t = useTestApp({ clock });
  let errors: ProviderErrors;
  beforeAll(async () => {
    // @ts-expect-error -- oidc-provider ships no type declarations
    ({ errors } = (await import('oidc-provider')) as { errors: ProviderErrors });
  });
  const adapter = (model: string) => OAuthAdapter.factory(t.app.get(SqlClient), clock, 'test-hash-secret', errors)(model);

  it('should store, find, consume and expire a payload', async () => {
    const codes = adapter('AuthorizationCode');
    await codes.upsert('code-1', { jti: 'code-1', grantId: 'grant-1', accountId: 'usr_1' }, 60);
    expect(await codes.find('code-1')).toEqual({ jti: 'code-1', grantId: 'grant-1', accountId: 'usr_1' });
    const stored = await t.app
      .get(SqlClient)
      .query<{ id: string; payload: object }>(`SELECT id, payload FROM oauth_payload WHERE model = 'AuthorizationCode'`, []);
    expect(stored).toEqual([{ id: expect.stringMatching(/^[0-9a-f]{64}$/), payload: { grantId: 'grant-1', accountId: 'usr_1' } }]);
    expect(await adapter('AccessToken').find('code-1')).toBeUndefined();

    const seconds = (): number => Math.floor(clock.now().getTime() / 1000);
    const before = seconds();
    expect(await codes.consume('code-1')).toBe(true);
    expect(await codes.consume('code-1')).toBe(false);
    const consumed = (await codes.find('code-1'))?.consumed;
    expect(consumed).toBeGreaterThanOrEqual(before);
    expect(consumed).toBeLessThanOrEqual(seconds());

    await codes.upsert('code-1', { grantId: 'grant-1', accountId: 'usr_2' }, 60);
    expect(await codes.find('code-1')).toEqual({ jti: 'code-1', grantId: 'grant-1', accountId: 'usr_2' });

    clock.advance(61_000);
    expect(await codes.find('code-1')).toBeUndefined();
  });

  it('should find sessions by uid and device codes by user code, and keep payloads without an expiry', async () => {
    await adapter('Session').upsert('session-1', { uid: 'uid-1', accountId: 'usr_1' });
    expect(await adapter('Session').findByUid('uid-1')).toEqual({ uid: 'uid-1', accountId: 'usr_1' });
    await adapter('DeviceCode').upsert('device-1', { userCode: 'ABCD-EFGH' }, 600);
    expect(await adapter('DeviceCode').findByUserCode('ABCD-EFGH')).toEqual({ userCode: 'ABCD-EFGH' });
    clock.advance(365 * 24 * 3_600_000);
    expect(await adapter('Session').findByUid('uid-1')).toBeDefined();
    await adapter('Session').destroy('session-1');
    expect(await adapter('Session').findByUid('uid-1')).toBeUndefined();
  });

  it('should revoke every code and token of a grant at once, and nothing of another grant', async () => {
    await adapter('AccessToken').upsert('at-1', { grantId: 'grant-a' }, 3600);
    await adapter('RefreshToken').upsert('rt-1', { grantId: 'grant-a' }, 86_400);
    await adapter('AccessToken').upsert('at-2', { grantId: 'grant-b' }, 3600);
    await adapter('AccessToken').revokeByGrantId('grant-a');
    expect(await adapter('AccessToken').find('at-1')).toBeUndefined();
    expect(await adapter('RefreshToken').find('rt-1')).toBeUndefined();
    expect(await adapter('AccessToken').find('at-2')).toEqual({ grantId: 'grant-b', jti: 'at-2' });
  });

  it('should find nothing by a value holding NUL, and refuse to store a payload holding one with invalid_request', async () => {
    const interactions = adapter('Interaction');
    expect(await interactions.find('uid\u0000')).toBeUndefined();
    expect(await interactions.findByUid('uid\u0000')).toBeUndefined();
    expect(await adapter('DeviceCode').findByUserCode('\u0000')).toBeUndefined();
    expect(await adapter('AuthorizationCode').consume('code\u0000')).toBe(false);

    const refused = interactions.upsert('interaction-nul', { uid: 'interaction-nul', params: { state: 'a\u0000b' } }, 600);
    await expect(refused).rejects.toMatchObject({ status: 400, error: 'invalid_request', error_description: expect.stringContaining('NUL') });
    expect(await interactions.find('interaction-nul')).toBeUndefined();
  });

  describe('under oidc-provider', () => {
    let op: TestOpenIdProvider;
    let configuration: client.Configuration;

    beforeAll(async () => {
      op = await startOpenIdProvider({
        clients: [{ client_id: 'app', client_secret: 'app-secret', redirect_uris: [REDIRECT] }],
        accounts: [{ sub: 'usr_ada', email: 'ada@acme.test', email_verified: true }],
        adapter,
        conformIdTokenClaims: false,
      });
      configuration = await client.discovery(new URL(op.issuer), 'app', 'app-secret', undefined, { execute: [client.allowInsecureRequests] });
    });

    afterAll(async () => {
      await op?.close();
    });

    it('should carry a full authorization code flow with PKCE, and refuse the code a second time, revoking what it gave', async () => {
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const authorize = client.buildAuthorizationUrl(configuration, {
        redirect_uri: REDIRECT,
        scope: 'openid email',
        state,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      const callback = new URL(await op.signIn(authorize.href, 'usr_ada'));
      const tokens = await client.authorizationCodeGrant(configuration, callback, { pkceCodeVerifier: verifier, expectedState: state });
      expect(tokens.claims()?.email).toBe('ada@acme.test');

      const rows = await t.app.get(SqlClient).query<{ model: string }>('SELECT DISTINCT model FROM oauth_payload ORDER BY model', []);
      expect(rows.map((row) => row.model)).toEqual(expect.arrayContaining(['AccessToken', 'AuthorizationCode', 'Grant', 'Session']));
      expect(await adapter('AccessToken').find(tokens.access_token)).toMatchObject({ accountId: 'usr_ada', jti: tokens.access_token });
      const everything = JSON.stringify(await t.app.get(SqlClient).query('SELECT * FROM oauth_payload', []));
      expect(everything).not.toContain(tokens.access_token);
      expect(everything).not.toContain(callback.searchParams.get('code'));

      await expect(client.authorizationCodeGrant(configuration, callback, { pkceCodeVerifier: verifier, expectedState: state })).rejects.toThrow();
      expect(await adapter('AccessToken').find(tokens.access_token)).toBeUndefined();
    });

    it('should refuse a wrong PKCE verifier', async () => {
      const authorize = client.buildAuthorizationUrl(configuration, {
        redirect_uri: REDIRECT,
        scope: 'openid',
        code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
        code_challenge_method: 'S256',
      });
      const callback = new URL(await op.signIn(authorize.href, 'usr_ada'));
      await expect(client.authorizationCodeGrant(configuration, callback, { pkceCodeVerifier: client.randomPKCECodeVerifier() })).rejects.toThrow();
    });
  });
});
