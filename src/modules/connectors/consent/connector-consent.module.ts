import { Module } from '@nestjs/common';
import { AuthModule } from '#src/modules/auth/auth.module.js';
import { ConnectorConsentController } from '#src/modules/connectors/consent/connector-consent.controller.js';
import { ConnectorConsentService } from '#src/modules/connectors/consent/connector-consent.service.js';
import { ConnectorsModule } from '#src/modules/connectors/connectors.module.js';
import { ConnectorAuthorizationsRepository } from '#src/modules/connectors/oauth/connector-authorizations.repository.js';
import { DataSourcesModule } from '#src/modules/data-sources/data-sources.module.js';

/** Connecting and disconnecting connector sources through their provider's OAuth consent. */
@Module({
  imports: [AuthModule, ConnectorsModule, DataSourcesModule],
  controllers: [ConnectorConsentController],
  providers: [ConnectorAuthorizationsRepository, ConnectorConsentService],
})
export class ConnectorConsentModule {}
