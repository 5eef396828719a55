import { type IncomingMessage, type ServerResponse } from 'node:http';
import { fetch } from 'undici';
import type { FakeItem, FakeProvider } from '#test/fakes/fake-provider.js';
import { serveOnLoopback } from '#test/fakes/loopback-server.js';
import { FakeSlackTokens, GRANTED_SCOPES, type IssuedTokens } from '#test/fakes/slack/fake-slack-tokens.js';
import {
  BOT_USER_ID,
  channelObject,
  compareTs,
  ENGINEERING,
  initialChannels,
  TEAM,
  USERS,
  userObject,
  type FakeChannel,
  type FakeMessage,
} from '#test/fakes/slack/fake-slack-workspace.js';

export { ENGINEERING } from '#test/fakes/slack/fake-slack-workspace.js';

export const SLACK_CLIENT_ID = '1234567890.0987654321';
const CLIENT_SECRET = 'fake-slack-client-secret';
/** Small pages, so that every cursor is followed. */
const PAGE_SIZE = 2;
const DAY_SECONDS = 86_400;
/** Items go on the days before today, one each, oldest first. */
const ITEM_DAYS = 6;
const ITEM_AUTHOR = 'U0ADA';
const KNOWN_SCOPES = new Set([...GRANTED_SCOPES, 'groups:read', 'groups:history', 'channels:join', 'chat:write', 'team:read']);

/** The scope each Web API method needs, as Slack's `missing_scope` answer names it. */
const METHOD_SCOPES: Record<string, string | undefined> = {
  'auth.test': undefined,
  'auth.revoke': undefined,
  'conversations.list': 'channels:read',
  'conversations.info': 'channels:read',
  'conversations.history': 'channels:history',
  'conversations.replies': 'channels:history',
  'users.info': 'users:read',
};

export interface FakeThread {
  id: string;
  author: string;
  text: string;
  replies: { author: string; text: string }[];
  daysAgo: number;
}

/** A Slack workspace: #engineering's messages are the items, threads are added by `putThread`. */
export interface SlackFake extends FakeProvider {
  /** A thread in #engineering (a parent and its replies) started `daysAgo` days ago. */
  putThread(thread: FakeThread): void;
  /** A new reply to a thread, posted now. */
  reply(threadId: string, author: string, text: string): void;
  /** The message's ts, by item or thread id. */
  messageTs(id: string): string;
  /** API calls refused for their token (invalid_auth, token_expired, token_revoked). */
  readonly refusedTokens: number;
}

type Params = Record<string, string>;
type SlackAnswer = { status?: number; headers?: Record<string, string>; body: Record<string, unknown> };

const encodeCursor = (ts: string): string => Buffer.from(`next_ts:${ts}`).toString('base64');
const decodeCursor = (cursor: string): string | undefined => /^next_ts:(\d+\.\d+)$/.exec(Buffer.from(cursor, 'base64').toString('utf8'))?.[1];

export async function startSlackFake(): Promise<SlackFake> {
  const tokens = new FakeSlackTokens();
  const channels: FakeChannel[] = initialChannels();
  const messages = new Map<string, FakeMessage[]>(channels.map((channel) => [channel.id, []]));
  const replies = new Map<string, FakeMessage[]>();
  const itemTs = new Map<string, string>();
  const today = Math.floor(Date.now() / 1_000 / DAY_SECONDS) * DAY_SECONDS;
  let clock = Math.floor(Date.now() / 1_000) - 1;
  let sequence = 0;
  let slots = 0;
  let throttleLeft = 0;
  let throttleSeconds = 1;
  let failLeft = 0;
  let clientRefused = false;
  const stats = { apiCalls: 0, throttled: 0, refusedTokens: 0 };

  const stamp = (seconds: number): string => `${seconds}.${String(++sequence).padStart(6, '0')}`;
  const tick = (): string => {
    clock = Math.max(clock + 1, Math.floor(Date.now() / 1_000));
    return stamp(clock);
  };
  const engineering = (): FakeMessage[] => messages.get(ENGINEERING) ?? [];
  const findMessage = (channelId: string, ts: string): FakeMessage | undefined => messages.get(channelId)?.find((message) => message.ts === ts);

  const server = await serveOnLoopback((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    });
  });
  const base = server.url;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', base);
    if (url.pathname === '/oauth/v2/authorize' && request.method === 'GET') {
      return authorize(url.searchParams, response);
    }
    const method = /^\/api\/([\w.]+)$/.exec(url.pathname)?.[1];
    if (method === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const params: Params = { ...Object.fromEntries(url.searchParams), ...(await readBody(request)) };
    const answer = method === 'oauth.v2.access' ? tokenEndpoint(request, params) : apiCall(method, request, params);
    response.writeHead(answer.status ?? 200, { 'content-type': 'application/json; charset=utf-8', ...answer.headers }).end(JSON.stringify(answer.body));
  }

  function authorize(query: URLSearchParams, response: ServerResponse): void {
    const refuse = (message: string): void => {
      response.writeHead(400, { 'content-type': 'text/html' }).end(`<html><body><h1>Oops, something went wrong</h1><p>${message}</p></body></html>`);
    };
    const redirectUri = query.get('redirect_uri') ?? '';
    const scopes = (query.get('scope') ?? '').split(',').filter((scope) => scope !== '');
    if (query.get('client_id') !== SLACK_CLIENT_ID) {
      return refuse('invalid_client_id');
    }
    if (!/^https?:\/\//.test(redirectUri)) {
      return refuse('bad_redirect_uri');
    }
    if (!['code', null].includes(query.get('response_type'))) {
      return refuse('invalid_response_type');
    }
    if (scopes.length === 0 || scopes.some((scope) => !KNOWN_SCOPES.has(scope)) || query.get('scope')?.includes(' ')) {
      return refuse('invalid_scope');
    }
    const state = query.get('state');
    if (!state) {
      return refuse('missing_state');
    }
    const target = new URL(redirectUri);
    target.searchParams.set('code', tokens.issueCode(redirectUri, scopes));
    target.searchParams.set('state', state);
    response.writeHead(302, { location: target.toString() }).end();
  }

  function tokenEndpoint(request: IncomingMessage, params: Params): SlackAnswer {
    const basic = /^Basic\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const [clientId, clientSecret] = basic === undefined ? [params.client_id, params.client_secret] : Buffer.from(basic, 'base64').toString('utf8').split(':');
    if (clientId !== SLACK_CLIENT_ID) {
      return { body: { ok: false, error: 'invalid_client_id' } };
    }
    if (clientRefused || clientSecret !== CLIENT_SECRET) {
      return { body: { ok: false, error: 'bad_client_secret' } };
    }
    const grantType = params.grant_type ?? (params.code === undefined ? undefined : 'authorization_code');
    let issued: IssuedTokens | string;
    if (grantType === 'authorization_code' && params.code !== undefined) {
      issued = tokens.exchangeCode(params.code, params.redirect_uri);
    } else if (grantType === 'refresh_token' && params.refresh_token !== undefined) {
      issued = tokens.exchangeRefreshToken(params.refresh_token);
    } else {
      issued = grantType === undefined ? 'invalid_arguments' : 'invalid_grant_type';
    }
    if (typeof issued === 'string') {
      return { body: { ok: false, error: issued } };
    }
    return { body: tokenAnswer(issued) };
  }

  function tokenAnswer(issued: IssuedTokens): Record<string, unknown> {
    return {
      ok: true,
      app_id: 'A0KNOWLEDGE',
      authed_user: { id: 'U0ADA' },
      scope: issued.scopes.join(','),
      token_type: 'bot',
      access_token: issued.accessToken,
      bot_user_id: BOT_USER_ID,
      refresh_token: issued.refreshToken,
      expires_in: 3_600,
      team: { id: TEAM.id, name: TEAM.name },
      enterprise: null,
      is_enterprise_install: false,
    };
  }

  function apiCall(method: string, request: IncomingMessage, params: Params): SlackAnswer {
    stats.apiCalls += 1;
    if (throttleLeft > 0) {
      throttleLeft -= 1;
      stats.throttled += 1;
      return { status: 429, headers: { 'retry-after': String(throttleSeconds) }, body: { ok: false, error: 'ratelimited' } };
    }
    if (failLeft > 0) {
      failLeft -= 1;
      return { status: 503, body: { ok: false, error: 'service_unavailable' } };
    }
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? params.token;
    const check = tokens.check(token);
    if (!check.ok) {
      stats.refusedTokens += 1;
      return { body: { ok: false, error: check.error } };
    }
    if (!(method in METHOD_SCOPES)) {
      return { body: { ok: false, error: 'unknown_method' } };
    }
    const needed = METHOD_SCOPES[method];
    if (needed !== undefined && !check.scopes.includes(needed)) {
      return { body: { ok: false, error: 'missing_scope', needed, provided: check.scopes.join(',') } };
    }
    return { body: answer(method, params, token ?? '') };
  }

  function answer(method: string, params: Params, token: string): Record<string, unknown> {
    switch (method) {
      case 'auth.test':
        return {
          ok: true,
          url: TEAM.url,
          team: TEAM.name,
          user: 'knowledge-bot',
          team_id: TEAM.id,
          user_id: BOT_USER_ID,
          bot_id: 'B0BOT',
          is_enterprise_install: false,
        };
      case 'auth.revoke':
        if (params.test !== 'true' && params.test !== '1') {
          tokens.revoke(token);
        }
        return { ok: true, revoked: params.test !== 'true' && params.test !== '1' };
      case 'conversations.list':
        return conversationsList(params);
      case 'conversations.info': {
        const channel = channels.find((candidate) => candidate.id === params.channel);
        return channel === undefined ? { ok: false, error: 'channel_not_found' } : { ok: true, channel: channelObject(channel) };
      }
      case 'conversations.history':
        return history(params);
      case 'conversations.replies':
        return threadReplies(params);
      default: {
        const user = USERS.find((candidate) => candidate.id === params.user);
        return user === undefined ? { ok: false, error: 'user_not_found' } : { ok: true, user: userObject(user) };
      }
    }
  }

  function conversationsList(params: Params): Record<string, unknown> {
    const types = (params.types ?? 'public_channel').split(',');
    const listed = channels.filter((channel) => types.includes('public_channel') && !(params.exclude_archived === 'true' && channel.is_archived));
    const start = params.cursor
      ? listed.findIndex(
          (channel) =>
            channel.id ===
            Buffer.from(params.cursor ?? '', 'base64')
              .toString('utf8')
              .slice('team:'.length),
        )
      : 0;
    if (start < 0) {
      return { ok: false, error: 'invalid_cursor' };
    }
    const page = listed.slice(start, start + Math.min(PAGE_SIZE, Number(params.limit ?? 100)));
    const next = listed[start + page.length];
    return {
      ok: true,
      channels: page.map(channelObject),
      response_metadata: { next_cursor: next === undefined ? '' : Buffer.from(`team:${next.id}`).toString('base64') },
    };
  }

  function history(params: Params): Record<string, unknown> {
    const channel = channels.find((candidate) => candidate.id === params.channel);
    if (channel === undefined) {
      return { ok: false, error: 'channel_not_found' };
    }
    if (!channel.is_member) {
      return { ok: false, error: 'not_in_channel' };
    }
    const inclusive = params.inclusive === 'true' || params.inclusive === '1';
    const after = (ts: string, bound: string | undefined): boolean =>
      bound === undefined || compareTs(ts, bound) > 0 || (inclusive && compareTs(ts, bound) === 0);
    const before = (ts: string, bound: string | undefined): boolean =>
      bound === undefined || compareTs(ts, bound) < 0 || (inclusive && compareTs(ts, bound) === 0);
    const from = params.cursor ? decodeCursor(params.cursor) : undefined;
    if (params.cursor && from === undefined) {
      return { ok: false, error: 'invalid_cursor' };
    }
    const matching = [...(messages.get(channel.id) ?? [])]
      .filter((message) => after(message.ts, params.oldest) && before(message.ts, params.latest))
      .filter((message) => from === undefined || compareTs(message.ts, from) <= 0)
      .sort((a, b) => compareTs(b.ts, a.ts));
    const page = matching.slice(0, Math.min(PAGE_SIZE, Number(params.limit ?? 100)));
    const next = matching[page.length];
    return {
      ok: true,
      messages: page,
      has_more: next !== undefined,
      pin_count: 0,
      channel_actions_ts: null,
      channel_actions_count: 0,
      ...(next === undefined ? {} : { response_metadata: { next_cursor: encodeCursor(next.ts) } }),
    };
  }

  function threadReplies(params: Params): Record<string, unknown> {
    if (!channels.some((channel) => channel.id === params.channel)) {
      return { ok: false, error: 'channel_not_found' };
    }
    const parent = params.ts === undefined ? undefined : findMessage(params.channel ?? '', params.ts);
    if (parent === undefined) {
      return { ok: false, error: 'thread_not_found' };
    }
    const from = params.cursor ? decodeCursor(params.cursor) : undefined;
    const thread = [parent, ...(replies.get(parent.ts) ?? [])].filter((message) => from === undefined || compareTs(message.ts, from) >= 0);
    const page = thread.slice(0, Math.min(PAGE_SIZE, Number(params.limit ?? 100)));
    const next = thread[page.length];
    return {
      ok: true,
      messages: page,
      has_more: next !== undefined,
      ...(next === undefined ? {} : { response_metadata: { next_cursor: encodeCursor(next.ts) } }),
    };
  }

  async function readBody(request: IncomingMessage): Promise<Params> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) {
      chunks.push(chunk as Buffer);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    if (text === '') {
      return {};
    }
    if ((request.headers['content-type'] ?? '').includes('application/json')) {
      const parsed = JSON.parse(text) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(parsed).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]));
    }
    return Object.fromEntries(new URLSearchParams(text));
  }

  /** A new item's message goes on its own day among the last ITEM_DAYS, at noon (UTC). */
  const slotTs = (): string => {
    const slot = slots++;
    const daysAgo = ITEM_DAYS - (slot % ITEM_DAYS);
    return stamp(today - daysAgo * DAY_SECONDS + 12 * 3_600 + Math.floor(slot / ITEM_DAYS) * 60);
  };

  const itemText = (item: FakeItem): string => `*${item.title}*\n${item.text}`;

  const fake: SlackFake = {
    type: 'slack',
    environment: {
      SLACK_CLIENT_ID: SLACK_CLIENT_ID,
      SLACK_CLIENT_SECRET: CLIENT_SECRET,
      SLACK_AUTHORIZE_URL: `${base}/oauth/v2/authorize`,
      SLACK_TOKEN_URL: `${base}/api/oauth.v2.access`,
      SLACK_REVOKE_URL: `${base}/api/auth.revoke`,
      SLACK_API_URL: `${base}/api`,
    },
    sourceConfig: { channel_ids: [ENGINEERING] },
    async approve(authorizeUrl) {
      const response = await fetch(authorizeUrl, { redirect: 'manual' });
      const location = response.headers.get('location');
      if (response.status !== 302 || location === null) {
        throw new Error(`the Slack fake refused the authorization: ${response.status} ${await response.text()}`);
      }
      return location;
    },
    deny(authorizeUrl) {
      const query = new URL(authorizeUrl).searchParams;
      const target = new URL(query.get('redirect_uri') ?? '');
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('state', query.get('state') ?? '');
      return target.toString();
    },
    grant() {
      const { accessToken, refreshToken } = tokens.issue();
      return { accessToken, refreshToken };
    },
    put(item) {
      const existing = itemTs.get(item.id);
      const message = existing === undefined ? undefined : findMessage(ENGINEERING, existing);
      if (message !== undefined) {
        message.text = itemText(item);
        message.edited = { user: message.user, ts: tick() };
        return;
      }
      tick();
      const ts = slotTs();
      itemTs.set(item.id, ts);
      engineering().push({ type: 'message', ts, user: ITEM_AUTHOR, text: itemText(item) });
    },
    putThread(thread) {
      tick();
      const ts = stamp(today - thread.daysAgo * DAY_SECONDS + 15 * 3_600);
      const threadReplies = thread.replies.map((reply, index): FakeMessage => ({
        type: 'message',
        ts: stamp(Number(ts.split('.')[0]) + (index + 1) * 60),
        user: reply.author,
        text: reply.text,
        thread_ts: ts,
        parent_user_id: thread.author,
      }));
      itemTs.set(thread.id, ts);
      replies.set(ts, threadReplies);
      engineering().push({ type: 'message', ts, user: thread.author, text: thread.text, thread_ts: ts, ...replyFields(threadReplies) });
    },
    reply(threadId, author, text) {
      const parent = findMessage(ENGINEERING, fake.messageTs(threadId));
      if (parent === undefined) {
        throw new Error(`no thread ${threadId}`);
      }
      const threadReplies = replies.get(parent.ts) ?? [];
      threadReplies.push({ type: 'message', ts: tick(), user: author, text, thread_ts: parent.ts, parent_user_id: parent.user });
      replies.set(parent.ts, threadReplies);
      Object.assign(parent, replyFields(threadReplies));
    },
    messageTs(id) {
      const ts = itemTs.get(id);
      if (ts === undefined) {
        throw new Error(`no message for ${id}`);
      }
      return ts;
    },
    remove(id) {
      const ts = itemTs.get(id);
      itemTs.delete(id);
      messages.set(
        ENGINEERING,
        engineering().filter((message) => message.ts !== ts),
      );
      if (ts !== undefined) {
        replies.delete(ts);
      }
    },
    documentUrl(id) {
      return `${TEAM.url}archives/${ENGINEERING}/p${fake.messageTs(id).replace('.', '')}`;
    },
    revokeGrants: () => tokens.revokeRefreshTokens(),
    expireAccessTokens: () => tokens.expireAll(),
    refuseClient(refused) {
      clientRefused = refused;
    },
    answerTokenRequests: (answer) => server.intercept('/api/oauth.v2.access', answer),
    throttle(count, retryAfterSeconds) {
      throttleLeft = count;
      throttleSeconds = retryAfterSeconds;
    },
    fail(count) {
      failLeft = count;
    },
    get revokedTokens() {
      return tokens.revoked;
    },
    get refreshes() {
      return tokens.refreshes;
    },
    get apiCalls() {
      return stats.apiCalls;
    },
    get throttled() {
      return stats.throttled;
    },
    get refusedTokens() {
      return stats.refusedTokens;
    },
    slowDown: server.slowDown,
    close: server.close,
  };
  return fake;
}

function replyFields(threadReplies: readonly FakeMessage[]): Partial<FakeMessage> {
  const users = [...new Set(threadReplies.map((reply) => reply.user))];
  const latest = threadReplies.at(-1)?.ts;
  return { reply_count: threadReplies.length, reply_users: users, reply_users_count: users.length, ...(latest === undefined ? {} : { latest_reply: latest }) };
}
