import { createHash, randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { acceptInvitationInBrowser, describeConsole, launchBrowser, newConsoleContext, startConsoleService, type ConsoleService } from '#test/utils/console.js';
import { bearer } from '#test/utils/factories.js';
import { TEST_PASSWORD } from '#test/utils/web-sessions.js';

/** The longest names the API takes, as one word: a pasted identifier or address has no space to wrap at. */
const ORGANIZATION_NAME = 'O'.repeat(200);
const AGENT_NAME = 'A'.repeat(200);
const ARTICLE_TITLE = 'T'.repeat(200);
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

describeConsole('console with long names', () => {
  let service: ConsoleService;
  let browser: Browser;
  let agentId: string;
  let articleId: string;
  let state: Awaited<ReturnType<BrowserContext['storageState']>>;

  const api = () => request(service.t.http);
  const admin = () => bearer(service.org.adminKey);
  /** How much wider than the window the page is: a page wider than its window scrolls sideways as a whole. */
  const overflow = (page: Page) => page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');

  beforeAll(async () => {
    [service, browser] = await Promise.all([startConsoleService(), launchBrowser()]);
    await api()
      .put('/api/v1/organization')
      .set(...admin())
      .send({ name: ORGANIZATION_NAME })
      .expect(200);
    agentId = (
      await api()
        .post('/api/v1/agents')
        .set(...admin())
        .send({ name: AGENT_NAME, data_source_ids: [] })
        .expect(201)
    ).body.id as string;
    articleId = (
      await api()
        .post('/api/v1/kb')
        .set(...admin())
        .send({ title: ARTICLE_TITLE, content: 'Short.', tags: [], status: 'draft' })
        .expect(201)
    ).body.id as string;
    const { context, page } = await newConsoleContext(browser);
    await acceptInvitationInBrowser(page, service.url, service.org.adminInvitation);
    state = await context.storageState();
    await context.close();
  });

  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it('should keep every page within the window, on a desktop and on a phone', async () => {
    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({ viewport, storageState: state });
      const page = await context.newPage();
      for (const path of ['/agents', `/agents/${agentId}`, '/knowledge-base', `/knowledge-base/${articleId}`, '/account']) {
        await page.goto(`${service.url}${path}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        expect(await overflow(page), `${path} at ${viewport.width} px`).toBeLessThanOrEqual(0);
      }
      await context.close();
    }
  });

  it('should show the name in the top bar on one line, cut short, and whole on hover', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS[0], storageState: state });
    const page = await context.newPage();
    await page.goto(`${service.url}/agents`);
    const name = page.getByRole('banner').getByText(ORGANIZATION_NAME);
    expect(await name.getAttribute('title')).toContain(ORGANIZATION_NAME);
    const box = await name.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(VIEWPORTS[0].width);
    expect(box!.height).toBeLessThan(40);
    await context.close();
  });

  it('should keep a confirmation’s buttons in view on a phone, however long the name it asks about', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS[1], storageState: state });
    const page = await context.newPage();
    await page.goto(`${service.url}/agents/${agentId}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    const cancel = await dialog.getByRole('button', { name: 'Cancel' }).boundingBox();
    expect(cancel!.x).toBeGreaterThanOrEqual(0);
    expect(cancel!.x + cancel!.width).toBeLessThanOrEqual(VIEWPORTS[1].width);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await context.close();
  });

  it('should fit the consent page around the name, and not promise a read-only person what the role forbids', async () => {
    const client = await api()
      .post('/api/v1/oauth-clients')
      .set(...admin())
      .send({ name: 'Report Builder', type: 'public', redirect_uris: ['http://127.0.0.1:9/callback'], scopes: ['read', 'write', 'admin'] })
      .expect(201);
    const reader = await api()
      .post('/api/v1/users')
      .set(...admin())
      .send({ email: 'reader@example.com', role: 'readonly' })
      .expect(201);
    const { context, page } = await newConsoleContext(browser, VIEWPORTS[1]);
    await acceptInvitationInBrowser(page, service.url, reader.body.invitation.token as string, TEST_PASSWORD);
    const url = new URL(`${service.url}/oauth/auth`);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: client.body.client_id as string,
      redirect_uri: 'http://127.0.0.1:9/callback',
      scope: 'read write admin',
      state: 'state',
      code_challenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    await page.goto(url.href);
    await page.getByRole('heading', { level: 1, name: 'Allow Report Builder?' }).waitFor();
    const scopes = await page.getByRole('listitem').allTextContents();
    expect(scopes).toEqual([
      'Read your agents, data sources, interactions and knowledge base',
      'Create, change and delete agents, data sources and articles: not while your role is Read only',
      'Administer the organization as you: not while your role is Read only',
    ]);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await context.close();
  });
});
