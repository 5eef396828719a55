import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { AuthModule } from '#src/modules/auth/auth.module.js';
import { OrganizationsRepository } from '#src/modules/organizations/organizations.repository.js';
import { SsoConnectionsRepository } from '#src/modules/sso/connections/sso-connections.repository.js';
import { SsoConnectionsService } from '#src/modules/sso/connections/sso-connections.service.js';
import { DomainVerifier } from '#src/modules/sso/domains/domain-verifier.js';
import { DomainsRepository } from '#src/modules/sso/domains/domains.repository.js';
import { DomainsService } from '#src/modules/sso/domains/domains.service.js';
import { OidcConfigurations } from '#src/modules/sso/oidc/oidc-configurations.js';
import { OidcStrategy } from '#src/modules/sso/oidc/oidc.strategy.js';
import { ReplayGuard } from '#src/modules/sso/saml/replay-guard.js';
import { SamlStrategy } from '#src/modules/sso/saml/saml.strategy.js';
import { SsoRequestsRepository } from '#src/modules/sso/saml/sso-requests.repository.js';
import { SsoSignInService } from '#src/modules/sso/sign-in/sso-sign-in.service.js';
import { SsoSettingsService } from '#src/modules/sso/sso-settings.service.js';
import { SsoController } from '#src/modules/sso/sso.controller.js';
import { OidcGuard, SamlGuard, SsoStartGuard } from '#src/modules/sso/sso.guards.js';
import { SsoPageFilter } from '#src/modules/sso/sso-page.filter.js';
import { UsersModule } from '#src/modules/users/users.module.js';

/**
 * Single sign-on per organization: SAML 2.0 and OpenID Connect connections, the e-mail domains they
 * serve, and the sign-in routes (Passport strategies through @nestjs/passport) ending in a web session.
 */
@Module({
  imports: [PassportModule, AuthModule, UsersModule],
  controllers: [SsoController],
  providers: [
    // The organizations module imports this one: its repository is provided here too, not imported.
    OrganizationsRepository,
    SsoConnectionsRepository,
    SsoConnectionsService,
    DomainVerifier,
    DomainsRepository,
    DomainsService,
    SsoRequestsRepository,
    OidcConfigurations,
    OidcStrategy,
    SamlStrategy,
    ReplayGuard,
    SsoSignInService,
    SsoSettingsService,
    SamlGuard,
    OidcGuard,
    SsoStartGuard,
    SsoPageFilter,
  ],
  exports: [SsoConnectionsService, DomainsService, SsoSettingsService],
})
export class SsoModule {}
