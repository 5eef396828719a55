import type { ReadVersion, ConfluenceCheckpoint } from '#src/modules/connectors/confluence/confluence-checkpoint.js';
import { ConfluenceClient, isAttachment, type ContentPage } from '#src/modules/connectors/confluence/confluence-client.js';
import { ConfluenceConfigDto } from '#src/modules/connectors/confluence/confluence-config.dto.js';
import { pagesCql } from '#src/modules/connectors/confluence/confluence-cql.js';
import { attachmentDocument, indexableAttachments, pageDocument } from '#src/modules/connectors/confluence/confluence-documents.js';
import { confluenceOAuth } from '#src/modules/connectors/confluence/confluence-oauth.js';
import type { Connector, ConnectorContext, ListedDocument, SyncItem } from '#src/modules/connectors/connector.js';
import { SourceUnavailableError, type MissingDocument, type SourceDocument } from '#src/modules/connectors/document-source.js';
import type { ProviderSession } from '#src/modules/connectors/provider/provider-session.js';

type Context = ConnectorContext<ConfluenceConfigDto, ConfluenceCheckpoint>;

const CHANGES_EXPAND = ['body.storage', 'version', 'space'] as const;
const LISTING_EXPAND = ['version'] as const;
const CHANGES_PER_PAGE = 50;
const LISTED_PER_PAGE = 100;
/**
 * CQL reads its dates in the time zone of the connected person's profile, which the service does not know: the
 * query reaches a day further back, and the exact modification times (and versions already read) decide.
 */
const CQL_ZONE_ALLOWANCE_MS = 24 * 60 * 60 * 1_000;
/** How far before a pass's start the next pass looks again: clock skew, and pages the search index shows late. */
const SAFETY_MARGIN_MS = 10 * 60 * 1_000;
/** Versions remembered at most; forgetting one only reads that page again. */
const MAX_READ_VERSIONS = 10_000;

/**
 * Confluence Cloud pages (with their attachments) of one site, all its spaces the consent covers or the ones
 * named. A pass reads the pages modified since the previous one, oldest first, through CQL search.
 */
export const confluenceConnector: Connector<ConfluenceConfigDto, ConfluenceCheckpoint> = {
  type: 'confluence',
  configDto: ConfluenceConfigDto,
  oauth: confluenceOAuth,
  normaliseConfig: (config) => Promise.resolve(normalise(config)),
  changes,
  listDocuments,
  fetchDocuments,
};

function normalise(config: ConfluenceConfigDto): ConfluenceConfigDto {
  return { site_url: new URL(config.site_url).origin, space_keys: config.space_keys ? [...new Set(config.space_keys)] : undefined };
}

async function* changes(context: Context): AsyncIterable<SyncItem<ConfluenceCheckpoint>> {
  const config = normalise(context.source.config);
  const client = await siteClient(context.provider, config.site_url);
  const scope = scopeOf(config);
  const start = context.checkpoint?.scope === scope ? context.checkpoint : null;
  const since = start?.since ?? null;
  const read = { ...start?.read };
  const cql = pagesCql(config.space_keys, since === null ? null : new Date(Date.parse(since) - CQL_ZONE_ALLOWANCE_MS), 'lastmodified');
  const resumed = start?.pass?.cql === cql ? start.pass : undefined;
  const startedAt = resumed?.startedAt ?? new Date().toISOString();
  let results = resumed ? await client.next<ContentPage>(resumed.next) : await client.search(cql, CHANGES_EXPAND, CHANGES_PER_PAGE);
  for (;;) {
    for (const page of results.results) {
      if (!isUnread(page, since, read)) {
        continue;
      }
      yield pageDocument(config.site_url, page);
      for await (const attachment of indexableAttachments(client, page.id)) {
        yield await attachmentDocument(client, config.site_url, attachment);
      }
      if (page.version) {
        read[page.id] = { version: page.version.number, when: page.version.when };
      }
    }
    const next = results._links.next;
    if (!next) {
      break;
    }
    yield { checkpoint: { scope, since, read: { ...read }, pass: { startedAt, cql, next } } };
    results = await client.next<ContentPage>(next);
  }
  const nextSince = new Date(Date.parse(startedAt) - SAFETY_MARGIN_MS).toISOString();
  yield { checkpoint: { scope, since: nextSince, read: recentVersions(read, nextSince) } };
}

async function* listDocuments(context: Context): AsyncIterable<ListedDocument> {
  const config = normalise(context.source.config);
  const client = await siteClient(context.provider, config.site_url);
  let results = await client.search(pagesCql(config.space_keys, null, 'created'), LISTING_EXPAND, LISTED_PER_PAGE);
  for (;;) {
    for (const page of results.results) {
      yield { key: page.id, changedAt: changedAt(page.version?.when) };
      for await (const attachment of indexableAttachments(client, page.id)) {
        yield { key: attachment.id, changedAt: changedAt(attachment.version?.when) };
      }
    }
    if (!results._links.next) {
      return;
    }
    results = await client.next<ContentPage>(results._links.next);
  }
}

/** Pages and attachments by id, one call each; a page's attachments are listed, and read, under their own ids. */
async function* fetchDocuments(context: Context, ids: readonly string[]): AsyncIterable<SourceDocument | MissingDocument> {
  const config = normalise(context.source.config);
  const client = await siteClient(context.provider, config.site_url);
  for (const id of ids) {
    const content = await client.content(id, CHANGES_EXPAND);
    if (content) {
      yield isAttachment(content) ? await attachmentDocument(client, config.site_url, content) : pageDocument(config.site_url, content);
    }
  }
}

/** The client of the configured site, whose cloud id the consent's accessible resources tell. */
async function siteClient(provider: ProviderSession, siteUrl: string): Promise<ConfluenceClient> {
  const resources = await ConfluenceClient.accessibleResources(provider);
  const site = resources.find((resource) => originOf(resource.url) === siteUrl);
  if (!site) {
    const covered = resources.map((resource) => resource.url).join(', ') || 'no site';
    throw new SourceUnavailableError(`The Confluence consent does not cover ${siteUrl} (it covers ${covered}): connect the source again and choose that site`);
  }
  return new ConfluenceClient(provider, site.id);
}

/** A page not read yet in this version: modified since the last pass, and not already read in the window read again. */
function isUnread(page: ContentPage, since: string | null, read: Readonly<Record<string, ReadVersion>>): boolean {
  if (!page.version) {
    return true;
  }
  if (since !== null && Date.parse(page.version.when) < Date.parse(since)) {
    return false;
  }
  return read[page.id]?.version !== page.version.number;
}

function recentVersions(read: Readonly<Record<string, ReadVersion>>, since: string): Record<string, ReadVersion> {
  const from = Date.parse(since);
  const recent = Object.entries(read)
    .filter(([, version]) => Date.parse(version.when) >= from)
    .sort(([, a], [, b]) => Date.parse(b.when) - Date.parse(a.when))
    .slice(0, MAX_READ_VERSIONS);
  return Object.fromEntries(recent);
}

function scopeOf(config: ConfluenceConfigDto): string {
  return [config.site_url, ...[...(config.space_keys ?? [])].sort()].join(' ');
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

function changedAt(when: string | undefined): Date | undefined {
  const time = when === undefined ? Number.NaN : Date.parse(when);
  return Number.isNaN(time) ? undefined : new Date(time);
}
