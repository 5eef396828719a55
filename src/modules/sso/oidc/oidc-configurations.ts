import { Inject, Injectable } from '@nestjs/common';
import * as client from 'openid-client';
import { fetch } from 'undici';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { identityProviderDispatcher } from '#src/modules/sso/connections/outbound.js';
import type { OidcConnectionConfig } from '#src/modules/sso/connections/sso-connection.entity.js';

const DISCOVERY_TTL_MS = 3_600_000;

/**
 * Discovered OpenID providers, one per connection, kept an hour. Every request to a provider (discovery,
 * keys, token, UserInfo) goes through the SSRF guard; plain http is accepted only where private targets are.
 */
@Injectable()
export class OidcConfigurations {
  private readonly discovered = new Map<string, { configuration: client.Configuration; at: number }>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async of(connectionId: string, config: OidcConnectionConfig, clientSecret: string): Promise<client.Configuration> {
    const cached = this.discovered.get(connectionId);
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) {
      return cached.configuration;
    }
    const configuration = await this.discover(config, clientSecret);
    this.discovered.set(connectionId, { configuration, at: Date.now() });
    return configuration;
  }

  forget(connectionId: string): void {
    this.discovered.delete(connectionId);
  }

  discover(config: OidcConnectionConfig, clientSecret: string): Promise<client.Configuration> {
    const allowPrivate = this.config.allowPrivateTargets || config.allow_private;
    const dispatcher = identityProviderDispatcher(allowPrivate);
    const guardedFetch: client.CustomFetch = (url, options) => fetch(url, { ...options, dispatcher }) as Promise<unknown> as Promise<Response>;
    return client.discovery(new URL(config.issuer), config.client_id, undefined, client.ClientSecretBasic(clientSecret), {
      [client.customFetch]: guardedFetch,
      timeout: 10,
      ...(allowPrivate ? { execute: [client.allowInsecureRequests] } : {}),
    });
  }
}
