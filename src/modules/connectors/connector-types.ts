import type { DataSourceType } from '#src/modules/data-sources/data-source.entity.js';

/** The types connected through their provider's OAuth consent. */
export const OAUTH_CONNECTOR_TYPES = ['confluence', 'slack', 'google_drive', 'sharepoint'] as const satisfies readonly DataSourceType[];
export type OAuthConnectorType = (typeof OAUTH_CONNECTOR_TYPES)[number];

export const isOAuthConnectorType = (type: DataSourceType): type is OAuthConnectorType => (OAUTH_CONNECTOR_TYPES as readonly string[]).includes(type);

/** A connector source syncs only while it holds a connection: not before its consent, nor after it was refused or disconnected. */
export function awaitsConnection(source: { type: DataSourceType; status: string }): boolean {
  return isOAuthConnectorType(source.type) && ['pending', 'Disconnected', 'Connection failed'].includes(source.status);
}
