import { isConnector, isSyncing, type SourceType } from '@/pages/data-sources/source-status';

/**
 * Where a connector source stands with its provider: `awaiting` its first consent, `connected` (syncing or
 * not, a failed sync included), `refused` when the provider no longer accepts its tokens, `disconnected` here.
 */
export type Connection = 'awaiting' | 'connected' | 'refused' | 'disconnected';

/** The connection of a connector source from its status (the live one when known); undefined for websites and files. */
export function connectionOf(type: SourceType, status: string): Connection | undefined {
  if (!isConnector(type)) {
    return undefined;
  }
  switch (status) {
    case 'pending':
      return 'awaiting';
    case 'Connection failed':
      return 'refused';
    case 'Disconnected':
      return 'disconnected';
    default:
      return 'connected';
  }
}

/** A connector source is `pending` until its first consent, with no sync queued. */
export function awaitsConsent(type: SourceType | undefined, status: string | undefined): boolean {
  return type !== undefined && status !== undefined && connectionOf(type, status) === 'awaiting';
}

/** Queued or running, so worth watching; `type` unknown while the source loads. */
export function sourceSyncing(type: SourceType | undefined, status: string | undefined): boolean {
  return isSyncing(status) && !awaitsConsent(type, status);
}

/** The API refuses a sync (409) of a connector source without a connection. */
export function canSync(type: SourceType, status: string): boolean {
  const connection = connectionOf(type, status);
  return connection === undefined || connection === 'connected';
}

/** The link that sends a person to the provider's consent page: none once connected. */
export function connectLabel(connection: Connection): string | undefined {
  switch (connection) {
    case 'awaiting':
      return 'Connect';
    case 'refused':
    case 'disconnected':
      return 'Reconnect';
    case 'connected':
      return undefined;
  }
}

/** One sentence on where the connection stands and what comes next. */
export function connectionSentence(connection: Connection, provider: string): string {
  switch (connection) {
    case 'awaiting':
      return `Not connected yet: nothing is read from ${provider} until someone grants access there. The first sync starts once they do.`;
    case 'connected':
      return `Connected to ${provider}: syncs read from it with the access granted.`;
    case 'refused':
      return `${provider} no longer accepts the access granted (it was revoked or has expired there). Reconnect to grant it again; syncs wait until then.`;
    case 'disconnected':
      return `Disconnected from ${provider}: nothing more is read from it. The documents already indexed stay searchable until the source is deleted.`;
  }
}
