import { Module } from '@nestjs/common';
import { ConnectorRegistry } from '#src/modules/connectors/connector-registry.js';
import { FileStorageService } from '#src/modules/connectors/file/file-storage.service.js';
import { FileConnector } from '#src/modules/connectors/file/file.connector.js';
import { SourceFilesRepository } from '#src/modules/connectors/file/source-files.repository.js';
import { ConnectorCredentials } from '#src/modules/connectors/oauth/connector-credentials.js';
import { ConnectorCredentialsRepository } from '#src/modules/connectors/oauth/connector-credentials.repository.js';
import { ProviderSessions } from '#src/modules/connectors/provider/provider-sessions.js';
import { WebsiteConnector } from '#src/modules/connectors/website/website.connector.js';

/** Every data source type's connector, the uploaded files' store, and connector OAuth tokens. */
@Module({
  providers: [
    WebsiteConnector,
    FileConnector,
    ConnectorRegistry,
    SourceFilesRepository,
    FileStorageService,
    ConnectorCredentialsRepository,
    ConnectorCredentials,
    ProviderSessions,
  ],
  exports: [ConnectorRegistry, SourceFilesRepository, FileStorageService, ConnectorCredentials, ProviderSessions],
})
export class ConnectorsModule {}
