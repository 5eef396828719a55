import { isDeletion, type Connector, type ConnectorContext, type ListedDocument, type SyncItem } from '#src/modules/connectors/connector.js';

/** Providers' clocks and ours differ a little: an item changed just before the last sync ended may be read again. */
const CHANGE_CLOCK_SKEW_MS = 5 * 60_000;

/** The listed keys of which no document is held here, neither indexed nor failed. */
export function unheldKeys(listing: readonly ListedDocument[], held: ReadonlySet<string>): Set<string> {
  return new Set(listing.map((listed) => listed.key).filter((key) => !held.has(key)));
}

/**
 * What an incremental pass will read: the listed documents changed since the last successful sync (all of
 * them on a first sync, or when the listing does not tell when they changed), and those not held here.
 */
export function expectedFromListing(listing: readonly ListedDocument[], lastSyncedAt: Date | null, unheld: ReadonlySet<string>): number {
  if (!lastSyncedAt) {
    return listing.length;
  }
  const changedFrom = lastSyncedAt.getTime() - CHANGE_CLOCK_SKEW_MS;
  return listing.filter((listed) => !listed.changedAt || listed.changedAt.getTime() >= changedFrom || unheld.has(listed.key)).length;
}

/**
 * The connector's changes, then the documents of the `unheld` keys the changes did not yield, read by key:
 * a document can come into the source without changing (a file moved into a synced folder or restored from
 * the trash, a page whose restrictions were lifted), and a pass of what changed never yields it.
 */
export async function* changesThenUnheld<C>(
  connector: Connector<object, C>,
  context: ConnectorContext<object, C>,
  unheld: Set<string>,
): AsyncGenerator<SyncItem<C>> {
  for await (const item of connector.changes(context)) {
    if ('key' in item) {
      unheld.delete(item.key);
    } else if (isDeletion(item)) {
      unheld.delete(item.deletedKey);
    }
    yield item;
  }
  if (unheld.size > 0 && connector.fetchDocuments) {
    yield* connector.fetchDocuments(context, [...unheld]);
  }
}
