import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { RedisService } from '#src/common/redis/redis.module.js';
import type { Connector } from '#src/modules/connectors/connector.js';
import type { OAuthConnectorType } from '#src/modules/connectors/connector-types.js';
import { ConnectorCredentials } from '#src/modules/connectors/oauth/connector-credentials.js';
import { HttpProviderSession, type ThrottleGate } from '#src/modules/connectors/provider/http-provider-session.js';
import { MemoryThrottleGate } from '#src/modules/connectors/provider/memory-throttle-gate.js';
import { RedisThrottleGate } from '#src/modules/connectors/provider/redis-throttle-gate.js';
import type { ProviderSession } from '#src/modules/connectors/provider/provider-session.js';
import { CRAWLER_USER_AGENT } from '#src/modules/connectors/website/website.connector.js';

/** Opens the provider session a sync of a connector source calls through. */
@Injectable()
export class ProviderSessions {
  private readonly gate: ThrottleGate;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly credentials: ConnectorCredentials,
    redis: RedisService,
  ) {
    this.gate = redis.client ? new RedisThrottleGate(redis.client, (name) => redis.prefixed(name)) : new MemoryThrottleGate();
  }

  open(source: { id: string; orgId: string; type: OAuthConnectorType }, connector: Connector, signal: AbortSignal): ProviderSession {
    return new HttpProviderSession({
      endpoints: this.config.connectors[source.type],
      tokens: this.credentials.tokenSource(source, connector),
      gate: this.gate,
      // Providers rate-limit per application and workspace: every source of the organization shares the wait.
      throttleKey: `${source.type}:${source.orgId}`,
      classify: connector.oauth?.classify?.bind(connector.oauth),
      userAgent: CRAWLER_USER_AGENT,
      signal,
    });
  }
}
