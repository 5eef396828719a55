import { Injectable } from '@nestjs/common';
import type { ClassConstructor } from 'class-transformer';
import type { Connector } from '#src/modules/connectors/connector.js';
import { confluenceConnector } from '#src/modules/connectors/confluence/confluence.connector.js';
import { googleDriveConnector } from '#src/modules/connectors/google-drive/google-drive.connector.js';
import { sharePointConnector } from '#src/modules/connectors/sharepoint/sharepoint.connector.js';
import { FileConnector } from '#src/modules/connectors/file/file.connector.js';
import { slackConnector } from '#src/modules/connectors/slack/slack.connector.js';
import { WebsiteConfigDto } from '#src/modules/connectors/website/website-config.dto.js';
import { WebsiteConnector } from '#src/modules/connectors/website/website.connector.js';
import type { DataSourceType } from '#src/modules/data-sources/data-source.entity.js';

/** The connectors of OAuth providers: adding one is its folder and one line here. */
const PROVIDER_CONNECTORS: readonly Connector[] = [confluenceConnector, slackConnector, googleDriveConnector, sharePointConnector];

/** The config classes of every type, for the API description (`config` is one of them, by `type`). */
export const CONNECTOR_CONFIG_DTOS: readonly ClassConstructor<object>[] = [
  WebsiteConfigDto,
  ...PROVIDER_CONNECTORS.flatMap((connector) => (connector.configDto ? [connector.configDto] : [])),
];

/** Every data source type's connector, by type. */
@Injectable()
export class ConnectorRegistry {
  private readonly byType: ReadonlyMap<DataSourceType, Connector>;

  constructor(website: WebsiteConnector, file: FileConnector) {
    this.byType = new Map([website, file, ...PROVIDER_CONNECTORS].map((connector) => [connector.type, connector]));
  }

  /** The connector of `type`; undefined for a type no connector reads (yet). */
  find(type: DataSourceType): Connector | undefined {
    return this.byType.get(type);
  }

  get(type: DataSourceType): Connector {
    const connector = this.byType.get(type);
    if (!connector) {
      throw new Error(`No connector reads data sources of type ${type}`);
    }
    return connector;
  }
}
