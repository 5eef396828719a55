import { Module } from '@nestjs/common';
import { OAuthClientsController } from '#src/modules/oauth/clients/oauth-clients.controller.js';
import { OAuthClientsService } from '#src/modules/oauth/clients/oauth-clients.service.js';

/** OAuth 2.0 for user-context calls: the applications an organization registers to act for its people. */
@Module({
  controllers: [OAuthClientsController],
  providers: [OAuthClientsService],
  exports: [OAuthClientsService],
})
export class OAuthModule {}
