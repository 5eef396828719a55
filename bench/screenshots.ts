import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { startApi } from '#bench/api-process.js';
import { serveFolder } from '#bench/folder-site.js';
import { usage } from '#bench/bench-options.js';

usage(`
\`npm run screenshots\`: the real console in headless Chromium over a service seeded through its API
(a documentation website and uploaded files ingested, agents, questions asked, people invited, keys,
a webhook), one PNG per page into docs/screenshots/.
`);

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OUT = join(ROOT, 'docs', 'screenshots');
const EVAL = join(ROOT, '..', 'shared', 'eval', 'docs-site');
const PASSWORD = 'a long and memorable passphrase';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

interface Seeded {
  agentId: string;
  websiteId: string;
  filesId: string;
  interactionId: string;
  webhookId: string;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'aqs-screenshots-'));
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', ALLOW_PRIVATE_TARGETS: 'true', RATE_LIMITS_ENABLED: 'false', CRAWL_DELAY_MS: '0' };
  const site = await serveFolder(join(EVAL, 'fastapi-docs-en'));
  const created = await createOrganization(env);
  const api = await startApi(env);
  const origin = api.baseUrl.replace('127.0.0.1', 'localhost');
  const call = caller(origin, created.key);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  try {
    await mkdir(OUT, { recursive: true });
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB', timezoneId: 'Europe/Paris', colorScheme: 'light' });
    const page = await context.newPage();
    await shoot(page, origin, 'sign-in', '/sign-in');
    const accepted = await page.request.post(`${origin}/api/auth/invitations/accept`, {
      data: { token: created.invitation, password: PASSWORD },
      headers: { origin },
    });
    if (!accepted.ok()) {
      throw new Error(`Accepting the invitation failed: ${accepted.status()} ${await accepted.text()}`);
    }
    const sources = await addSources(call, site.url);
    await shoot(page, origin, 'data-sources', '/data-sources', () =>
      page
        .getByText(/\b[1-9]\d?% ·/)
        .first()
        .waitFor({ timeout: 60_000 }),
    );
    const seeded = await seed(call, sources);
    await shoot(page, origin, 'agents', '/agents');
    await shoot(page, origin, 'agent', `/agents/${seeded.agentId}`);
    await shoot(page, origin, 'data-source', `/data-sources/${seeded.websiteId}`);
    await playground(page, origin, seeded.agentId);
    await shoot(page, origin, 'interactions', '/interactions');
    await shoot(page, origin, 'interaction', `/interactions/${seeded.interactionId}`, undefined, true);
    await shoot(page, origin, 'analytics', '/analytics', () => page.locator('main svg').first().waitFor(), true);
    await shoot(page, origin, 'api-keys', '/settings/api-keys');
    await shoot(page, origin, 'users', '/settings/users');
    await shoot(page, origin, 'webhooks', '/settings/webhooks');
    await shoot(page, origin, 'webhook', `/settings/webhooks/${seeded.webhookId}`);
    await shoot(page, origin, 'provider-keys', '/settings/provider-keys');
    await shoot(page, origin, 'oauth-clients', '/settings/oauth-clients');
    await shoot(page, origin, 'organization', '/settings/organization');
    await shoot(page, origin, 'audit-log', '/settings/audit-log');
    await shoot(page, origin, 'account', '/account');
    await phoneAndDark(origin);
    await context.close();
    process.stdout.write(`screenshots written to ${OUT}\n`);
  } finally {
    await browser.close();
    await api.stop();
    await site.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

type Call = (method: string, path: string, body?: unknown) => Promise<Record<string, unknown>>;

function caller(origin: string, key: string): Call {
  return async (method, path, body) => {
    const json = body !== undefined && !(body instanceof FormData);
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(json ? { 'content-type': 'application/json' } : {}) },
      body: json ? JSON.stringify(body) : body,
    });
    const text = await response.text();
    if (!response.ok) {
      throw new Error(`${method} ${path}: ${response.status} ${text}`);
    }
    return (text ? JSON.parse(text) : {}) as Record<string, unknown>;
  };
}

async function createOrganization(env: Record<string, string>): Promise<{ key: string; invitation: string }> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      join(ROOT, 'dist/src/cli.js'),
      'org:create',
      '--name',
      'Acme Support',
      '--admin-email',
      'maria@acme.test',
      '--admin-name',
      'Maria Lopez',
      '--plan',
      'enterprise',
    ],
    { env: { ...process.env, ...env } },
  );
  const created = JSON.parse(stdout.trim().split('\n').at(-1)!) as { api_key: string; invitation: { token: string } };
  return { key: created.api_key, invitation: created.invitation.token };
}

/** A documentation website (its crawl starts at once) and a few files. */
async function addSources(call: Call, siteUrl: string): Promise<{ website: Record<string, unknown>; files: Record<string, unknown> }> {
  const website = await call('POST', '/api/v1/data-sources', { type: 'website', name: 'FastAPI documentation', config: { url: siteUrl, max_pages: 25 } });
  const files = await call('POST', '/api/v1/data-sources', { type: 'file', name: 'Policies and handbooks' });
  await upload(call, files.id as string);
  return { website, files };
}

/** What a team a week into using the service would have. */
async function seed(call: Call, { website, files }: Awaited<ReturnType<typeof addSources>>): Promise<Seeded> {
  await waitForSync(call, website.id as string);
  await waitForSync(call, files.id as string);
  const agent = await call('POST', '/api/v1/agents', {
    name: 'Developer docs assistant',
    data_source_ids: [website.id, files.id],
    system_prompt: 'Answer from the documentation only. Cite your sources.',
  });
  await call('POST', '/api/v1/agents', { name: 'Support triage', data_source_ids: [files.id] });
  await call('POST', '/api/v1/agents', { name: 'Release notes bot', data_source_ids: [website.id], status: 'disabled' });
  let interactionId = '';
  const questions = [
    'How do I declare a path parameter with a type?',
    'How can I run the app with uvicorn?',
    'How do I return a custom status code?',
    'What is a dependency in FastAPI?',
    'How do I add CORS middleware?',
    'Can I upload files with a form?',
  ];
  for (const [index, question] of questions.entries()) {
    const answer = await call('POST', '/api/v1/query', { agent_id: agent.id, query: question, stream: false });
    const interaction = (answer.metadata as { interaction_id: string }).interaction_id;
    interactionId ||= interaction;
    if (index % 3 !== 2) {
      await call('POST', `/api/v1/interactions/${interaction}/feedback`, { feedback: index % 3 === 0 ? 'positive' : 'negative' });
    }
  }
  for (const [email, name, role] of [
    ['li.wei@acme.test', 'Li Wei', 'configure'],
    ['sam.okafor@acme.test', 'Sam Okafor', 'train'],
    ['ines.duarte@acme.test', 'Inês Duarte', 'readonly'],
  ]) {
    await call('POST', '/api/v1/users', { email, name, role });
  }
  await call('POST', '/api/v1/api-keys', { name: 'Help center widget', scopes: ['execute'] });
  await call('POST', '/api/v1/api-keys', { name: 'Nightly export', scopes: ['read'] });
  const webhook = await call('POST', '/api/v1/webhooks', {
    url: 'https://hooks.acme.test/agent-events',
    events: ['datasource.processed', 'datasource.failed', 'interaction.completed'],
    description: 'Feeds the analytics warehouse',
  });
  await call('POST', `/api/v1/webhooks/${webhook.id as string}/test`, {});
  await call('POST', '/api/v1/provider-keys', { provider: 'openai', name: 'Production OpenAI', api_key: 'sk-proj-screenshots-not-a-real-key-000000' });
  await call('POST', '/api/v1/oauth-clients', {
    name: 'Acme reporting',
    redirect_uris: ['https://reports.acme.test/callback'],
    scopes: ['read'],
    type: 'public',
  });
  return { agentId: agent.id as string, websiteId: website.id as string, filesId: files.id as string, interactionId, webhookId: webhook.id as string };
}

async function upload(call: Call, sourceId: string): Promise<void> {
  const form = new FormData();
  for (const file of ['pdf/google-doc-document.pdf', 'pdf/crazyones-pdfa.pdf', 'docx/footnotes.docx', 'docx/simple-list.docx']) {
    form.append('file', new Blob([await readFile(join(EVAL, file))]), file.split('/')[1]);
  }
  await call('POST', `/api/v1/data-sources/${sourceId}/files`, form);
}

async function waitForSync(call: Call, sourceId: string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const status = await call('GET', `/api/v1/data-sources/${sourceId}/status`);
    if (status.status !== 'syncing' && status.status !== 'pending') {
      return;
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`${sourceId} did not finish syncing`);
}

async function shoot(page: Page, origin: string, name: string, path: string, ready?: () => Promise<void>, fullPage = false): Promise<void> {
  await page.goto(`${origin}${path}`);
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    .getByRole('status')
    .filter({ hasText: 'Loading' })
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  await ready?.();
  await page.screenshot({ path: join(OUT, `${name}.png`), fullPage });
  process.stdout.write(`  ${name}.png\n`);
}

async function playground(page: Page, origin: string, agentId: string): Promise<void> {
  const ask = async () => {
    await page.getByLabel('Question', { exact: true }).fill('How do I declare a path parameter with a type?');
    await page.getByRole('button', { name: /^ask$/i }).click();
    await page.getByRole('button', { name: 'Helpful', exact: true }).first().waitFor({ timeout: 30_000 });
  };
  await shoot(page, origin, 'playground', `/playground?agent=${agentId}`, ask, true);
}

async function phoneAndDark(origin: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  try {
    for (const [name, options] of [
      ['agents-dark', { viewport: DESKTOP, colorScheme: 'dark' as const }],
      ['data-sources-phone', { viewport: PHONE, colorScheme: 'light' as const }],
    ] as const) {
      const context = await browser.newContext({ ...options, locale: 'en-GB', timezoneId: 'Europe/Paris' });
      const page = await context.newPage();
      await page.goto(`${origin}/sign-in`);
      await page.getByLabel('Email').fill('maria@acme.test');
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.locator('main#main').waitFor();
      await shoot(page, origin, name, name.startsWith('agents') ? '/agents' : '/data-sources');
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

await main();
