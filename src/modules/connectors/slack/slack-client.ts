import type { FetchFunction, Logger, WebClient } from '@slack/web-api';
import { LazyLibrary } from '#src/common/lazy/lazy-library.js';
import type { ProviderSession } from '#src/modules/connectors/provider/provider-session.js';

/** A message as this connector reads it from conversations.history or conversations.replies. */
export interface SlackMessage {
  ts: string;
  text: string;
  user?: string;
  /** A bot or integration's display name, for messages without a user. */
  username?: string;
  subtype?: string;
  threadTs?: string;
  replyCount: number;
  latestReply?: string;
  editedTs?: string;
  fileNames: string[];
}

export interface SlackChannel {
  id: string;
  name: string;
  isMember: boolean;
  isArchived: boolean;
}

export interface SlackPage<T> {
  items: T[];
  /** Absent on the last page. */
  nextCursor?: string;
}

export interface HistoryRange {
  /** Exclusive lower bound (a message ts). */
  oldest?: string;
  /** Exclusive upper bound (a message ts). */
  latest?: string;
}

export const slackSdk = new LazyLibrary(() => import('@slack/web-api'));

const PAGE_SIZE = 200;

/**
 * The Web API methods the connector calls, through the official SDK with its own retries and rate-limit
 * waits turned off: the session retries, renews the token and shares throttling waits across workers.
 */
export class SlackClient {
  constructor(
    private readonly provider: ProviderSession,
    private readonly apiUrl: string,
  ) {}

  /** The workspace's base URL (`https://acme.slack.com/`), which permalinks start from. */
  async workspaceUrl(): Promise<string> {
    const result = await this.call((client) => client.auth.test());
    const url = result.url ?? '';
    return url.endsWith('/') ? url : `${url}/`;
  }

  async publicChannels(cursor: string | undefined): Promise<SlackPage<SlackChannel>> {
    const result = await this.call((client) =>
      client.conversations.list({ types: 'public_channel', exclude_archived: true, limit: PAGE_SIZE, cursor: cursor || undefined }),
    );
    const items = (result.channels ?? []).flatMap((channel) =>
      channel.id === undefined
        ? []
        : [{ id: channel.id, name: channel.name ?? channel.id, isMember: channel.is_member === true, isArchived: channel.is_archived === true }],
    );
    return { items, nextCursor: nextCursor(result.response_metadata) };
  }

  async channel(channelId: string): Promise<SlackChannel> {
    const result = await this.call((client) => client.conversations.info({ channel: channelId }));
    const channel = result.channel ?? {};
    return { id: channelId, name: channel.name ?? channelId, isMember: channel.is_member === true, isArchived: channel.is_archived === true };
  }

  /** One page of a channel's top-level messages, newest first. */
  async history(channelId: string, range: HistoryRange, cursor: string | undefined): Promise<SlackPage<SlackMessage>> {
    const result = await this.call((client) =>
      client.conversations.history({ channel: channelId, oldest: range.oldest, latest: range.latest, inclusive: false, limit: PAGE_SIZE, cursor }),
    );
    return { items: (result.messages ?? []).flatMap(toMessage), nextCursor: result.has_more === true ? nextCursor(result.response_metadata) : undefined };
  }

  /** One page of a thread: its parent first, then the replies, oldest first. */
  async replies(channelId: string, threadTs: string, cursor: string | undefined): Promise<SlackPage<SlackMessage>> {
    const result = await this.call((client) => client.conversations.replies({ channel: channelId, ts: threadTs, limit: PAGE_SIZE, cursor }));
    return { items: (result.messages ?? []).flatMap(toMessage), nextCursor: result.has_more === true ? nextCursor(result.response_metadata) : undefined };
  }

  /** The name people know a user by: the display name, else the full name, else the handle. */
  async userName(userId: string): Promise<string> {
    const result = await this.call((client) => client.users.info({ user: userId }));
    const user = result.user;
    return user?.profile?.display_name || user?.profile?.real_name || user?.real_name || user?.name || userId;
  }

  private async call<T>(operation: (client: WebClient) => Promise<T>): Promise<T> {
    const sdk = await slackSdk.load();
    return this.provider.call((token, signal) => operation(this.client(sdk, token, signal)));
  }

  private client(sdk: typeof import('@slack/web-api'), token: string, signal: AbortSignal): WebClient {
    const fetchWithSignal: FetchFunction = (url, init) =>
      globalThis.fetch(url, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal });
    const silent: Logger = {
      debug: () => undefined,
      info: () => undefined,
      warn: () => undefined,
      error: () => undefined,
      setLevel: () => undefined,
      getLevel: () => sdk.LogLevel.ERROR,
      setName: () => undefined,
    };
    return new sdk.WebClient(token, {
      slackApiUrl: `${this.apiUrl}/`,
      retryConfig: { retries: 0 },
      rejectRateLimitedCalls: true,
      logger: silent,
      fetch: fetchWithSignal,
    });
  }
}

interface RawMessage {
  ts?: string;
  text?: string;
  user?: string;
  username?: string;
  subtype?: string;
  thread_ts?: string;
  reply_count?: number;
  latest_reply?: string;
  edited?: { ts?: string };
  files?: { name?: string; title?: string }[];
  bot_profile?: { name?: string };
}

function toMessage(raw: RawMessage): SlackMessage[] {
  if (raw.ts === undefined) {
    return [];
  }
  return [
    {
      ts: raw.ts,
      text: raw.text ?? '',
      user: raw.user,
      username: raw.username ?? raw.bot_profile?.name,
      subtype: raw.subtype,
      threadTs: raw.thread_ts,
      replyCount: raw.reply_count ?? 0,
      latestReply: raw.latest_reply,
      editedTs: raw.edited?.ts,
      fileNames: (raw.files ?? []).flatMap((file) => ((file.title ?? file.name) ? [file.title ?? file.name ?? ''] : [])),
    },
  ];
}

function nextCursor(metadata: { next_cursor?: string } | undefined): string | undefined {
  return metadata?.next_cursor || undefined;
}
