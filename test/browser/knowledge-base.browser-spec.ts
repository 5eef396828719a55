import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  acceptInvitationInBrowser,
  describeConsole,
  expectAccessible,
  launchBrowser,
  newConsoleContext,
  startConsoleService,
  type ConsoleService,
} from '#test/utils/console.js';
import { bearer } from '#test/utils/factories.js';

const TITLE = 'Resetting your password';
const FIRST_CONTENT =
  '# How to reset it\n\nOpen **Settings**, then choose *Security*.\n\n1. Click `Reset password`: a link arrives by email.\n2. Follow the link.\n\n```\nsettings > security\n```';
/** The list's page size in the console. */
const PAGE_SIZE = 25;
const SECOND_CONTENT = 'Open Settings, choose Security, then click Reset password.\n\nThe link in the email works for one hour.';

describeConsole('knowledge base console', () => {
  let service: ConsoleService;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let articleId: string;

  const api = () => request(service.t.http);
  const admin = () => bearer(service.org.adminKey);
  const heading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });
  const articleRows = () => page.getByRole('region', { name: 'Article list' }).locator('tbody tr');
  const versionRows = () => page.getByRole('region', { name: 'Versions' }).locator('tbody tr');

  beforeAll(async () => {
    [service, browser] = await Promise.all([startConsoleService(), launchBrowser()]);
    ({ context, page, problems } = await newConsoleContext(browser));
    page.setDefaultTimeout(10_000);
    await acceptInvitationInBrowser(page, service.url, service.org.adminInvitation);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await service?.close();
  });

  it('should explain an empty knowledge base, create an article in a dialog and hold it in the API', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Knowledge base' }).click();
    await heading('Knowledge base').waitFor();
    await page.getByText('No articles yet').waitFor();
    expect(await page.locator('main').textContent()).toContain('Published articles are retrieved by every agent');

    await page.getByRole('button', { name: 'New article' }).click();
    const form = page.getByRole('dialog', { name: 'New article' });
    await form.getByLabel('Title').fill(TITLE);
    await form.getByLabel('Content').fill(FIRST_CONTENT);
    await form.getByLabel('Tags').fill('account, security, account');
    await form.getByLabel('Status').selectOption({ label: 'Published' });
    await form.getByRole('button', { name: 'Create article' }).click();

    await heading(TITLE).waitFor();
    articleId = new URL(page.url()).pathname.split('/').pop()!;
    expect(articleId).toMatch(/^kb_/);
    const stored = await api()
      .get(`/api/v1/kb/${articleId}`)
      .set(...admin())
      .expect(200);
    expect(stored.body).toMatchObject({ title: TITLE, content: FIRST_CONTENT, tags: ['account', 'security'], status: 'published', version: 1 });

    // The Markdown reads as text with its heading (under the section's), emphasis, list and code, never as raw HTML.
    const content = page.getByRole('region', { name: 'Content' });
    await content.getByText('Settings', { exact: true }).waitFor();
    await content.getByRole('heading', { level: 3, name: 'How to reset it' }).waitFor();
    expect(await content.locator('strong').textContent()).toBe('Settings');
    expect(await content.locator('em').textContent()).toBe('Security');
    expect(await content.getByRole('list').getByRole('listitem').allTextContents()).toEqual([
      'Click Reset password: a link arrives by email.',
      'Follow the link.',
    ]);
    expect(await content.locator('li code').textContent()).toBe('Reset password');
    expect(await content.getByRole('group', { name: 'Code' }).textContent()).toBe('settings > security');
    await versionRows().first().waitFor();
    await expectAccessible(page, 'an article');

    await page.getByRole('link', { name: 'All articles' }).click();
    await heading('Knowledge base').waitFor();
    const row = articleRows().filter({ hasText: TITLE });
    await row.getByText('Published').waitFor();
    expect(await row.textContent()).toContain('account, security');
    await expectAccessible(page, 'the article list');

    // The status filter lives in the address and asks the API for drafts only.
    await page.getByLabel('Status').selectOption({ label: 'Draft' });
    await page.getByText('No draft articles').waitFor();
    expect(new URL(page.url()).searchParams.get('status')).toBe('draft');
    await page.getByRole('button', { name: 'Show all articles' }).click();
    await row.waitFor();
  });

  it('should edit the article into a second version, show the API’s reasons beside the fields, and show the first version as it was', async () => {
    await page.goto(`${service.url}/knowledge-base/${articleId}`);
    await heading(TITLE).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('region', { name: 'Edit article' });
    const title = editor.getByLabel('Title');
    const titleId = await title.getAttribute('id');
    await expect.poll(() => page.evaluate<string>('document.activeElement?.id ?? ""')).toBe(titleId);

    // Spaces only pass the browser's own check; the API trims them and says why it refuses.
    await title.fill('   ');
    await editor.getByRole('button', { name: 'Save as a new version' }).click();
    await editor.getByText('title must not be empty').waitFor();
    expect(await title.getAttribute('aria-invalid')).toBe('true');

    await title.fill(TITLE);
    await editor.getByLabel('Content').fill(SECOND_CONTENT);
    await editor.getByLabel('Status').selectOption({ label: 'Draft' });
    await editor.getByRole('button', { name: 'Save as a new version' }).click();
    await page.getByRole('status').getByText('Article saved as version 2.').waitFor();
    await page.getByRole('region', { name: 'Content' }).getByText('The link in the email works for one hour.').waitFor();
    await expect.poll(() => versionRows().count()).toBe(2);
    expect(await versionRows().first().textContent()).toMatch(/^2\s*Current/);

    const versions = await api()
      .get(`/api/v1/kb/${articleId}/versions`)
      .set(...admin())
      .expect(200);
    expect(versions.body).toMatchObject({
      total: 2,
      versions: [
        { version: 2, status: 'draft', content: SECOND_CONTENT },
        { version: 1, status: 'published' },
      ],
    });

    // The history's page lives in the address too.
    await page.goto(`${service.url}/knowledge-base/${articleId}?offset=1`);
    await page.getByRole('navigation', { name: 'Pages' }).getByText('2–2 of 2').waitFor();
    expect(await versionRows().count()).toBe(1);
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => versionRows().count()).toBe(2);
    expect(new URL(page.url()).search).toBe('');

    await page.getByRole('button', { name: 'View version 1' }).click();
    const old = page.getByRole('dialog', { name: `Version 1: ${TITLE}` });
    await old.getByText('Click', { exact: false }).waitFor();
    await old.getByRole('heading', { level: 4, name: 'How to reset it' }).waitFor();
    expect(await old.locator('strong').textContent()).toBe('Settings');
    expect(await old.textContent()).toContain('Published');
    await expectAccessible(page, 'an older version');
    await old.getByRole('button', { name: 'Close' }).click();
    await old.waitFor({ state: 'hidden' });
  });

  it('should page a read-only user through the list to the article and its history, with no control to change them', async () => {
    // Newer articles fill the first page, so the edited one is on the second.
    for (let n = 1; n <= PAGE_SIZE; n++) {
      await api()
        .post('/api/v1/kb')
        .set(...admin())
        .send({ title: `Note ${n}`, content: `Note number ${n}.` })
        .expect(201);
    }
    const email = `reader-${randomBytes(3).toString('hex')}@example.test`;
    const invited = await api()
      .post('/api/v1/users')
      .set(...admin())
      .send({ email, name: 'Rita Reader', role: 'readonly' })
      .expect(201);
    const reader = await newConsoleContext(browser, { width: 390, height: 844 });
    try {
      reader.page.setDefaultTimeout(10_000);
      await acceptInvitationInBrowser(reader.page, service.url, invited.body.invitation.token);
      await reader.page.goto(`${service.url}/knowledge-base`);
      await reader.page.getByRole('heading', { level: 1, name: 'Knowledge base' }).waitFor();
      const pages = reader.page.getByRole('navigation', { name: 'Pages' });
      await pages.getByText(`1–${PAGE_SIZE} of ${PAGE_SIZE + 1}`).waitFor();
      expect(await reader.page.getByRole('link', { name: TITLE }).count()).toBe(0);
      await pages.getByRole('button', { name: 'Next' }).click();
      await reader.page.getByRole('link', { name: TITLE }).waitFor();
      expect(new URL(reader.page.url()).searchParams.get('offset')).toBe(String(PAGE_SIZE));
      expect(await reader.page.getByRole('button', { name: 'New article' }).count()).toBe(0);
      await expectAccessible(reader.page, 'the article list, read only, at phone width');

      await reader.page.getByRole('link', { name: TITLE }).click();
      await reader.page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      await reader.page.getByRole('region', { name: 'Versions' }).locator('tbody tr').nth(1).waitFor();
      for (const name of ['Edit', 'Delete']) {
        expect(await reader.page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
      }
      await expectAccessible(reader.page, 'an article, read only, at phone width');
      expect(await reader.page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
      expect(reader.problems).toEqual([]);
    } finally {
      await reader.context.close();
    }
  });

  it('should delete the article after confirming, which the API then no longer finds', async () => {
    await page.goto(`${service.url}/knowledge-base/${articleId}`);
    await heading(TITLE).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: `Delete article “${TITLE}”?` });
    expect(await confirm.textContent()).toContain('all 2 of its versions are removed for good');
    await confirm.getByRole('button', { name: 'Delete article' }).click();
    await heading('Knowledge base').waitFor();
    await page.getByText(`${PAGE_SIZE} articles`).waitFor();
    expect(await page.getByRole('link', { name: TITLE }).count()).toBe(0);
    await api()
      .get(`/api/v1/kb/${articleId}`)
      .set(...admin())
      .expect(404);
    expect(problems).toEqual([]);
  });
});
