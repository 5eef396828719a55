import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { AnswerSet, SetSource } from '#bench/answers/answer-set.js';
import { withDatabase } from '#bench/bench-options.js';
import { startApi } from '#bench/api-process.js';
import { listFiles, serveFolder } from '#bench/folder-site.js';

const DIST = fileURLToPath(new URL('../../', import.meta.url));
const UPLOAD_BATCH = 20;

/** What the harness keeps between runs: the organization, its key, and where each set source went. */
export interface IndexState {
  fingerprint: string;
  orgId: string;
  key: string;
  /** Set source name → data source id. */
  dataSources: Record<string, string>;
  /** A document's URL (a website's) or file name → its page, `<source name>/<path in the folder>`. */
  pages: Record<string, string>;
  builtAt: string;
  buildSeconds: number;
  /** Documents that could not be indexed, as `<source>/<page>: reason`. */
  failures: string[];
}

export interface ServiceUnderTest {
  baseUrl: string;
  state: IndexState;
  /** The environment the api ran with, for an in-process look at the same database afterwards. */
  env: Record<string, string>;
  reused: boolean;
  stop: () => Promise<void>;
}

export interface ServiceOptions {
  dataDir: string;
  /** A PostgreSQL server: the index goes into a database of its own there, kept for the next run. */
  databaseServer?: string;
  reindex: boolean;
  progress: (message: string) => void;
}

/**
 * The service as a user runs it: `node dist/src/main.js` in a child process on its own data directory (or
 * a PostgreSQL database of its own), an organization made by `org:create`, and the set's documents
 * ingested through the HTTP API. The index is kept and reused while the set's sources, their files and
 * the ingestion code are unchanged (a fingerprint of all three), since building it takes minutes.
 */
export async function startService(set: AnswerSet, options: ServiceOptions): Promise<ServiceUnderTest> {
  const fingerprint = await fingerprintOf(set);
  const statePath = join(options.dataDir, 'eval-answers.json');
  const database = options.databaseServer ? withDatabase(options.databaseServer, `aqs_eval_answers_${fingerprint.slice(0, 12)}`) : undefined;
  const env: Record<string, string> = {
    DATA_DIR: join(options.dataDir, 'service'),
    LOG_LEVEL: 'warn',
    ALLOW_PRIVATE_TARGETS: 'true',
    RATE_LIMITS_ENABLED: 'false',
    CRAWL_DELAY_MS: '0',
    ...(database ? { DATABASE_URL: database } : {}),
  };
  let state = await readState(statePath);
  const reused = !options.reindex && state?.fingerprint === fingerprint && (!database || (await databaseExists(database)));
  if (!reused) {
    options.progress(state ? 'the sources or the ingestion code changed: building the index again' : 'building the index');
    await rm(options.dataDir, { recursive: true, force: true });
    await mkdir(options.dataDir, { recursive: true });
    if (database) {
      await recreateDatabase(database);
    }
    const created = await createOrganization(env);
    state = { fingerprint, orgId: created.orgId, key: created.key, dataSources: {}, pages: {}, builtAt: '', buildSeconds: 0, failures: [] };
  }
  const api = await startApi(env);
  try {
    if (!reused) {
      const started = performance.now();
      await ingest(set, api.baseUrl, state!, options.progress);
      state!.buildSeconds = Math.round((performance.now() - started) / 1000);
      state!.builtAt = new Date().toISOString();
      await writeFile(statePath, JSON.stringify(state, null, 2));
    }
  } catch (error) {
    await api.stop();
    throw error;
  }
  return { baseUrl: api.baseUrl, state: state!, env, reused, stop: api.stop };
}

async function readState(path: string): Promise<IndexState | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as IndexState;
  } catch {
    return undefined;
  }
}

/** The set's sources, the names, sizes and times of their files, and the compiled ingestion and schema code. */
async function fingerprintOf(set: AnswerSet): Promise<string> {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(set.sources));
  for (const source of set.sources) {
    for (const file of await listFiles(source.dir)) {
      const info = await stat(file);
      hash.update(`${relative(source.dir, file)}:${info.size}:${info.mtimeMs}\n`);
    }
  }
  const code = [
    'src/modules/ingestion',
    'src/modules/connectors',
    'src/modules/data-sources/sync',
    'src/modules/retrieval/embeddings',
    'src/common/database/migrations',
  ];
  for (const folder of code) {
    for (const file of await listFiles(join(DIST, folder))) {
      if (file.endsWith('.js')) {
        hash.update(await readFile(file));
      }
    }
  }
  return hash.digest('hex');
}

async function databaseExists(url: string): Promise<boolean> {
  const name = new URL(url).pathname.slice(1);
  return onServer(url, async (client) => (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1);
}

async function recreateDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await onServer(url, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  });
}

async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function createOrganization(env: Record<string, string>): Promise<{ orgId: string; key: string }> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [join(DIST, 'src/cli.js'), 'org:create', '--name', 'Answer evaluation', '--admin-email', 'eval@example.test', '--plan', 'enterprise'],
    { env: { ...process.env, ...env } },
  );
  const created = JSON.parse(stdout.trim().split('\n').at(-1)!) as { organization: { id: string }; api_key: string };
  return { orgId: created.organization.id, key: created.api_key };
}

/** A small client of the versioned API, with the harness's key. */
export function apiClient(baseUrl: string, key: string) {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const send = (): Promise<Response> =>
      fetch(`${baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
      });
    // A kept-alive connection the server has just closed fails a request now and then: a read is safe to repeat.
    const response = await send().catch((error: unknown) => {
      if (method !== 'GET') {
        throw error;
      }
      return send();
    });
    const text = await response.text();
    if (!response.ok) {
      throw new Error(`${method} ${path}: ${response.status} ${text}`);
    }
    return (text === '' ? undefined : JSON.parse(text)) as T;
  };
}

async function ingest(set: AnswerSet, baseUrl: string, state: IndexState, progress: (message: string) => void): Promise<void> {
  const call = apiClient(baseUrl, state.key);
  for (const source of set.sources) {
    const started = performance.now();
    const id = source.type === 'website' ? await ingestWebsite(source, call) : await ingestFiles(source, call);
    state.dataSources[source.name] = id;
    const status = await waitForSync(call, id);
    const documents = await allDocuments(call, id);
    for (const document of documents) {
      state.pages[document.url] = `${source.name}/${pageOfDocument(source, document.url)}`;
    }
    const failed = documents.filter((document) => document.status === 'failed');
    state.failures.push(...failed.map((document) => `${source.name}/${pageOfDocument(source, document.url)}: ${document.error}`));
    progress(
      `${source.name}: ${status.status}, ${documents.length - failed.length} documents, ${status.chunks_indexed} chunks in ${((performance.now() - started) / 1000).toFixed(0)} s` +
        (failed.length > 0 ? ` (${failed.length} failed)` : '') +
        (status.error ? `: ${status.error}` : ''),
    );
  }
}

type Call = ReturnType<typeof apiClient>;

async function ingestWebsite(source: SetSource, call: Call): Promise<string> {
  const site = await serveFolder(source.dir);
  try {
    const created = await call<{ id: string }>('POST', '/api/v1/data-sources', {
      name: source.name,
      type: 'website',
      config: { url: new URL(source.start ?? '', site.url).href, max_pages: 10_000 },
    });
    await waitForSync(call, created.id);
    return created.id;
  } finally {
    await site.close();
  }
}

async function ingestFiles(source: SetSource, call: Call): Promise<string> {
  const created = await call<{ id: string }>('POST', '/api/v1/data-sources', { name: source.name, type: 'file', config: {} });
  await waitForSync(call, created.id);
  const files = (await listFiles(source.dir)).filter((file) => !/(^|\/)(LICENSE|README)[^/]*$/i.test(relative(source.dir, file)));
  for (let start = 0; start < files.length; start += UPLOAD_BATCH) {
    const form = new FormData();
    for (const file of files.slice(start, start + UPLOAD_BATCH)) {
      form.append('file', new Blob([await readFile(file)]), relative(source.dir, file));
    }
    await call('POST', `/api/v1/data-sources/${created.id}/files`, form);
    await waitForSync(call, created.id);
  }
  return created.id;
}

interface SourceStatus {
  status: string;
  chunks_indexed: number;
  error: string | null;
}

async function waitForSync(call: Call, id: string): Promise<SourceStatus> {
  for (;;) {
    const status = await call<SourceStatus>('GET', `/api/v1/data-sources/${id}/status`);
    if (status.status !== 'pending' && status.status !== 'processing') {
      return status;
    }
    await new Promise((done) => setTimeout(done, 1_000));
  }
}

interface DocumentRow {
  url: string;
  status: string;
  error: string | null;
}

async function allDocuments(call: Call, id: string): Promise<DocumentRow[]> {
  const documents: DocumentRow[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await call<{ documents: DocumentRow[]; total: number }>('GET', `/api/v1/data-sources/${id}/documents?limit=100&offset=${offset}`);
    documents.push(...page.documents);
    if (documents.length >= page.total || page.documents.length === 0) {
      return documents;
    }
  }
}

/**
 * The page a document is, relative to its source folder: a file source's documents are named by their
 * file; a website's by the path they were served at (`x.html` for a file `x.html.en`, `/` for `index.html`).
 */
export function pageOfDocument(source: SetSource, url: string): string {
  if (source.type === 'files') {
    return url;
  }
  const path = decodeURIComponent(new URL(url).pathname).replace(/^\//, '');
  return path === '' || path.endsWith('/') ? `${path}index.html` : path;
}

/** Page names as compared: the Apache manual's `x.html.en` is served as `x.html`. */
export function samePage(a: string, b: string): boolean {
  const canonical = (page: string): string => page.replace(/\.html\.en$/, '.html');
  return canonical(a) === canonical(b);
}
