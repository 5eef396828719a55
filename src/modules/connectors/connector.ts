import type { FetchFunction } from '#src/common/net/fetch-through.js';
import type { ClassConstructor } from 'class-transformer';
import type { DataSourceType } from '#src/modules/data-sources/data-source.entity.js';
import type { MissingDocument, SourceDocument } from '#src/modules/connectors/document-source.js';
import type { ConnectorOAuth } from '#src/modules/connectors/oauth/connector-oauth.js';
import type { ProviderEndpoints } from '#src/modules/connectors/provider/provider-endpoints.js';
import type { ProviderSession } from '#src/modules/connectors/provider/provider-session.js';

/** The source being synced, as a connector sees it: its config already validated and normalised. */
export interface ConnectorSource<Config> {
  id: string;
  orgId: string;
  config: Config;
}

/** The source no longer has this document: its chunks are removed at once. */
export interface DeletedDocument {
  deletedKey: string;
}

/**
 * Everything yielded before this mark is done: the sync persists `checkpoint` once those documents are
 * indexed, and a sync interrupted after that point starts again from it.
 */
export interface CheckpointMark<Checkpoint> {
  checkpoint: Checkpoint;
}

/** How many documents this pass yields in all (those already yielded included), when the provider says. */
export interface ExpectedCount {
  expected: number;
}

export type SyncItem<Checkpoint> = SourceDocument | MissingDocument | DeletedDocument | CheckpointMark<Checkpoint> | ExpectedCount;

/** One document the source holds now, from the cheap listing used to detect deletions. */
export interface ListedDocument {
  key: string;
  /** When the provider last changed it, when the listing tells: counts what an incremental pass will read. */
  changedAt?: Date;
}

export interface ConnectorContext<Config, Checkpoint> {
  source: ConnectorSource<Config>;
  /** Where the last interrupted or completed pass stopped; null on the first sync (and for full-pass connectors). */
  checkpoint: Checkpoint | null;
  /** Authorized, throttled calls to the provider (OAuth connectors only). */
  provider: ProviderSession;
  /** Base URLs and client of the provider, from configuration (OAuth connectors only). */
  endpoints: ProviderEndpoints;
  /**
   * For an address the provider hands back outside its configured origins (a pre-authenticated download
   * link): through the SSRF guard, as any address the service did not choose itself.
   */
  fetchElsewhere: FetchFunction;
  signal: AbortSignal;
}

export interface ConfigOptions {
  allowPrivateTargets: boolean;
}

/**
 * One kind of data source. Two families:
 * - full-pass connectors (website, file) read everything on every sync and have no `listDocuments`: a
 *   document a complete pass did not see is removed;
 * - incremental connectors (OAuth providers) read only what changed since their checkpoint, and list every
 *   key they hold (`listDocuments`, ids only): what was deleted at the provider is removed here, and what
 *   is listed but not held here is read by key (`fetchDocuments`), since a document can come into the
 *   source without changing (a file moved into a synced folder, a page whose restrictions were lifted).
 */
export interface Connector<Config extends object = object, Checkpoint = unknown> {
  readonly type: DataSourceType;
  /** The class `config` is validated against (unknown fields refused); absent: the type takes no config. */
  readonly configDto?: ClassConstructor<Config>;
  /** Checks beyond the DTO and defaults filled in; throws AppError.invalid for a config that cannot work. */
  normaliseConfig?(config: Config, options: ConfigOptions): Promise<Config>;
  /** Present for sources connected through the provider's OAuth consent. */
  readonly oauth?: ConnectorOAuth;
  /** Documents new or changed since the checkpoint (all of them for full-pass connectors), with checkpoint marks. */
  changes(context: ConnectorContext<Config, Checkpoint>): AsyncIterable<SyncItem<Checkpoint>>;
  /** Every document the source holds now, ids only; throws when the listing cannot be completed. */
  listDocuments?(context: ConnectorContext<Config, Checkpoint>): AsyncIterable<ListedDocument>;
  /**
   * The documents of these listed keys, as `changes` would yield them; a key the provider no longer has is
   * left out. Absent on a connector that lists: a sync that finds keys it does not hold reads a full pass.
   */
  fetchDocuments?(context: ConnectorContext<Config, Checkpoint>, keys: readonly string[]): AsyncIterable<SourceDocument | MissingDocument>;
  /** How many documents a sync will read, when known before reading (files: the uploads). */
  expectedDocuments?(context: ConnectorContext<Config, Checkpoint>): Promise<number | null>;
}

export const isCheckpointMark = <C>(item: SyncItem<C>): item is CheckpointMark<C> => 'checkpoint' in item;
export const isDeletion = <C>(item: SyncItem<C>): item is DeletedDocument => 'deletedKey' in item;
export const isExpectedCount = <C>(item: SyncItem<C>): item is ExpectedCount => 'expected' in item && !('key' in item);
