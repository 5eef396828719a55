import { createHash, randomBytes } from 'node:crypto';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FakeItem, FakeProvider } from '#test/fakes/fake-provider.js';
import { serveOnLoopback } from '#test/fakes/loopback-server.js';
import { InvalidQueryError, parseDriveQuery, type DriveQuery } from '#test/fakes/google-drive/drive-query.js';

const CLIENT_ID = '1234567890-fakedrive.apps.googleusercontent.com';
const CLIENT_SECRET = 'GOCSPX-fake-drive-secret';
const DRIVE_READONLY = 'https://www.googleapis.com/auth/drive.readonly';
const CALLBACK_PATH = '/api/v1/connectors/oauth/callback';
const TOKEN_LIFETIME_S = 3600;
// Drive may answer fewer files than pageSize asks for: two per page exercises the page tokens.
const FILES_PER_PAGE = 2;

const GOOGLE_DOC = 'application/vnd.google-apps.document';
const GOOGLE_SHEET = 'application/vnd.google-apps.spreadsheet';
const GOOGLE_SLIDES = 'application/vnd.google-apps.presentation';
const FOLDER = 'application/vnd.google-apps.folder';
const EXPORTS: Record<string, readonly string[]> = {
  [GOOGLE_DOC]: ['text/html', 'text/plain'],
  [GOOGLE_SHEET]: ['text/csv'],
  [GOOGLE_SLIDES]: ['text/plain'],
};

/** The folder the FakeItems live in. */
export const ENGINEERING_FOLDER = 'fld_eng';

export interface FakeDriveFileInput {
  id: string;
  name: string;
  mimeType: string;
  /** Bytes of a binary file; the text of a Google Doc, the CSV of a Sheet, the text of Slides. */
  content?: string | Buffer;
  parents?: string[];
  driveId?: string;
  sharedWithMe?: boolean;
  /** When it was last modified (default: now, as an edit does). */
  modifiedTime?: Date;
}

interface DriveFile {
  id: string;
  name: string;
  mimeType: string;
  content: Buffer;
  parents: string[];
  driveId: string | undefined;
  modifiedTime: number;
  trashed: boolean;
  ownedByMe: boolean;
  sharedWithMe: boolean;
}

interface Grant {
  id: string;
  scope: string;
  revoked: boolean;
}

/** The fake's own controls beyond the shared FakeProvider ones. */
export interface GoogleDriveFake extends FakeProvider {
  /** Adds or edits any file (a PDF, an image, a Sheet, a file in a shared drive), in fld_eng unless placed elsewhere; its modification time moves on. */
  putFile(file: FakeDriveFileInput): void;
  putFolder(id: string, name: string, parent?: string): void;
  /** Moves the file to other folders; as in Drive, its modification time stays. */
  move(id: string, parents: string[]): void;
  /** Takes the file out of the trash; as in Drive, its modification time stays. */
  restore(id: string): void;
  /** 401 answers sent to API calls with an unknown or expired token. */
  readonly unauthorized: number;
  /** When each throttled answer was sent (epoch milliseconds). */
  readonly throttledAt: readonly number[];
}

/** Google's OAuth 2.0 endpoints and the Drive v3 files API (list, get, media download, export) on loopback. */
export async function startGoogleDriveFake(): Promise<GoogleDriveFake> {
  const files = new Map<string, DriveFile>();
  const sharedDrives = new Set<string>();
  const grants = new Map<string, Grant>();
  const codes = new Map<string, { grant: Grant; redirectUri: string; challenge: string }>();
  const accessTokens = new Map<string, { grant: Grant; expiresAt: number }>();
  const refreshTokens = new Map<string, Grant>();
  const revokedTokens: string[] = [];
  const counters = { refreshes: 0, apiCalls: 0, throttled: 0, unauthorized: 0 };
  let throttleRemaining = 0;
  const throttledAt: number[] = [];
  let failRemaining = 0;
  let clientRefused = false;
  let clock = 0;

  const tick = (): number => {
    clock = Math.max(clock + 1_000, Date.now());
    return clock;
  };

  const newGrant = (scope: string): Grant => {
    const grant = { id: random(8), scope, revoked: false };
    grants.set(grant.id, grant);
    return grant;
  };
  const issueAccessToken = (grant: Grant): string => {
    const token = `ya29.${random(32)}`;
    accessTokens.set(token, { grant, expiresAt: Date.now() + TOKEN_LIFETIME_S * 1_000 });
    return token;
  };
  const issueRefreshToken = (grant: Grant): string => {
    const token = `1//${random(32)}`;
    refreshTokens.set(token, grant);
    return token;
  };

  const putFile = (input: FakeDriveFileInput): void => {
    const existing = files.get(input.id);
    if (input.driveId) {
      sharedDrives.add(input.driveId);
    }
    files.set(input.id, {
      id: input.id,
      name: input.name,
      mimeType: input.mimeType,
      content: Buffer.from(input.content ?? ''),
      parents: input.parents ?? existing?.parents ?? (input.driveId ? [input.driveId] : input.sharedWithMe ? [] : [ENGINEERING_FOLDER]),
      driveId: input.driveId ?? existing?.driveId,
      modifiedTime: input.modifiedTime?.getTime() ?? tick(),
      trashed: false,
      ownedByMe: !(input.driveId ?? existing?.driveId) && !input.sharedWithMe,
      sharedWithMe: input.sharedWithMe ?? false,
    });
  };

  const server = await serveOnLoopback((request, response) => {
    void route(request, response).catch((error: unknown) => {
      if (!response.headersSent) {
        sendJson(response, 500, apiError(500, error instanceof Error ? error.message : 'Internal error', 'internalError', 'INTERNAL'));
      }
    });
  });

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake.invalid');
    if (request.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
      return authorize(url, response);
    }
    if (request.method === 'POST' && url.pathname === '/token') {
      return token(request, await readForm(request), response);
    }
    if (request.method === 'POST' && url.pathname === '/revoke') {
      const form = await readForm(request);
      return revoke(form.get('token') ?? url.searchParams.get('token'), response);
    }
    if (url.pathname.startsWith('/drive/v3/')) {
      return api(request, url, response);
    }
    sendJson(response, 404, apiError(404, 'Not Found', 'notFound', 'NOT_FOUND'));
  }

  function authorize(url: URL, response: ServerResponse): void {
    const params = url.searchParams;
    if (params.get('client_id') !== CLIENT_ID) {
      return sendHtml(response, 401, 'Error 401: invalid_client', 'The OAuth client was not found.');
    }
    const redirectUri = params.get('redirect_uri') ?? '';
    if (!isRegisteredRedirect(redirectUri)) {
      return sendHtml(
        response,
        400,
        'Error 400: redirect_uri_mismatch',
        `You can't sign in to this app because it doesn't comply with Google's OAuth 2.0 policy.`,
      );
    }
    const state = params.get('state');
    const refuse = (error: string, description: string): void => {
      const target = new URL(redirectUri);
      target.searchParams.set('error', error);
      target.searchParams.set('error_description', description);
      if (state) {
        target.searchParams.set('state', state);
      }
      redirect(response, target);
    };
    if (params.get('response_type') !== 'code') {
      return refuse('unsupported_response_type', 'Invalid response_type');
    }
    const scopes = (params.get('scope') ?? '').split(' ').filter(Boolean);
    if (!scopes.includes(DRIVE_READONLY)) {
      return refuse('invalid_scope', `Missing scope ${DRIVE_READONLY}`);
    }
    if (!state) {
      return refuse('invalid_request', 'Missing required parameter: state');
    }
    const challenge = params.get('code_challenge');
    if (!challenge || params.get('code_challenge_method') !== 'S256') {
      return refuse('invalid_request', 'code_challenge with code_challenge_method=S256 is required');
    }
    if (params.get('access_type') !== 'offline') {
      return refuse('invalid_request', 'access_type=offline is required for a refresh token');
    }
    const code = `4/${random(24)}`;
    codes.set(code, { grant: newGrant(scopes.join(' ')), redirectUri, challenge });
    const target = new URL(redirectUri);
    target.searchParams.set('state', state);
    target.searchParams.set('code', code);
    target.searchParams.set('scope', scopes.join(' '));
    redirect(response, target);
  }

  function token(request: IncomingMessage, form: URLSearchParams, response: ServerResponse): void {
    const [basicId, basicSecret] = basicCredentials(request);
    if (clientRefused || (form.get('client_id') ?? basicId) !== CLIENT_ID || (form.get('client_secret') ?? basicSecret) !== CLIENT_SECRET) {
      return sendJson(response, 401, { error: 'invalid_client', error_description: 'Unauthorized' });
    }
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      if (!code) {
        return sendJson(response, 400, { error: 'invalid_grant', error_description: 'Malformed auth code.' });
      }
      codes.delete(form.get('code') ?? '');
      if (form.get('redirect_uri') !== code.redirectUri) {
        return sendJson(response, 400, { error: 'redirect_uri_mismatch', error_description: 'Bad Request' });
      }
      const verifier = form.get('code_verifier');
      if (!verifier) {
        return sendJson(response, 400, { error: 'invalid_grant', error_description: 'Missing code verifier.' });
      }
      if (createHash('sha256').update(verifier).digest('base64url') !== code.challenge) {
        return sendJson(response, 400, { error: 'invalid_grant', error_description: 'Invalid code verifier.' });
      }
      return sendJson(response, 200, {
        access_token: issueAccessToken(code.grant),
        expires_in: TOKEN_LIFETIME_S - 1,
        refresh_token: issueRefreshToken(code.grant),
        scope: code.grant.scope,
        token_type: 'Bearer',
      });
    }
    if (grantType === 'refresh_token') {
      const grant = refreshTokens.get(form.get('refresh_token') ?? '');
      if (!grant || grant.revoked) {
        return sendJson(response, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
      }
      counters.refreshes += 1;
      // Google keeps the refresh token: its answer carries none.
      return sendJson(response, 200, { access_token: issueAccessToken(grant), expires_in: TOKEN_LIFETIME_S - 1, scope: grant.scope, token_type: 'Bearer' });
    }
    sendJson(response, 400, { error: 'unsupported_grant_type', error_description: `Invalid grant_type: ${grantType ?? ''}` });
  }

  function revoke(value: string | null, response: ServerResponse): void {
    const grant = (value && (refreshTokens.get(value) ?? accessTokens.get(value)?.grant)) || undefined;
    if (!value || !grant || grant.revoked) {
      return sendJson(response, 400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
    }
    // Revoking either token of a grant ends the whole grant.
    grant.revoked = true;
    revokedTokens.push(value);
    sendJson(response, 200, {});
  }

  function api(request: IncomingMessage, url: URL, response: ServerResponse): void {
    counters.apiCalls += 1;
    if (failRemaining > 0) {
      failRemaining -= 1;
      return sendJson(response, 503, apiError(503, 'The service is currently unavailable.', 'backendError', 'UNAVAILABLE'));
    }
    if (throttleRemaining > 0) {
      throttleRemaining -= 1;
      counters.throttled += 1;
      throttledAt.push(Date.now());
      // Drive's per-user limit: a 403 in the usageLimits domain, without Retry-After.
      return sendJson(response, 403, {
        error: {
          errors: [{ domain: 'usageLimits', reason: 'userRateLimitExceeded', message: 'User Rate Limit Exceeded' }],
          code: 403,
          message: 'User Rate Limit Exceeded',
        },
      });
    }
    const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const access = bearer ? accessTokens.get(bearer) : undefined;
    if (!access || access.grant.revoked || access.expiresAt <= Date.now()) {
      counters.unauthorized += 1;
      response.setHeader('WWW-Authenticate', 'Bearer realm="https://accounts.google.com/", error="invalid_token"');
      return sendJson(response, 401, {
        error: {
          code: 401,
          message:
            'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
          errors: [{ message: 'Invalid Credentials', domain: 'global', reason: 'authError', location: 'Authorization', locationType: 'header' }],
          status: 'UNAUTHENTICATED',
        },
      });
    }
    if (request.method !== 'GET') {
      return sendJson(response, 405, apiError(405, 'Method not allowed', 'methodNotAllowed', 'INVALID_ARGUMENT'));
    }
    const path = url.pathname.slice('/drive/v3/'.length).split('/').map(decodeURIComponent);
    if (path.length === 1 && path[0] === 'files') {
      return listFiles(url.searchParams, response);
    }
    if (path.length === 2 && path[0] === 'files') {
      return getFile(path[1], url.searchParams, response);
    }
    if (path.length === 3 && path[0] === 'files' && path[2] === 'export') {
      return exportFile(path[1], url.searchParams, response);
    }
    sendJson(response, 404, apiError(404, 'Not Found', 'notFound', 'NOT_FOUND'));
  }

  function listFiles(params: URLSearchParams, response: ServerResponse): void {
    const corpora = params.get('corpora') ?? 'user';
    const driveId = params.get('driveId');
    const allDrives = params.get('includeItemsFromAllDrives') === 'true';
    if (!['user', 'drive', 'allDrives', 'domain'].includes(corpora)) {
      return sendJson(response, 400, invalidParameter('corpora', `Invalid value for corpora: ${corpora}`));
    }
    if ((corpora === 'drive') !== (driveId !== null)) {
      return sendJson(response, 400, invalidParameter('driveId', 'The driveId parameter must be specified if and only if corpora is set to drive.'));
    }
    if ((corpora === 'drive' || corpora === 'allDrives') && !allDrives) {
      return sendJson(response, 403, {
        error: {
          errors: [{ domain: 'global', reason: 'teamDrivesParameterRequired', message: 'The includeItemsFromAllDrives parameter must be set to true.' }],
          code: 403,
          message: 'The includeItemsFromAllDrives parameter must be set to true.',
        },
      });
    }
    if (driveId !== null && !sharedDrives.has(driveId)) {
      return sendJson(response, 404, {
        error: {
          errors: [{ domain: 'global', reason: 'notFound', message: `Shared drive not found: ${driveId}`, locationType: 'parameter', location: 'driveId' }],
          code: 404,
          message: `Shared drive not found: ${driveId}`,
        },
      });
    }
    let query: DriveQuery;
    try {
      query = parseDriveQuery(params.get('q') ?? 'trashed = false or trashed = true');
    } catch (error) {
      if (error instanceof InvalidQueryError) {
        return sendJson(response, 400, invalidParameter('q', 'Invalid Value'));
      }
      throw error;
    }
    const orderBy = params.get('orderBy') ?? '';
    const matching = [...files.values()]
      .filter((file) => inCorpus(file, corpora, driveId, allDrives) && query(file))
      .sort((left, right) => (orderBy.startsWith('modifiedTime') ? left.modifiedTime - right.modifiedTime : 0) || left.id.localeCompare(right.id));
    if (orderBy === 'modifiedTime desc') {
      matching.reverse();
    }
    const listingKey = createHash('sha256')
      .update(JSON.stringify([params.get('q'), corpora, driveId, orderBy]))
      .digest('base64url')
      .slice(0, 12);
    let offset = 0;
    const pageToken = params.get('pageToken');
    if (pageToken) {
      const decoded = decodePageToken(pageToken);
      if (!decoded || decoded.listing !== listingKey) {
        return sendJson(response, 400, invalidParameter('pageToken', 'Invalid Value'));
      }
      offset = decoded.offset;
    }
    const pageSize = Math.min(Math.max(Number(params.get('pageSize') ?? 100) || 100, 1), 1_000, FILES_PER_PAGE);
    const page = matching.slice(offset, offset + pageSize);
    const next = offset + pageSize < matching.length ? encodePageToken({ listing: listingKey, offset: offset + pageSize }) : undefined;
    const body = { kind: 'drive#fileList', nextPageToken: next, incompleteSearch: false, files: page.map(resource) };
    sendJson(response, 200, project(body, params.get('fields') ?? 'kind,nextPageToken,incompleteSearch,files(kind,id,name,mimeType)'));
  }

  /** files.get needs supportsAllDrives for a shared drive's file; files.export has no such parameter. */
  function findFile(id: string, params: URLSearchParams | undefined, response: ServerResponse): DriveFile | undefined {
    const file = files.get(id);
    if (!file || (file.driveId && params && params.get('supportsAllDrives') !== 'true')) {
      sendJson(response, 404, {
        error: {
          errors: [{ domain: 'global', reason: 'notFound', message: `File not found: ${id}.`, locationType: 'parameter', location: 'fileId' }],
          code: 404,
          message: `File not found: ${id}.`,
        },
      });
      return undefined;
    }
    return file;
  }

  function getFile(id: string, params: URLSearchParams, response: ServerResponse): void {
    const file = findFile(id, params, response);
    if (!file) {
      return;
    }
    if (params.get('alt') !== 'media') {
      return sendJson(response, 200, project(resource(file), params.get('fields') ?? 'kind,id,name,mimeType'));
    }
    if (file.mimeType.startsWith('application/vnd.google-apps.')) {
      return sendJson(response, 403, {
        error: {
          errors: [
            {
              domain: 'global',
              reason: 'fileNotDownloadable',
              message: 'Only files with binary content can be downloaded. Use Export with Docs Editors files.',
              locationType: 'parameter',
              location: 'alt',
            },
          ],
          code: 403,
          message: 'Only files with binary content can be downloaded. Use Export with Docs Editors files.',
        },
      });
    }
    response.writeHead(200, { 'Content-Type': file.mimeType, 'Content-Length': file.content.byteLength });
    response.end(file.content);
  }

  function exportFile(id: string, params: URLSearchParams, response: ServerResponse): void {
    const file = findFile(id, undefined, response);
    if (!file) {
      return;
    }
    const target = params.get('mimeType');
    if (!target) {
      return sendJson(response, 400, {
        error: {
          errors: [{ domain: 'global', reason: 'required', message: 'Required', locationType: 'parameter', location: 'mimeType' }],
          code: 400,
          message: 'Required',
        },
      });
    }
    const formats = EXPORTS[file.mimeType];
    if (!formats) {
      return sendJson(response, 403, {
        error: {
          errors: [{ domain: 'global', reason: 'fileNotExportable', message: 'Export only supports Docs Editors files.' }],
          code: 403,
          message: 'Export only supports Docs Editors files.',
        },
      });
    }
    if (!formats.includes(target)) {
      return sendJson(response, 400, {
        error: {
          errors: [{ domain: 'global', reason: 'badRequest', message: 'The requested conversion is not supported.' }],
          code: 400,
          message: 'The requested conversion is not supported.',
        },
      });
    }
    const body = file.mimeType === GOOGLE_DOC && target === 'text/html' ? Buffer.from(documentHtml(file.name, file.content.toString('utf8'))) : file.content;
    response.writeHead(200, { 'Content-Type': `${target}; charset=utf-8`, 'Content-Length': body.byteLength });
    response.end(body);
  }

  function resource(file: DriveFile): Record<string, unknown> {
    const isGoogleFile = file.mimeType.startsWith('application/vnd.google-apps.');
    return {
      kind: 'drive#file',
      id: file.id,
      name: file.name,
      mimeType: file.mimeType,
      parents: file.parents,
      driveId: file.driveId,
      trashed: file.trashed,
      modifiedTime: new Date(file.modifiedTime).toISOString(),
      webViewLink: webViewLink(file.id, file.mimeType),
      size: isGoogleFile ? undefined : String(file.content.byteLength),
    };
  }

  const base = server.url;
  files.set(ENGINEERING_FOLDER, {
    id: ENGINEERING_FOLDER,
    name: 'Engineering',
    mimeType: FOLDER,
    content: Buffer.alloc(0),
    parents: ['root'],
    driveId: undefined,
    modifiedTime: tick(),
    trashed: false,
    ownedByMe: true,
    sharedWithMe: false,
  });

  return {
    type: 'google_drive',
    environment: {
      GOOGLE_DRIVE_CLIENT_ID: CLIENT_ID,
      GOOGLE_DRIVE_CLIENT_SECRET: CLIENT_SECRET,
      GOOGLE_DRIVE_AUTHORIZE_URL: `${base}/o/oauth2/v2/auth`,
      GOOGLE_DRIVE_TOKEN_URL: `${base}/token`,
      GOOGLE_DRIVE_REVOKE_URL: `${base}/revoke`,
      GOOGLE_DRIVE_API_URL: base,
    },
    sourceConfig: { folder_ids: [ENGINEERING_FOLDER] },
    async approve(authorizeUrl) {
      const answer = await fetch(authorizeUrl, { redirect: 'manual' });
      const location = answer.headers.get('location');
      if (answer.status !== 302 || !location) {
        throw new Error(`the fake Google consent page answered ${answer.status}: ${await answer.text()}`);
      }
      const error = new URL(location).searchParams.get('error');
      if (error) {
        throw new Error(`the fake Google consent page refused the request: ${error} ${new URL(location).searchParams.get('error_description') ?? ''}`);
      }
      return location;
    },
    deny(authorizeUrl) {
      const params = new URL(authorizeUrl).searchParams;
      const target = new URL(params.get('redirect_uri') ?? '');
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('state', params.get('state') ?? '');
      return target.toString();
    },
    grant() {
      const grant = newGrant(DRIVE_READONLY);
      return { accessToken: issueAccessToken(grant), refreshToken: issueRefreshToken(grant) };
    },
    put(item: FakeItem) {
      putFile({ id: item.id, name: item.title, mimeType: GOOGLE_DOC, content: item.text, parents: [ENGINEERING_FOLDER] });
    },
    putFile,
    putFolder(id, name, parent = ENGINEERING_FOLDER) {
      putFile({ id, name, mimeType: FOLDER, parents: [parent] });
    },
    remove(id) {
      const file = files.get(id);
      if (file) {
        // A person deleting a file in Drive moves it to the trash; the API still answers it, with trashed: true.
        file.trashed = true;
      }
    },
    move(id, parents) {
      const file = files.get(id);
      if (!file) {
        throw new Error(`The fake holds no file ${id}`);
      }
      file.parents = parents;
    },
    restore(id) {
      const file = files.get(id);
      if (!file) {
        throw new Error(`The fake holds no file ${id}`);
      }
      file.trashed = false;
    },
    documentUrl(id) {
      return webViewLink(id, files.get(id)?.mimeType ?? GOOGLE_DOC);
    },
    revokeGrants() {
      for (const grant of grants.values()) {
        grant.revoked = true;
      }
    },
    expireAccessTokens() {
      for (const access of accessTokens.values()) {
        access.expiresAt = 0;
      }
    },
    refuseClient(refused) {
      clientRefused = refused;
    },
    answerTokenRequests(answer) {
      server.intercept('/token', answer);
    },
    throttle(count) {
      // Drive's rate limit answer carries no Retry-After, so the wait asked for cannot be conveyed.
      throttleRemaining = count;
    },
    fail(count) {
      failRemaining = count;
    },
    get revokedTokens() {
      return revokedTokens;
    },
    get refreshes() {
      return counters.refreshes;
    },
    get apiCalls() {
      return counters.apiCalls;
    },
    get throttled() {
      return counters.throttled;
    },
    throttledAt,
    get unauthorized() {
      return counters.unauthorized;
    },
    slowDown: server.slowDown,
    close: server.close,
  };
}

function inCorpus(file: DriveFile, corpora: string, driveId: string | null, allDrives: boolean): boolean {
  switch (corpora) {
    case 'drive':
      return file.driveId === driveId;
    case 'allDrives':
      return true;
    default:
      return file.driveId === undefined || (allDrives && file.sharedWithMe);
  }
}

function webViewLink(id: string, mimeType: string): string {
  const editors: Record<string, string> = { [GOOGLE_DOC]: 'document', [GOOGLE_SHEET]: 'spreadsheets', [GOOGLE_SLIDES]: 'presentation' };
  const editor = editors[mimeType];
  if (editor) {
    return `https://docs.google.com/${editor}/d/${id}/edit?usp=drivesdk`;
  }
  return mimeType === FOLDER ? `https://drive.google.com/drive/folders/${id}` : `https://drive.google.com/file/d/${id}/view?usp=drivesdk`;
}

/** A Google Doc exported as HTML, in the shape Docs produces: inline styles, a heading, spans inside paragraphs. */
function documentHtml(title: string, text: string): string {
  const paragraphs = text
    .split(/\n+/)
    .filter((line) => line.trim() !== '')
    .map((line) => `<p class="c1"><span class="c0">${escapeHtml(line)}</span></p>`)
    .join('');
  return (
    `<html><head><meta content="text/html; charset=UTF-8" http-equiv="content-type"><style type="text/css">.c0{font-family:"Arial"}.c1{padding-top:0pt}</style></head>` +
    `<body class="c2 doc-content"><h2 class="c3" id="h.${createHash('md5').update(title).digest('hex').slice(0, 12)}"><span class="c0">${escapeHtml(title)}</span></h2>${paragraphs}</body></html>`
  );
}

/** Drive's partial responses: `fields=nextPageToken,files(id,name)`. */
function project(value: Record<string, unknown>, fields: string): Record<string, unknown> {
  if (fields.trim() === '*') {
    return value;
  }
  const result: Record<string, unknown> = {};
  for (const field of splitFields(fields)) {
    const nested = /^(\w+)\((.*)\)$/.exec(field);
    const name = nested ? nested[1] : field;
    const content = value[name];
    if (content === undefined) {
      continue;
    }
    result[name] =
      nested && Array.isArray(content)
        ? content.map((entry: unknown) => (typeof entry === 'object' && entry !== null ? project(entry as Record<string, unknown>, nested[2]) : entry))
        : content;
  }
  return result;
}

function splitFields(fields: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of fields) {
    if (char === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
      continue;
    }
    depth += char === '(' ? 1 : char === ')' ? -1 : 0;
    current += char;
  }
  parts.push(current.trim());
  return parts.filter(Boolean);
}

function encodePageToken(token: { listing: string; offset: number }): string {
  return Buffer.from(JSON.stringify(token)).toString('base64url');
}

function decodePageToken(value: string): { listing: string; offset: number } | undefined {
  try {
    const token = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as { listing?: unknown; offset?: unknown };
    return typeof token.listing === 'string' && typeof token.offset === 'number' ? { listing: token.listing, offset: token.offset } : undefined;
  } catch {
    return undefined;
  }
}

function apiError(code: number, message: string, reason: string, status: string): Record<string, unknown> {
  return { error: { code, message, errors: [{ message, domain: 'global', reason }], status } };
}

function invalidParameter(location: string, message: string): Record<string, unknown> {
  return { error: { code: 400, message, errors: [{ message, domain: 'global', reason: 'invalid', location, locationType: 'parameter' }] } };
}

function isRegisteredRedirect(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.pathname.endsWith(CALLBACK_PATH) && url.search === '' && url.hash === '';
  } catch {
    return false;
  }
}

function basicCredentials(request: IncomingMessage): [string | undefined, string | undefined] {
  const encoded = /^Basic (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!encoded) {
    return [undefined, undefined];
  }
  const [id, ...secret] = Buffer.from(encoded, 'base64').toString('utf8').split(':');
  return [id ? decodeURIComponent(id) : undefined, secret.length > 0 ? decodeURIComponent(secret.join(':')) : undefined];
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function redirect(response: ServerResponse, target: URL): void {
  response.writeHead(302, { Location: target.toString() });
  response.end();
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8', 'Content-Length': Buffer.byteLength(text) });
  response.end(text);
}

function sendHtml(response: ServerResponse, status: number, title: string, message: string): void {
  response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
  response.end(
    `<!DOCTYPE html><html><head><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body></html>`,
  );
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const random = (bytes: number): string => randomBytes(bytes).toString('base64url');
