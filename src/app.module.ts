import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { EventEmitterModule } from '@nestjs/event-emitter';
import type { DataSource } from 'typeorm';
import { ConfigModule, type AppConfig, type ProcessRole } from '#src/config/app-config.js';
import { ClockModule } from '#src/common/clock/clock.js';
import { CryptoModule } from '#src/common/crypto/crypto.module.js';
import { DatabaseModule } from '#src/common/database/database.module.js';
import { RoutePoliciesModule } from '#src/common/http/route-policy/route-policies.js';
import { AllExceptionsFilter } from '#src/common/errors/all-exceptions.filter.js';
import { MailModule } from '#src/common/mail/mailer.js';
import { QueueModule } from '#src/common/queue/queue.module.js';
import { RedisModule } from '#src/common/redis/redis.module.js';
import { AppValidationPipe } from '#src/common/validation/validation.pipe.js';
import { AgentsModule } from '#src/modules/agents/agents.module.js';
import { AnalyticsModule } from '#src/modules/analytics/analytics.module.js';
import { AuditModule } from '#src/modules/audit/audit.module.js';
import { AuthGuard } from '#src/modules/auth/auth.guard.js';
import { AuthModule } from '#src/modules/auth/auth.module.js';
import { ConnectorConsentModule } from '#src/modules/connectors/consent/connector-consent.module.js';
import { DataSourcesModule } from '#src/modules/data-sources/data-sources.module.js';
import { EventsModule } from '#src/modules/events/events.module.js';
import { GenerationModule } from '#src/modules/generation/generation.module.js';
import { HealthModule } from '#src/modules/health/health.module.js';
import { InteractionsModule } from '#src/modules/interactions/interactions.module.js';
import { KbModule } from '#src/modules/kb/kb.module.js';
import { KeysModule } from '#src/modules/keys/keys.module.js';
import { LimitsModule } from '#src/modules/limits/limits.module.js';
import { ConcurrencySlotInterceptor } from '#src/modules/limits/concurrency-slot.js';
import { RateLimitGuard } from '#src/modules/limits/rate-limit.guard.js';
import { OAuthModule } from '#src/modules/oauth/oauth.module.js';
import { OrganizationsModule } from '#src/modules/organizations/organizations.module.js';
import { QueryModule } from '#src/modules/query/query.module.js';
import { ProviderKeysModule } from '#src/modules/provider-keys/provider-keys.module.js';
import { SsoModule } from '#src/modules/sso/sso.module.js';
import { UsersModule } from '#src/modules/users/users.module.js';
import { WebhooksModule } from '#src/modules/webhooks/webhooks.module.js';

export interface AppModuleOptions {
  role: ProcessRole;
  /** Share an already open data source (tests running several instances on one embedded database). */
  dataSource?: DataSource;
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, options: AppModuleOptions): DynamicModule {
    const consume = options.role === 'worker' || (options.role === 'api' && config.embeddedWorker);
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config, options.role),
        DatabaseModule.forRoot(config, options.dataSource, { requireMigrated: options.role !== 'cli' }),
        RedisModule,
        RoutePoliciesModule,
        CryptoModule,
        ClockModule,
        MailModule,
        QueueModule.forRoot(config, { consume }),
        EventEmitterModule.forRoot({ wildcard: false, ignoreErrors: true }),
        EventsModule,
        AuditModule,
        KeysModule,
        AuthModule,
        LimitsModule,
        OrganizationsModule,
        SsoModule,
        OAuthModule,
        UsersModule,
        AgentsModule,
        DataSourcesModule,
        ConnectorConsentModule,
        KbModule,
        InteractionsModule,
        HealthModule,
        GenerationModule,
        ProviderKeysModule,
        WebhooksModule,
        QueryModule,
        AnalyticsModule,
      ],
      providers: [
        // In this order: the limiter needs the caller the auth guard resolved.
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_GUARD, useClass: RateLimitGuard },
        // Keeps the concurrency slot the limiter gave a request until its handler has returned.
        { provide: APP_INTERCEPTOR, useClass: ConcurrencySlotInterceptor },
        { provide: APP_PIPE, useClass: AppValidationPipe },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
      ],
    };
  }
}
