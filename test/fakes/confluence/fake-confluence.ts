import { randomBytes, randomUUID } from 'node:crypto';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { fetch } from 'undici';
import type { FakeItem, FakeProvider } from '#test/fakes/fake-provider.js';
import { serveOnLoopback } from '#test/fakes/loopback-server.js';
import { parsePageQuery } from '#test/fakes/confluence/fake-cql.js';

export const FAKE_CONFLUENCE_SITE = 'https://acme.atlassian.net';
export const FAKE_CONFLUENCE_SPACE = 'ENG';

const CLIENT_ID = 'fake-confluence-client';
const CLIENT_SECRET = 'fake-confluence-secret';
const PAGE_SIZE = 2;
const TOKEN_LIFETIME_S = 3_600;
const CODE_LIFETIME_MS = 10 * 60 * 1_000;
const KNOWN_SCOPES = new Set([
  'read:confluence-content.all',
  'read:confluence-content.summary',
  'read:confluence-space.summary',
  'read:confluence-props',
  'read:confluence-user',
  'search:confluence',
  'readonly:content.attachment:confluence',
  'offline_access',
  'read:me',
]);

export interface FakeAttachmentFile {
  name: string;
  mediaType: string;
  content: string;
}

/** The fake with what only Confluence has: attachments, and the requests answered. */
export interface ConfluenceFake extends FakeProvider {
  /** Attaches a file to a page (a new version when the name exists); answers the attachment's id. */
  attach(pageId: string, file: FakeAttachmentFile): string;
  /**
   * Restricts the page (and so its attachments) to other people, or lifts the restriction, without a new
   * version: the connected account no longer sees it anywhere, or sees it again as it was.
   */
  restrict(pageId: string, restricted: boolean): void;
  /** Moves the page's creation and versions, and its attachments', `ms` into the past: a page untouched since. */
  backdate(pageId: string, ms: number): void;
  /** Every API request answered, as path and query. */
  readonly requests: readonly string[];
}

interface Page {
  id: string;
  title: string;
  text: string;
  created: number;
  when: number;
  version: number;
  restricted: boolean;
}

interface StoredAttachment {
  id: string;
  pageId: string;
  name: string;
  mediaType: string;
  content: Buffer;
  when: number;
  version: number;
}

interface IssuedCode {
  redirectUri: string;
  scope: string;
  expiresAt: number;
}

class HttpAnswer extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(`answered ${status}`);
  }
}

/** Confluence Cloud's 3LO authorization server, API gateway and REST API v1, for one site with one space. */
export async function startConfluenceFake(): Promise<ConfluenceFake> {
  const cloudId = randomUUID();
  const pages = new Map<string, Page>();
  const attachments = new Map<string, StoredAttachment>();
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, number>();
  const refreshTokens = new Map<string, string>();
  /** Refresh tokens rotated out or revoked: Atlassian refuses them as `unauthorized_client`, not only as documented. */
  const deadRefreshTokens = new Set<string>();
  const requests: string[] = [];
  const counters = { refreshes: 0, apiCalls: 0, throttled: 0 };
  let pendingThrottles = 0;
  let retryAfterSeconds = 1;
  let pendingFailures = 0;
  let clientRefused = false;
  let clock = 0;
  let attachmentCount = 0;

  /** Modification times strictly increase, a second at least apart, so that minute-bounded queries and their ordering hold. */
  const tick = (): number => {
    clock = Math.max(Date.now(), clock + 1_000);
    return clock;
  };

  const issueTokens = (scope: string): Record<string, unknown> => {
    const accessToken = `cf-at-${randomBytes(16).toString('hex')}`;
    accessTokens.set(accessToken, Date.now() + TOKEN_LIFETIME_S * 1_000);
    const answer: Record<string, unknown> = { access_token: accessToken, expires_in: TOKEN_LIFETIME_S, scope, token_type: 'Bearer' };
    if (scope.split(' ').includes('offline_access')) {
      const refreshToken = `cf-rt-${randomBytes(16).toString('hex')}`;
      refreshTokens.set(refreshToken, scope);
      answer.refresh_token = refreshToken;
    }
    return answer;
  };

  const pageLinks = (page: Page): Record<string, string> => ({
    webui: `/spaces/${FAKE_CONFLUENCE_SPACE}/pages/${page.id}/${slug(page.title)}`,
    tinyui: `/x/${Buffer.from(page.id).toString('base64url')}`,
    self: `${FAKE_CONFLUENCE_SITE}/wiki/rest/api/content/${page.id}`,
  });

  const pageJson = (page: Page, expand: Set<string>): Record<string, unknown> => ({
    id: page.id,
    type: 'page',
    status: 'current',
    title: page.title,
    ...(expand.has('version') ? { version: versionJson(page.when, page.version) } : {}),
    ...(expand.has('space') ? { space: { id: 98_305, key: FAKE_CONFLUENCE_SPACE, name: 'Engineering', type: 'global', status: 'current' } } : {}),
    ...(expand.has('body.storage') ? { body: { storage: { value: storageOf(page), representation: 'storage' } } } : {}),
    _links: pageLinks(page),
    _expandable: { children: `/rest/api/content/${page.id}/child`, ancestors: '' },
  });

  const attachmentJson = (attachment: StoredAttachment, expand: Set<string>): Record<string, unknown> => {
    const page = pages.get(attachment.pageId);
    const name = encodeURIComponent(attachment.name);
    return {
      id: attachment.id,
      type: 'attachment',
      status: 'current',
      title: attachment.name,
      metadata: { mediaType: attachment.mediaType, labels: { results: [], start: 0, limit: 200, size: 0 } },
      extensions: { mediaType: attachment.mediaType, fileSize: attachment.content.byteLength, comment: '' },
      ...(expand.has('version') ? { version: versionJson(attachment.when, attachment.version) } : {}),
      _links: {
        webui: `/spaces/${FAKE_CONFLUENCE_SPACE}/pages/${attachment.pageId}/${slug(page?.title ?? '')}?preview=${encodeURIComponent(`/${attachment.pageId}/${attachment.id}/${attachment.name}`)}`,
        download: `/download/attachments/${attachment.pageId}/${name}?version=${attachment.version}&modificationDate=${attachment.when}&cacheVersion=1&api=v2`,
        self: `${FAKE_CONFLUENCE_SITE}/wiki/rest/api/content/${attachment.id}`,
      },
    };
  };

  const authorize = (url: URL, response: ServerResponse): void => {
    const params = url.searchParams;
    const redirectUri = params.get('redirect_uri') ?? '';
    const scopes = (params.get('scope') ?? '').split(' ').filter(Boolean);
    const problem =
      params.get('client_id') !== CLIENT_ID
        ? 'unknown client_id'
        : params.get('audience') !== 'api.atlassian.com'
          ? 'audience must be api.atlassian.com'
          : params.get('response_type') !== 'code'
            ? 'response_type must be code'
            : !/^https?:\/\//.test(redirectUri)
              ? 'redirect_uri must be an http(s) URL'
              : !params.get('state')
                ? 'state is required'
                : scopes.length === 0 || scopes.some((scope) => !KNOWN_SCOPES.has(scope))
                  ? `invalid scope: ${params.get('scope') ?? ''}`
                  : undefined;
    if (problem) {
      response.writeHead(400, { 'content-type': 'text/plain' }).end(`Something went wrong: ${problem}`);
      return;
    }
    const code = randomBytes(24).toString('base64url');
    codes.set(code, { redirectUri, scope: scopes.join(' '), expiresAt: Date.now() + CODE_LIFETIME_MS });
    const target = new URL(redirectUri);
    target.searchParams.set('code', code);
    target.searchParams.set('state', params.get('state') ?? '');
    response.writeHead(302, { location: target.toString() }).end();
  };

  const token = (body: Record<string, unknown>): Record<string, unknown> => {
    if (clientRefused || body.client_id !== CLIENT_ID || body.client_secret !== CLIENT_SECRET) {
      throw new HttpAnswer(401, { error: 'access_denied', error_description: 'Unauthorized' });
    }
    if (body.grant_type === 'authorization_code') {
      const issued = typeof body.code === 'string' ? codes.get(body.code) : undefined;
      if (typeof body.code === 'string') {
        codes.delete(body.code);
      }
      if (!issued || issued.expiresAt < Date.now() || issued.redirectUri !== body.redirect_uri) {
        throw new HttpAnswer(403, { error: 'invalid_grant', error_description: 'Invalid authorization code' });
      }
      return issueTokens(issued.scope);
    }
    if (body.grant_type === 'refresh_token') {
      const scope = typeof body.refresh_token === 'string' ? refreshTokens.get(body.refresh_token) : undefined;
      if (scope === undefined && deadRefreshTokens.has(body.refresh_token as string)) {
        throw new HttpAnswer(403, { error: 'unauthorized_client', error_description: 'refresh_token is invalid' });
      }
      if (scope === undefined) {
        throw new HttpAnswer(403, { error: 'invalid_grant', error_description: 'Unknown or invalid refresh token.' });
      }
      refreshTokens.delete(body.refresh_token as string);
      deadRefreshTokens.add(body.refresh_token as string);
      counters.refreshes += 1;
      return issueTokens(scope);
    }
    throw new HttpAnswer(400, { error: 'unsupported_grant_type', error_description: 'Grant type not supported' });
  };

  const search = (url: URL): Record<string, unknown> => {
    const cql = url.searchParams.get('cql') ?? '';
    const query = parsePageQuery(cql);
    if (!query) {
      throw confluenceError(400, `com.atlassian.confluence.api.service.exceptions.BadRequestException: Could not parse cql : ${cql}`);
    }
    const expand = expansions(url);
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 25) || 25, PAGE_SIZE);
    const sortValue = (page: Page): number => (query.order === 'created' ? page.created : page.when);
    const after = readCursor(url.searchParams.get('cursor'));
    const inSpace = query.spaceKeys === undefined || query.spaceKeys.includes(FAKE_CONFLUENCE_SPACE);
    const matching = [...visiblePages()]
      .filter(() => inSpace)
      .filter((page) => query.modifiedFrom === undefined || page.when >= query.modifiedFrom)
      .sort((a, b) => sortValue(a) - sortValue(b) || a.id.localeCompare(b.id))
      .filter((page) => !after || sortValue(page) > after.value || (sortValue(page) === after.value && page.id > after.id));
    const results = matching.slice(0, limit);
    const start = Number(url.searchParams.get('start') ?? 0) || 0;
    const last = results.at(-1);
    const links: Record<string, string> = { base: `${FAKE_CONFLUENCE_SITE}/wiki`, context: '/wiki', self: `${FAKE_CONFLUENCE_SITE}/wiki${url.pathname}` };
    if (last && matching.length > results.length) {
      const next = new URLSearchParams({
        next: 'true',
        cursor: Buffer.from(JSON.stringify({ value: sortValue(last), id: last.id })).toString('base64url'),
        expand: [...expand].join(','),
        limit: String(limit),
        start: String(start + results.length),
        cql,
      });
      links.next = `/rest/api/content/search?${next.toString()}`;
    }
    return { results: results.map((page) => pageJson(page, expand)), start, limit, size: results.length, _links: links };
  };

  /** Confluence answers content the account may not see as it answers content that does not exist. */
  const visiblePages = (): Page[] => [...pages.values()].filter((page) => !page.restricted);
  const isVisible = (pageId: string): boolean => pages.get(pageId)?.restricted === false;
  const noContent = (id: string): HttpAnswer =>
    confluenceError(404, `com.atlassian.confluence.api.service.exceptions.NotFoundException: No content found with id: ContentId{id=${id}}`);

  const content = (id: string, url: URL): Record<string, unknown> => {
    const page = pages.get(id);
    if (page && isVisible(id)) {
      return pageJson(page, expansions(url));
    }
    const attachment = attachments.get(id);
    if (attachment && isVisible(attachment.pageId)) {
      return attachmentJson(attachment, expansions(url));
    }
    throw noContent(id);
  };

  const childAttachments = (pageId: string, url: URL): Record<string, unknown> => {
    if (!isVisible(pageId)) {
      throw noContent(pageId);
    }
    const expand = expansions(url);
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 25) || 25, PAGE_SIZE);
    const start = Number(url.searchParams.get('start') ?? 0) || 0;
    const all = [...attachments.values()].filter((attachment) => attachment.pageId === pageId).sort((a, b) => a.id.localeCompare(b.id));
    const results = all.slice(start, start + limit);
    const links: Record<string, string> = { base: `${FAKE_CONFLUENCE_SITE}/wiki`, context: '/wiki' };
    if (start + limit < all.length) {
      const next = new URLSearchParams({ limit: String(limit), start: String(start + limit) });
      if (expand.size > 0) {
        next.set('expand', [...expand].join(','));
      }
      links.next = `/rest/api/content/${pageId}/child/attachment?${next.toString()}`;
    }
    return { results: results.map((attachment) => attachmentJson(attachment, expand)), start, limit, size: results.length, _links: links };
  };

  const download = (pageId: string, name: string, response: ServerResponse): void => {
    const attachment = [...attachments.values()].find((candidate) => candidate.pageId === pageId && candidate.name === name);
    if (!attachment || !isVisible(pageId)) {
      throw confluenceError(404, 'Attachment not found');
    }
    response.writeHead(200, { 'content-type': attachment.mediaType, 'content-length': String(attachment.content.byteLength) }).end(attachment.content);
  };

  const api = (url: URL, request: IncomingMessage, response: ServerResponse): void => {
    counters.apiCalls += 1;
    requests.push(`${url.pathname}${url.search}`);
    if (pendingThrottles > 0) {
      pendingThrottles -= 1;
      counters.throttled += 1;
      throw new HttpAnswer(429, { code: 429, message: 'Rate limit exceeded' }, { 'retry-after': String(retryAfterSeconds) });
    }
    if (pendingFailures > 0) {
      pendingFailures -= 1;
      throw new HttpAnswer(503, { code: 503, message: 'Service Unavailable' });
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const expiresAt = bearer === undefined ? undefined : accessTokens.get(bearer);
    if (expiresAt === undefined || expiresAt < Date.now()) {
      throw new HttpAnswer(401, { code: 401, message: 'Unauthorized' });
    }
    if (url.pathname === '/oauth/token/accessible-resources') {
      sendJson(response, 200, [
        {
          id: cloudId,
          url: FAKE_CONFLUENCE_SITE,
          name: 'acme',
          scopes: [...KNOWN_SCOPES],
          avatarUrl: 'https://site-admin-avatar-cdn.prod.public.atl-paas.net/avatars/240/site.png',
        },
      ]);
      return;
    }
    const wiki = new RegExp(`^/ex/confluence/${cloudId}/wiki(/.*)$`).exec(url.pathname)?.[1];
    if (wiki === undefined) {
      throw new HttpAnswer(404, { code: 404, message: 'Not Found' });
    }
    const attachmentsOf = /^\/rest\/api\/content\/([^/]+)\/child\/attachment$/.exec(wiki);
    const contentId = /^\/rest\/api\/content\/([^/]+)$/.exec(wiki)?.[1];
    const file = /^\/download\/attachments\/([^/]+)\/([^/]+)$/.exec(wiki);
    if (wiki === '/rest/api/content/search') {
      sendJson(response, 200, search(url));
    } else if (contentId) {
      sendJson(response, 200, content(decodeURIComponent(contentId), url));
    } else if (attachmentsOf?.[1]) {
      sendJson(response, 200, childAttachments(decodeURIComponent(attachmentsOf[1]), url));
    } else if (file?.[1] && file[2]) {
      download(decodeURIComponent(file[1]), decodeURIComponent(file[2]), response);
    } else {
      throw confluenceError(404, `No resource at ${wiki}`);
    }
  };

  const server = await serveOnLoopback((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      try {
        if (request.method === 'GET' && url.pathname === '/authorize') {
          authorize(url, response);
        } else if (request.method === 'POST' && url.pathname === '/oauth/token') {
          sendJson(response, 200, token(await readJsonBody(request)));
        } else if (request.method === 'GET') {
          api(url, request, response);
        } else {
          throw new HttpAnswer(405, { code: 405, message: 'Method Not Allowed' });
        }
      } catch (error) {
        if (error instanceof HttpAnswer) {
          sendJson(response, error.status, error.body, error.headers);
        } else {
          sendJson(response, 500, { code: 500, message: error instanceof Error ? error.message : String(error) });
        }
      }
    })();
  });
  const base = server.url;

  const documentUrl = (id: string): string => {
    const page = pages.get(id);
    if (!page) {
      throw new Error(`The fake holds no page ${id}`);
    }
    return `${FAKE_CONFLUENCE_SITE}/wiki${pageLinks(page).webui}`;
  };

  return {
    type: 'confluence',
    environment: {
      CONFLUENCE_CLIENT_ID: CLIENT_ID,
      CONFLUENCE_CLIENT_SECRET: CLIENT_SECRET,
      CONFLUENCE_AUTHORIZE_URL: `${base}/authorize`,
      CONFLUENCE_TOKEN_URL: `${base}/oauth/token`,
      CONFLUENCE_API_URL: base,
    },
    sourceConfig: { site_url: FAKE_CONFLUENCE_SITE, space_keys: [FAKE_CONFLUENCE_SPACE] },
    async approve(authorizeUrl) {
      const response = await fetch(authorizeUrl, { redirect: 'manual' });
      const location = response.headers.get('location');
      if (response.status !== 302 || !location) {
        throw new Error(`The fake's consent page refused the authorization: ${response.status} ${await response.text()}`);
      }
      return location;
    },
    deny(authorizeUrl) {
      const params = new URL(authorizeUrl).searchParams;
      const target = new URL(params.get('redirect_uri') ?? '');
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'User did not authorize the request');
      target.searchParams.set('state', params.get('state') ?? '');
      return target.toString();
    },
    grant() {
      const tokens = issueTokens([...KNOWN_SCOPES].join(' '));
      return { accessToken: tokens.access_token as string, refreshToken: tokens.refresh_token as string };
    },
    put(item: FakeItem) {
      const existing = pages.get(item.id);
      const when = tick();
      pages.set(item.id, {
        id: item.id,
        title: item.title,
        text: item.text,
        created: existing?.created ?? when,
        when,
        version: (existing?.version ?? 0) + 1,
        restricted: existing?.restricted ?? false,
      });
    },
    restrict(pageId, restricted) {
      const page = pages.get(pageId);
      if (!page) {
        throw new Error(`The fake holds no page ${pageId}`);
      }
      page.restricted = restricted;
    },
    backdate(pageId, ms) {
      const page = pages.get(pageId);
      if (!page) {
        throw new Error(`The fake holds no page ${pageId}`);
      }
      page.created -= ms;
      page.when -= ms;
      for (const attachment of attachments.values()) {
        if (attachment.pageId === pageId) {
          attachment.when -= ms;
        }
      }
    },
    remove(id) {
      pages.delete(id);
      for (const [attachmentId, attachment] of attachments) {
        if (attachment.pageId === id) {
          attachments.delete(attachmentId);
        }
      }
    },
    attach(pageId, file) {
      if (!pages.has(pageId)) {
        throw new Error(`The fake holds no page ${pageId}`);
      }
      const existing = [...attachments.values()].find((attachment) => attachment.pageId === pageId && attachment.name === file.name);
      attachmentCount += existing ? 0 : 1;
      const id = existing?.id ?? `att${1_000 + attachmentCount}`;
      attachments.set(id, {
        id,
        pageId,
        name: file.name,
        mediaType: file.mediaType,
        content: Buffer.from(file.content),
        when: tick(),
        version: (existing?.version ?? 0) + 1,
      });
      return id;
    },
    documentUrl,
    revokeGrants() {
      refreshTokens.forEach((_scope, refreshToken) => deadRefreshTokens.add(refreshToken));
      refreshTokens.clear();
    },
    expireAccessTokens() {
      accessTokens.clear();
    },
    refuseClient(refused) {
      clientRefused = refused;
    },
    answerTokenRequests(answer) {
      server.intercept('/oauth/token', answer);
    },
    throttle(count, seconds) {
      pendingThrottles = count;
      retryAfterSeconds = seconds;
    },
    fail(count) {
      pendingFailures = count;
    },
    revokedTokens: [],
    get refreshes() {
      return counters.refreshes;
    },
    get apiCalls() {
      return counters.apiCalls;
    },
    get throttled() {
      return counters.throttled;
    },
    requests,
    slowDown: server.slowDown,
    close: server.close,
  };
}

/** A page's body in storage format: a heading and a paragraph. */
function storageOf(page: Page): string {
  return `<h2>Overview</h2><p>${escapeXml(page.text)}</p>`;
}

function versionJson(when: number, number: number): Record<string, unknown> {
  return {
    by: { type: 'known', accountId: '5b10ac8d82e05b22cc7d4ef5', displayName: 'Ada Lovelace' },
    when: new Date(when).toISOString(),
    friendlyWhen: 'just a moment ago',
    number,
    minorEdit: false,
  };
}

/** Confluence's own error body (the API gateway's are `{code, message}`). */
function confluenceError(status: number, message: string): HttpAnswer {
  return new HttpAnswer(status, { statusCode: status, data: { authorized: status !== 403, valid: true, errors: [], successful: false }, message });
}

function expansions(url: URL): Set<string> {
  return new Set((url.searchParams.get('expand') ?? '').split(',').filter(Boolean));
}

function readCursor(cursor: string | null): { value: number; id: string } | undefined {
  if (!cursor) {
    return undefined;
  }
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { value?: unknown; id?: unknown };
    if (typeof parsed.value === 'number' && typeof parsed.id === 'string') {
      return { value: parsed.value, id: parsed.id };
    }
  } catch {
    // refused below, as Confluence refuses a cursor it did not issue
  }
  throw confluenceError(400, 'com.atlassian.confluence.api.service.exceptions.BadRequestException: Invalid cursor');
}

function slug(title: string): string {
  return encodeURIComponent(title).replace(/%20/g, '+');
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

async function readJsonBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    chunks.push(chunk as Buffer);
  }
  if (!(request.headers['content-type'] ?? '').startsWith('application/json')) {
    throw new HttpAnswer(415, { error: 'invalid_request', error_description: 'Content-Type must be application/json' });
  }
  try {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
      return body as Record<string, unknown>;
    }
  } catch {
    // answered below
  }
  throw new HttpAnswer(400, { error: 'invalid_request', error_description: 'The body is not a JSON object' });
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', ...headers }).end(JSON.stringify(body));
}
