import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { fetch } from 'undici';
import type { FakeItem, FakeProvider } from '#test/fakes/fake-provider.js';
import { serveOnLoopback } from '#test/fakes/loopback-server.js';

const CLIENT_ID = 'c4b3a0f2-7d1e-4e55-9a0b-5f2f8c1d2e3a';
const CLIENT_SECRET = 'fake~sharepoint~client~secret';
const REQUIRED_SCOPES = ['offline_access', 'sites.read.all', 'files.read.all'];
const GRANTED_SCOPE = 'https://graph.microsoft.com/Files.Read.All https://graph.microsoft.com/Sites.Read.All';
const TOKEN_LIFETIME_S = 3_600;
const PAGE_SIZE = 2;

const HOSTNAME = 'contoso.sharepoint.com';
const SITE_PATH = '/sites/eng';
const SITE_URL = `https://${HOSTNAME}${SITE_PATH}`;
const SITE_ID = `${HOSTNAME},5a58bb09-1fba-41c1-8125-69da264370a0,9f2ec1da-0be4-4a74-9254-973f0add78fd`;
const DRIVE_ID = 'b!CbtYWrofwUGBJWnaJkNwoNrBLp_kC3RKklSXPwrdeP3yH8_qmH9xT5Y6RODPNfYu';
const LIBRARY_URL = `${SITE_URL}/Shared%20Documents`;
const ROOT_ID = '01BYE5RZ56Y2GOVW7725BZO354PWSELRRZ';

/** Items put without one of these extensions are Markdown files named after their title. */
export const fileName = (title: string): string => (/\.(md|txt|vsdx|png)$/i.test(title) ? title : `${title}.md`);

interface StoredItem {
  id: string;
  name: string;
  text: string;
  created: string;
  modified: string;
  /** Position in the drive's change log: a delta token reads the entries after one. */
  seq: number;
  deleted: boolean;
}

interface DeltaToken {
  after: number;
  /** An enumeration from scratch: the current state, deletions left out. */
  full: boolean;
  epoch: number;
  select?: string;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  scope: string;
}

/** The fake with what only a SharePoint spec needs besides the shared interface. */
export interface SharePointFake extends FakeProvider {
  readonly siteUrl: string;
  readonly driveId: string;
  /** Every delta token issued so far is answered 410 `resyncRequired`, as after a long disconnection. */
  expireDeltaTokens(): void;
  /**
   * Refresh tokens are answered `interaction_required` (AADSTS50076), as once a conditional access policy asks
   * the person for multi-factor authentication; their grants stay otherwise valid.
   */
  requireInteraction(): void;
  /** 410 answers sent. */
  readonly resyncs: number;
  /** 401 answers sent to API calls. */
  readonly unauthorized: number;
}

class GraphFake {
  readonly items = new Map<string, StoredItem>();
  readonly accessTokens = new Map<string, number>();
  refreshTokens = new Set<string>();
  readonly codes = new Map<string, PendingCode>();
  readonly downloads = new Map<string, string>();
  readonly revokedTokens: string[] = [];
  seq = 0;
  epoch = 1;
  clock = Date.now();
  refreshes = 0;
  apiCalls = 0;
  throttled = 0;
  resyncs = 0;
  unauthorized = 0;
  throttleLeft = 0;
  throttleSeconds = 1;
  failLeft = 0;
  clientRefused = false;
  interactionRequired = false;
  origin = '';

  issueTokens(): { accessToken: string; refreshToken: string } {
    const accessToken = `eyJ0eXAiOiJKV1Qi.${randomBytes(24).toString('base64url')}`;
    const refreshToken = `0.AXkA${randomBytes(32).toString('base64url')}`;
    this.accessTokens.set(accessToken, Date.now() + TOKEN_LIFETIME_S * 1_000);
    this.refreshTokens.add(refreshToken);
    return { accessToken, refreshToken };
  }

  put(item: FakeItem): void {
    this.clock = Math.max(this.clock + 1_000, Date.now());
    const modified = isoSeconds(this.clock);
    const existing = this.items.get(item.id);
    this.items.set(item.id, {
      id: item.id,
      name: fileName(item.title),
      text: item.text,
      created: existing && !existing.deleted ? existing.created : modified,
      modified,
      seq: ++this.seq,
      deleted: false,
    });
  }

  remove(id: string): void {
    const item = this.items.get(id);
    if (item && !item.deleted) {
      item.deleted = true;
      item.seq = ++this.seq;
    }
  }

  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.origin);
    if (url.pathname === '/common/oauth2/v2.0/authorize' && request.method === 'GET') {
      return this.authorize(url, response);
    }
    if (url.pathname === '/common/oauth2/v2.0/token' && request.method === 'POST') {
      return this.token(new URLSearchParams(await readBody(request)), response);
    }
    if (url.pathname.startsWith('/v1.0/')) {
      return this.api(request, url, response);
    }
    if (url.pathname === `${SITE_PATH}/_layouts/15/download.aspx`) {
      return this.download(request, url, response);
    }
    send(response, 404, graphError('itemNotFound', 'The resource could not be found.'));
  }

  private authorize(url: URL, response: ServerResponse): void {
    const param = (name: string): string => url.searchParams.get(name) ?? '';
    if (param('client_id') !== CLIENT_ID) {
      return sendText(response, 400, `AADSTS700016: Application with identifier '${param('client_id')}' was not found in the directory.`);
    }
    const redirectUri = param('redirect_uri');
    if (!/^https?:\/\//.test(redirectUri)) {
      return sendText(response, 400, 'AADSTS50011: The redirect URI specified in the request does not match the redirect URIs configured for the application.');
    }
    const refuse = (description: string): void =>
      redirect(response, redirectUri, { error: 'invalid_request', error_description: description, state: param('state') });
    const scopes = param('scope').toLowerCase().split(' ');
    if (param('response_type') !== 'code') {
      return refuse("AADSTS900144: The request body must contain the following parameter: 'response_type'.");
    }
    if (param('response_mode') !== 'query') {
      return refuse('AADSTS900137: the fake answers with response_mode=query only.');
    }
    if (!REQUIRED_SCOPES.every((scope) => scopes.includes(scope))) {
      return refuse(`AADSTS70011: The provided value for the input parameter 'scope' is not valid: ${param('scope')}`);
    }
    if (param('state') === '') {
      return refuse('the fake requires a state');
    }
    if (param('code_challenge_method') !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(param('code_challenge'))) {
      return refuse('AADSTS501491: Invalid size of Code_Challenge parameter.');
    }
    const code = `0.AXkA${randomBytes(32).toString('base64url')}`;
    this.codes.set(code, { clientId: CLIENT_ID, redirectUri, challenge: param('code_challenge'), scope: param('scope') });
    redirect(response, redirectUri, { code, state: param('state'), session_state: randomUUID() });
  }

  private token(form: URLSearchParams, response: ServerResponse): void {
    const param = (name: string): string => form.get(name) ?? '';
    if (this.clientRefused || param('client_id') !== CLIENT_ID || param('client_secret') !== CLIENT_SECRET) {
      return send(response, 401, identityError('invalid_client', 7000215, 'Invalid client secret provided.'));
    }
    if (param('grant_type') === 'authorization_code') {
      const pending = this.codes.get(param('code'));
      this.codes.delete(param('code'));
      if (!pending) {
        return send(response, 400, identityError('invalid_grant', 70008, 'The provided authorization code or refresh token has expired due to inactivity.'));
      }
      if (pending.redirectUri !== param('redirect_uri')) {
        return send(response, 400, identityError('invalid_grant', 50148, 'The redirect_uri does not match the one used in the authorization request.'));
      }
      if (createHash('sha256').update(param('code_verifier')).digest('base64url') !== pending.challenge) {
        return send(
          response,
          400,
          identityError('invalid_grant', 501481, 'The Code_Verifier does not match the code_challenge supplied in the authorization request.'),
        );
      }
      return send(response, 200, this.tokenResponse());
    }
    if (param('grant_type') === 'refresh_token') {
      if (this.interactionRequired && this.refreshTokens.has(param('refresh_token'))) {
        return send(
          response,
          400,
          identityError(
            'interaction_required',
            50076,
            'Due to a configuration change made by your administrator, or because you moved to a new location, you must use multi-factor authentication to access the resource.',
          ),
        );
      }
      if (!this.refreshTokens.delete(param('refresh_token'))) {
        return send(
          response,
          400,
          identityError('invalid_grant', 70000, 'The provided grant has expired due to it being revoked, a fresh auth token is needed.'),
        );
      }
      this.refreshes += 1;
      return send(response, 200, this.tokenResponse());
    }
    send(response, 400, identityError('unsupported_grant_type', 70003, 'The app requested an unsupported grant type.'));
  }

  private tokenResponse(): Record<string, unknown> {
    const { accessToken, refreshToken } = this.issueTokens();
    return {
      token_type: 'Bearer',
      scope: GRANTED_SCOPE,
      expires_in: TOKEN_LIFETIME_S,
      ext_expires_in: TOKEN_LIFETIME_S,
      access_token: accessToken,
      refresh_token: refreshToken,
    };
  }

  private api(request: IncomingMessage, url: URL, response: ServerResponse): void {
    this.apiCalls += 1;
    if (this.throttleLeft > 0) {
      this.throttleLeft -= 1;
      this.throttled += 1;
      return send(response, 429, graphError('TooManyRequests', 'Too many requests.'), { 'retry-after': String(this.throttleSeconds) });
    }
    if (this.failLeft > 0) {
      this.failLeft -= 1;
      return send(response, 503, graphError('serviceNotAvailable', 'The service is temporarily unavailable.'));
    }
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const expiresAt = token === undefined ? undefined : this.accessTokens.get(token);
    if (expiresAt === undefined || expiresAt <= Date.now()) {
      this.unauthorized += 1;
      return send(response, 401, graphError('InvalidAuthenticationToken', 'Access token has expired or is not yet valid.'), {
        'www-authenticate': 'Bearer realm="", authorization_uri="https://login.microsoftonline.com/common/oauth2/authorize"',
      });
    }
    this.route(url, response);
  }

  private route(url: URL, response: ServerResponse): void {
    const path = decodeURIComponent(url.pathname.slice('/v1.0'.length));
    const notFound = (): void => send(response, 404, graphError('itemNotFound', 'The resource could not be found.'));
    let match: RegExpExecArray | null;
    if (path === '/sites' && url.searchParams.has('search')) {
      return this.collection(url, response, [this.site()]);
    }
    if ((match = /^\/sites\/([^/:]+):(\/[^:]*?)?:?$/.exec(path))) {
      return match[1] === HOSTNAME && (match[2] ?? '').replace(/\/+$/, '').toLowerCase() === SITE_PATH ? send(response, 200, this.site()) : notFound();
    }
    if ((match = /^\/sites\/([^/]+)\/drives$/.exec(path))) {
      return match[1] === SITE_ID ? this.collection(url, response, [this.drive()]) : notFound();
    }
    if ((match = /^\/drives\/([^/]+)$/.exec(path))) {
      return match[1] === DRIVE_ID ? send(response, 200, this.drive()) : notFound();
    }
    if ((match = /^\/drives\/([^/]+)\/root\/delta$/.exec(path))) {
      return match[1] === DRIVE_ID ? this.delta(url, response) : notFound();
    }
    if ((match = /^\/drives\/([^/]+)\/items\/([^/]+)$/.exec(path))) {
      const item = match[1] === DRIVE_ID ? this.items.get(match[2] ?? '') : undefined;
      return item && !item.deleted ? send(response, 200, selected(this.driveItem(item), url.searchParams.get('$select') ?? undefined)) : notFound();
    }
    if ((match = /^\/drives\/([^/]+)\/items\/([^/]+)\/content$/.exec(path))) {
      const item = match[1] === DRIVE_ID ? this.items.get(match[2] ?? '') : undefined;
      if (!item || item.deleted) {
        return notFound();
      }
      const tempauth = randomBytes(24).toString('base64url');
      this.downloads.set(tempauth, item.id);
      response.writeHead(302, { location: `${this.origin}${SITE_PATH}/_layouts/15/download.aspx?UniqueId=${item.id}&tempauth=${tempauth}` }).end();
      return;
    }
    send(response, 400, graphError('BadRequest', `Resource not found for the segment '${path.split('/')[1] ?? ''}'.`));
  }

  /** Graph pages collections by `$skiptoken` inside the nextLink. */
  private collection(url: URL, response: ServerResponse, values: unknown[]): void {
    const offset = Number(url.searchParams.get('$skiptoken') ?? 0);
    const body: Record<string, unknown> = { '@odata.context': `${this.origin}/v1.0/$metadata#collection`, value: values.slice(offset, offset + PAGE_SIZE) };
    if (offset + PAGE_SIZE < values.length) {
      const next = new URL(url);
      next.searchParams.set('$skiptoken', String(offset + PAGE_SIZE));
      body['@odata.nextLink'] = next.toString();
    }
    send(response, 200, body);
  }

  private delta(url: URL, response: ServerResponse): void {
    const raw = url.searchParams.get('token');
    const token = raw === null ? { after: -1, full: true, epoch: this.epoch, select: url.searchParams.get('$select') ?? undefined } : decodeToken(raw);
    if (!token || token.epoch !== this.epoch) {
      this.resyncs += 1;
      const message = "Resync required. Replace any local items with the server's version (including deletes) if you're sure that the service was up to date.";
      return send(
        response,
        410,
        { error: { code: 'resyncRequired', message, innerError: { code: 'resyncChangesApplyDifferences' } } },
        {
          location: `${this.origin}/v1.0/drives/${DRIVE_ID}/root/delta`,
        },
      );
    }
    const root = { seq: 0, entry: this.rootFolder() };
    const entries = [...this.items.values()]
      .filter((item) => item.seq > token.after && !(token.full && item.deleted))
      .sort((a, b) => a.seq - b.seq)
      .map((item) => ({ seq: item.seq, entry: this.driveItem(item) }));
    const all = token.full && token.after < 0 ? [root, ...entries] : entries;
    const page = all.slice(0, PAGE_SIZE);
    const link = (next: DeltaToken): string => `${this.origin}/v1.0/drives/${DRIVE_ID}/root/delta?token=${encodeToken(next)}`;
    const body: Record<string, unknown> = {
      '@odata.context': `${this.origin}/v1.0/$metadata#Collection(driveItem)`,
      value: page.map(({ entry }) => selected(entry, token.select)),
    };
    if (all.length > PAGE_SIZE) {
      body['@odata.nextLink'] = link({ ...token, after: page[page.length - 1]?.seq ?? token.after });
    } else {
      body['@odata.deltaLink'] = link({ after: this.seq, full: false, epoch: this.epoch, select: token.select });
    }
    send(response, 200, body);
  }

  private download(request: IncomingMessage, url: URL, response: ServerResponse): void {
    this.apiCalls += 1;
    if (request.headers.authorization !== undefined) {
      return send(response, 400, graphError('invalidRequest', 'A pre-authenticated download URL must not carry an Authorization header.'));
    }
    const itemId = this.downloads.get(url.searchParams.get('tempauth') ?? '');
    const item = itemId === undefined ? undefined : this.items.get(itemId);
    if (!item || item.deleted || item.id !== url.searchParams.get('UniqueId')) {
      return send(response, 401, graphError('unauthenticated', 'The download link is not valid.'));
    }
    const body = Buffer.from(`# ${item.name.replace(/\.\w+$/, '')}\n\n${item.text}\n`);
    const contentType = item.name.endsWith('.txt') ? 'text/plain' : 'text/markdown';
    response.writeHead(200, { 'content-type': contentType, 'content-length': body.byteLength }).end(body);
  }

  private site(): Record<string, unknown> {
    return {
      id: SITE_ID,
      name: 'eng',
      displayName: 'Engineering',
      webUrl: SITE_URL,
      createdDateTime: '2023-03-01T09:00:00Z',
      lastModifiedDateTime: isoSeconds(this.clock),
      siteCollection: { hostname: HOSTNAME },
    };
  }

  private drive(): Record<string, unknown> {
    return {
      id: DRIVE_ID,
      driveType: 'documentLibrary',
      name: 'Documents',
      description: '',
      webUrl: LIBRARY_URL,
      createdDateTime: '2023-03-01T09:00:00Z',
      lastModifiedDateTime: isoSeconds(this.clock),
    };
  }

  private rootFolder(): Record<string, unknown> {
    return {
      id: ROOT_ID,
      name: 'root',
      webUrl: LIBRARY_URL,
      size: 0,
      createdDateTime: '2023-03-01T09:00:00Z',
      lastModifiedDateTime: isoSeconds(this.clock),
      parentReference: { driveType: 'documentLibrary', driveId: DRIVE_ID },
      folder: { childCount: [...this.items.values()].filter((item) => !item.deleted).length },
      root: {},
    };
  }

  private driveItem(item: StoredItem): Record<string, unknown> {
    const parentReference = { driveType: 'documentLibrary', driveId: DRIVE_ID, id: ROOT_ID, path: '/drive/root:' };
    if (item.deleted) {
      return { id: item.id, name: item.name, parentReference, deleted: { state: 'deleted' }, file: {} };
    }
    return {
      id: item.id,
      name: item.name,
      webUrl: documentUrl(item.name),
      eTag: `"{${item.id}},${item.seq}"`,
      size: Buffer.byteLength(item.text) + item.name.length + 4,
      createdDateTime: item.created,
      lastModifiedDateTime: item.modified,
      parentReference,
      file: { mimeType: item.name.endsWith('.txt') ? 'text/plain' : 'application/octet-stream', hashes: { quickXorHash: randomBytes(20).toString('base64') } },
      fileSystemInfo: { createdDateTime: item.created, lastModifiedDateTime: item.modified },
    };
  }
}

const documentUrl = (name: string): string => `${LIBRARY_URL}/${encodeURIComponent(name)}`;
const isoSeconds = (ms: number): string => new Date(Math.floor(ms / 1_000) * 1_000).toISOString().replace('.000Z', 'Z');
const encodeToken = (token: DeltaToken): string => Buffer.from(JSON.stringify(token)).toString('base64url');

function decodeToken(raw: string): DeltaToken | undefined {
  try {
    return JSON.parse(Buffer.from(raw, 'base64url').toString()) as DeltaToken;
  } catch {
    return undefined;
  }
}

function selected(entry: Record<string, unknown>, select: string | undefined): Record<string, unknown> {
  if (select === undefined) {
    return entry;
  }
  const fields = new Set(['id', ...select.split(',')]);
  return Object.fromEntries(Object.entries(entry).filter(([name]) => fields.has(name)));
}

const graphError = (code: string, message: string): Record<string, unknown> => ({
  error: {
    code,
    message,
    innerError: { date: new Date().toISOString().replace(/\.\d+Z$/, ''), 'request-id': randomUUID(), 'client-request-id': randomUUID() },
  },
});

const identityError = (error: string, code: number, description: string): Record<string, unknown> => ({
  error,
  error_description: `AADSTS${code}: ${description} Trace ID: ${randomUUID()} Correlation ID: ${randomUUID()} Timestamp: ${new Date().toISOString()}`,
  error_codes: [code],
  timestamp: new Date().toISOString(),
  trace_id: randomUUID(),
  correlation_id: randomUUID(),
  error_uri: 'https://login.microsoftonline.com/error?code=' + code,
});

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(body));
}

function sendText(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(text);
}

function redirect(response: ServerResponse, redirectUri: string, params: Record<string, string>): void {
  const target = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) {
    target.searchParams.set(name, value);
  }
  response.writeHead(302, { location: target.toString() }).end();
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString();
}

/** Microsoft Graph and the Microsoft identity platform for one SharePoint site with one document library. */
export async function startSharePointFake(): Promise<SharePointFake> {
  const graph = new GraphFake();
  const server = await serveOnLoopback((request, response) => {
    graph.handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) {
        send(response, 500, graphError('generalException', error instanceof Error ? error.message : String(error)));
      }
    });
  });
  graph.origin = server.url;
  const origin = graph.origin;
  return {
    type: 'sharepoint',
    environment: {
      SHAREPOINT_CLIENT_ID: CLIENT_ID,
      SHAREPOINT_CLIENT_SECRET: CLIENT_SECRET,
      SHAREPOINT_AUTHORIZE_URL: `${origin}/common/oauth2/v2.0/authorize`,
      SHAREPOINT_TOKEN_URL: `${origin}/common/oauth2/v2.0/token`,
      SHAREPOINT_API_URL: `${origin}/v1.0`,
    },
    sourceConfig: { site_urls: [SITE_URL] },
    siteUrl: SITE_URL,
    driveId: DRIVE_ID,
    async approve(authorizeUrl) {
      const response = await fetch(authorizeUrl, { redirect: 'manual' });
      const location = response.headers.get('location');
      if (response.status !== 302 || location === null) {
        throw new Error(`the fake authorize endpoint answered ${response.status}: ${await response.text()}`);
      }
      return location;
    },
    deny(authorizeUrl) {
      const params = new URL(authorizeUrl).searchParams;
      const target = new URL(params.get('redirect_uri') ?? '');
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_subcode', 'cancel');
      target.searchParams.set('error_description', 'AADSTS65004: User declined to consent to access the app.');
      target.searchParams.set('state', params.get('state') ?? '');
      return target.toString();
    },
    grant: () => graph.issueTokens(),
    put: (item) => graph.put(item),
    remove: (id) => graph.remove(id),
    documentUrl: (id) => documentUrl(graph.items.get(id)?.name ?? fileName(id)),
    revokeGrants: () => {
      graph.refreshTokens = new Set();
    },
    expireAccessTokens: () => {
      for (const token of graph.accessTokens.keys()) {
        graph.accessTokens.set(token, 0);
      }
    },
    throttle: (count, retryAfterSeconds) => {
      graph.throttleLeft = count;
      graph.throttleSeconds = retryAfterSeconds;
    },
    fail: (count) => {
      graph.failLeft = count;
    },
    refuseClient: (refused) => {
      graph.clientRefused = refused;
    },
    answerTokenRequests: (answer) => server.intercept('/common/oauth2/v2.0/token', answer),
    expireDeltaTokens: () => {
      graph.epoch += 1;
    },
    requireInteraction: () => {
      graph.interactionRequired = true;
    },
    get revokedTokens() {
      return graph.revokedTokens;
    },
    get refreshes() {
      return graph.refreshes;
    },
    get apiCalls() {
      return graph.apiCalls;
    },
    get throttled() {
      return graph.throttled;
    },
    get resyncs() {
      return graph.resyncs;
    },
    get unauthorized() {
      return graph.unauthorized;
    },
    slowDown: server.slowDown,
    close: server.close,
  };
}
