import { Module } from '@nestjs/common';
import { AuthModule } from '#src/modules/auth/auth.module.js';
import { OAuthClientsController } from '#src/modules/oauth/clients/oauth-clients.controller.js';
import { OAuthClientsRepository } from '#src/modules/oauth/clients/oauth-clients.repository.js';
import { OAuthClientsService } from '#src/modules/oauth/clients/oauth-clients.service.js';
import { OAuthGrantsController } from '#src/modules/oauth/grants/oauth-grants.controller.js';
import { OAuthGrantsService } from '#src/modules/oauth/grants/oauth-grants.service.js';
import { OAuthAccounts } from '#src/modules/oauth/server/oauth-accounts.js';
import { OAuthInteractionsController } from '#src/modules/oauth/server/oauth-interactions.controller.js';
import { OAuthServer } from '#src/modules/oauth/server/oauth-server.js';

/**
 * OAuth 2.0 for user-context calls: the applications an organization registers, the authorization server
 * (oidc-provider at /oauth) with its sign-in and consent pages. Access tokens are checked by the auth
 * module's oauth-token authenticator.
 */
@Module({
  imports: [AuthModule],
  controllers: [OAuthClientsController, OAuthGrantsController, OAuthInteractionsController],
  providers: [OAuthClientsRepository, OAuthClientsService, OAuthGrantsService, OAuthAccounts, OAuthServer],
  exports: [OAuthClientsService, OAuthServer],
})
export class OAuthModule {}
