import type { OAuthClientsService } from '#src/modules/oauth/clients/oauth-clients.service.js';
import { holdsNul } from '#src/common/validation/nul-characters.js';
import type { AdapterPayload } from '#src/modules/oauth/server/oauth-adapter.js';

/**
 * The authorization server's view of the clients admins registered (oauth_client): read-only metadata in
 * the form oidc-provider validates. A confidential client's stored hash stands in for its secret, which
 * the service never keeps; the secret a client presents is checked against the hash (see OAuthServer).
 */
export class ClientRegistry {
  constructor(private readonly clients: OAuthClientsService) {}

  async find(clientId: string): Promise<AdapterPayload | undefined> {
    // No client's id holds U+0000, and the database cannot compare one.
    if (holdsNul(clientId)) {
      return undefined;
    }
    const client = await this.clients.byClientId(clientId);
    if (!client) {
      return undefined;
    }
    const confidential = client.type === 'confidential';
    return {
      client_id: client.id,
      client_name: client.name,
      ...(confidential ? { client_secret: 'stored-as-a-keyed-hash' } : {}),
      token_endpoint_auth_method: confidential ? 'client_secret_basic' : 'none',
      redirect_uris: client.redirectUris,
      grant_types: client.scopes.includes('offline_access') ? ['authorization_code', 'refresh_token'] : ['authorization_code'],
      response_types: ['code'],
      // The server signs with an EC key; it issues no ID token, but the library checks the setting.
      id_token_signed_response_alg: 'ES256',
      scope: client.scopes.join(' '),
      org_id: client.orgId,
    };
  }

  async upsert(): Promise<void> {
    throw new Error('Clients are registered through /api/v1/oauth-clients');
  }

  async destroy(): Promise<void> {
    throw new Error('Clients are deleted through /api/v1/oauth-clients');
  }
}
