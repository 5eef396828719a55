import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { fetchThrough, type FetchFunction } from '#src/common/net/fetch-through.js';
import { createGuardedDispatcher } from '#src/common/net/ssrf-guard.js';
import { RedisService } from '#src/common/redis/redis.module.js';
import type { Connector, ConnectorContext } from '#src/modules/connectors/connector.js';
import { isOAuthConnectorType, type OAuthConnectorType } from '#src/modules/connectors/connector-types.js';
import type { DataSourceType } from '#src/modules/data-sources/data-source.entity.js';
import type { ProviderEndpoints } from '#src/modules/connectors/provider/provider-endpoints.js';
import { ConnectorCredentials } from '#src/modules/connectors/oauth/connector-credentials.js';
import { HttpProviderSession, type ThrottleGate } from '#src/modules/connectors/provider/http-provider-session.js';
import { MemoryThrottleGate } from '#src/modules/connectors/provider/memory-throttle-gate.js';
import { RedisThrottleGate } from '#src/modules/connectors/provider/redis-throttle-gate.js';
import type { ProviderSession } from '#src/modules/connectors/provider/provider-session.js';
import { CRAWLER_USER_AGENT } from '#src/modules/connectors/website/website.connector.js';

const NO_ENDPOINTS: ProviderEndpoints = { clientId: undefined, clientSecret: undefined, authorizeUrl: '', tokenUrl: '', revokeUrl: undefined, apiUrl: '' };

const noProvider = (): Promise<never> => Promise.reject(new Error('This connector calls no provider'));
const NO_PROVIDER: ProviderSession = { call: noProvider, json: noProvider, bytes: noProvider };

/** Opens the provider session a sync of a connector source calls through. */
@Injectable()
export class ProviderSessions {
  private readonly gate: ThrottleGate;
  private readonly fetchElsewhere: FetchFunction;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly credentials: ConnectorCredentials,
    redis: RedisService,
  ) {
    this.gate = redis.client ? new RedisThrottleGate(redis.client, (name) => redis.prefixed(name)) : new MemoryThrottleGate();
    this.fetchElsewhere = fetchThrough(createGuardedDispatcher({ allowPrivateTargets: config.allowPrivateTargets }));
  }

  /** The provider a sync of `source` calls, and where it lives; full-pass connectors (website, file) call none. */
  forSource(
    source: { id: string; orgId: string; type: DataSourceType },
    connector: Connector,
    signal: AbortSignal,
  ): Pick<ConnectorContext<object, unknown>, 'provider' | 'endpoints' | 'fetchElsewhere'> {
    if (!isOAuthConnectorType(source.type)) {
      return { provider: NO_PROVIDER, endpoints: NO_ENDPOINTS, fetchElsewhere: this.fetchElsewhere };
    }
    const type = source.type;
    return { provider: this.open({ ...source, type }, connector, signal), endpoints: this.config.connectors[type], fetchElsewhere: this.fetchElsewhere };
  }

  private open(source: { id: string; orgId: string; type: OAuthConnectorType }, connector: Connector, signal: AbortSignal): ProviderSession {
    return new HttpProviderSession({
      endpoints: this.config.connectors[source.type],
      tokens: this.credentials.tokenSource(source, connector),
      gate: this.gate,
      // Providers rate-limit per application and workspace: every source of the organization shares the wait.
      throttleKey: `${source.type}:${source.orgId}`,
      classify: connector.oauth?.classify?.bind(connector.oauth),
      userAgent: CRAWLER_USER_AGENT,
      signal,
      limits: { timeScale: this.config.sync.retryTimeScale },
    });
  }
}
