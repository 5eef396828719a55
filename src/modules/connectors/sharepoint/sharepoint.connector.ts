import { AppError } from '#src/common/errors/app.error.js';
import { isDeletion, type Connector, type ConnectorContext, type ListedDocument, type SyncItem } from '#src/modules/connectors/connector.js';
import type { MissingDocument, SourceDocument } from '#src/modules/connectors/document-source.js';
import { ProviderCallError } from '#src/modules/connectors/provider/provider-failure.js';
import { GraphClient, isResyncRequired, type GraphDrive, type GraphDriveItem, type GraphPage } from '#src/modules/connectors/sharepoint/graph-client.js';
import type { SharePointCheckpoint, SharePointDriveCursor } from '#src/modules/connectors/sharepoint/sharepoint-checkpoint.js';
import { SharePointConfigDto } from '#src/modules/connectors/sharepoint/sharepoint-config.dto.js';
import { resolveDrives } from '#src/modules/connectors/sharepoint/sharepoint-drives.js';
import { CHANGE_FIELDS, documentKey, fileChange, isReadableFile, LISTING_FIELDS } from '#src/modules/connectors/sharepoint/sharepoint-files.js';
import { sharePointOAuth } from '#src/modules/connectors/sharepoint/sharepoint-oauth.js';

type SharePointContext = ConnectorContext<SharePointConfigDto, SharePointCheckpoint>;

function invalidSiteUrl(message: string): AppError {
  return AppError.invalid(message, { 'config.site_urls': [message] });
}

/** A site's address without a trailing slash, query or fragment; a page or library address is refused. */
function normaliseSiteUrl(value: string): string {
  const url = new URL(value);
  const path = url.pathname.replace(/\/+$/, '');
  if (/\.aspx$/i.test(path) || /\/(Shared%20Documents|SitePages|Forms|_layouts)(\/|$)/i.test(path)) {
    throw invalidSiteUrl(`site_urls must name a site (https://contoso.sharepoint.com/sites/eng), not a page or a library: ${value}`);
  }
  return `https://${url.host.toLowerCase()}${path}`;
}

async function normaliseConfig(config: SharePointConfigDto): Promise<SharePointConfigDto> {
  const siteUrls = [...new Set((config.site_urls ?? []).map(normaliseSiteUrl))];
  const driveIds = [...new Set(config.drive_ids ?? [])];
  return { ...(siteUrls.length > 0 ? { site_urls: siteUrls } : {}), ...(driveIds.length > 0 ? { drive_ids: driveIds } : {}) };
}

/** Where a delta page leads: its next page, or the deltaLink that ends the enumeration. */
function pageEnd(page: GraphPage<GraphDriveItem>): { nextLink: string } | { deltaLink: string } {
  const nextLink = page['@odata.nextLink'];
  const deltaLink = page['@odata.deltaLink'];
  if (nextLink !== undefined) {
    return { nextLink };
  }
  if (deltaLink !== undefined) {
    return { deltaLink };
  }
  throw new ProviderCallError({ kind: 'fatal', message: 'Microsoft Graph ended a delta page without a nextLink or a deltaLink' });
}

/**
 * Each drive's delta, resumed from its cursor: a mark after every page keeps the page to read next along
 * with the deltaLink the drive's pass started from, and a drive's last page replaces both by its new deltaLink.
 */
async function* changes(context: SharePointContext): AsyncIterable<SyncItem<SharePointCheckpoint>> {
  const graph = new GraphClient(context.provider, context.endpoints.apiUrl, context.fetchElsewhere);
  const drives = await resolveDrives(graph, context.source.config);
  const cursors: Record<string, SharePointDriveCursor> = Object.fromEntries(drives.map((drive) => [drive.id, { ...context.checkpoint?.drives[drive.id] }]));
  const mark = (): SyncItem<SharePointCheckpoint> => ({ checkpoint: { drives: structuredClone(cursors) } });
  for (const drive of drives) {
    let cursor: SharePointDriveCursor = cursors[drive.id] ?? {};
    for (;;) {
      context.signal.throwIfAborted();
      const link = cursor.nextLink ?? cursor.deltaLink;
      let page: GraphPage<GraphDriveItem>;
      try {
        page = await graph.delta(drive.id, link, CHANGE_FIELDS);
      } catch (error) {
        if (link === undefined || !isResyncRequired(error)) {
          throw error;
        }
        cursor = cursors[drive.id] = {};
        continue;
      }
      for (const item of page.value) {
        const change = fileChange(graph, drive, item);
        if (change !== undefined) {
          yield change;
        }
      }
      const end = pageEnd(page);
      cursor = cursors[drive.id] = 'nextLink' in end ? { ...cursor, nextLink: end.nextLink } : { deltaLink: end.deltaLink };
      yield mark();
      if (!('nextLink' in end)) {
        break;
      }
    }
  }
}

/** A full delta enumeration of every drive, without a token: every readable file the source holds now. */
async function* listDocuments(context: SharePointContext): AsyncIterable<ListedDocument> {
  const graph = new GraphClient(context.provider, context.endpoints.apiUrl, context.fetchElsewhere);
  for (const drive of await resolveDrives(graph, context.source.config)) {
    let link: string | undefined;
    do {
      context.signal.throwIfAborted();
      const page = await graph.delta(drive.id, link, LISTING_FIELDS);
      for (const item of page.value) {
        if (isReadableFile(item)) {
          const changedAt = item.lastModifiedDateTime === undefined ? undefined : new Date(item.lastModifiedDateTime);
          yield { key: documentKey(drive.id, item.id), ...(changedAt ? { changedAt } : {}) };
        }
      }
      const end = pageEnd(page);
      link = 'nextLink' in end ? end.nextLink : undefined;
    } while (link !== undefined);
  }
}

/** Files by key (`driveId/itemId`), one call each, each drive read once. */
async function* fetchDocuments(context: SharePointContext, keys: readonly string[]): AsyncIterable<SourceDocument | MissingDocument> {
  const graph = new GraphClient(context.provider, context.endpoints.apiUrl, context.fetchElsewhere);
  const drives = new Map<string, GraphDrive>();
  for (const key of keys) {
    const [driveId = '', itemId = ''] = key.split('/');
    const drive = drives.get(driveId) ?? (await graph.drive(driveId));
    drives.set(driveId, drive);
    const item = await graph.item(driveId, itemId, CHANGE_FIELDS);
    const change = item && fileChange(graph, drive, item);
    if (change && !isDeletion(change)) {
      yield change;
    }
  }
}

export const sharePointConnector: Connector<SharePointConfigDto, SharePointCheckpoint> = {
  type: 'sharepoint',
  configDto: SharePointConfigDto,
  normaliseConfig,
  oauth: sharePointOAuth,
  changes,
  listDocuments,
  fetchDocuments,
};
