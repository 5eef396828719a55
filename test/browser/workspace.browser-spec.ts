import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
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
import { FixtureSite } from '#test/utils/fixture-site.js';
import { ingestionEnv, page as docsPage } from '#test/utils/ingestion.js';
import { OpenAIStub } from '#test/utils/openai-stub.js';

/** Each page of the fixture site answers this late, and the crawl fetches one at a time: the sync lasts a few seconds. */
const PAGE_DELAY_MS = 600;
const DOCS: Record<string, string> = {
  install: 'Run the installer and accept the licence.',
  configure: 'Edit the settings file to choose a port.',
  upgrade: 'Stop the service before installing a new version.',
};
const PASSWORD_DOC = '# Resetting your password\n\nTo reset your password, open Settings, choose Security, then click Reset password. A link arrives by email.';

describeConsole('workspace console: agents, data sources, playground', () => {
  let service: ConsoleService;
  let browser: Browser;
  let stub: OpenAIStub;
  let site: FixtureSite;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let websiteId: string;
  let filesId: string;
  let agentId: string;

  const api = () => request(service.t.http);
  const admin = () => bearer(service.org.adminKey);
  const heading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });
  const bodyRows = () => page.locator('main table tbody tr');
  /** The id at the end of the page's address. */
  const idInAddress = () => new URL(page.url()).pathname.split('/').pop()!;

  beforeAll(async () => {
    [stub, site, browser] = await Promise.all([OpenAIStub.start({ dimensions: 512 }), FixtureSite.start(), launchBrowser()]);
    const links = Object.keys(DOCS)
      .map((slug) => `<li><a href="/docs/${slug}">${slug}</a></li>`)
      .join('');
    site.html(
      '/docs/',
      `<html><head><title>Docs home</title></head><body><main><h1>Documentation</h1><p>The Acme widget.</p><ul>${links}</ul></main></body></html>`,
      {
        delayMs: PAGE_DELAY_MS,
      },
    );
    for (const [slug, text] of Object.entries(DOCS)) {
      site.html(`/docs/${slug}`, docsPage(slug, text), { delayMs: PAGE_DELAY_MS });
    }
    service = await startConsoleService({ env: ingestionEnv(stub, { CRAWL_CONCURRENCY: '1', CUSTOM_MODEL_BASE_URL: stub.baseUrl }) });
    ({ context, page, problems } = await newConsoleContext(browser));
    page.setDefaultTimeout(10_000);
    await acceptInvitationInBrowser(page, service.url, service.org.adminInvitation);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await service?.close();
    await site?.close();
    await stub?.close();
  });

  // Two crawls of the fixture site, each awaited in the browser for up to 20 s.
  it(
    'should add a website source and follow its sync live, in the list and on its page, until its documents are indexed, and sync it again',
    { timeout: 60_000 },
    async () => {
      await page.goto(`${service.url}/data-sources`);
      await heading('Data sources').waitFor();
      await page.getByText('No data sources yet').waitFor();

      await page.getByRole('button', { name: 'New data source' }).click();
      const form = page.getByRole('dialog', { name: 'New data source' });
      await form.getByLabel('Type').selectOption('website');
      await form.getByLabel('Name').fill('Acme docs');
      await form.getByLabel('Start address').fill(site.url('/docs/'));
      await form.getByLabel('Maximum pages').fill('10');
      await form.getByLabel('Sync schedule').selectOption({ label: 'Every day' });
      await form.getByRole('button', { name: 'Create data source' }).click();

      await heading('Acme docs').waitFor();
      websiteId = idInAddress();
      expect(websiteId).toMatch(/^ds_/);
      const stored = await api()
        .get(`/api/v1/data-sources/${websiteId}`)
        .set(...admin())
        .expect(200);
      expect(stored.body).toMatchObject({ type: 'website', name: 'Acme docs', sync_frequency: 'daily', config: { url: site.url('/docs/'), max_pages: 10 } });

      // The list shows the sync in progress, then the source active once it ends.
      await page.getByRole('link', { name: 'All data sources' }).click();
      await heading('Data sources').waitFor();
      const row = bodyRows().filter({ hasText: 'Acme docs' });
      const listProgress = row.getByRole('progressbar', { name: 'Sync progress of Acme docs' });
      await listProgress.waitFor();
      expect(await row.textContent()).toMatch(/Queued|Syncing/);
      await expectAccessible(page, 'data sources list, syncing');
      await row.getByText('Active').waitFor({ timeout: 20_000 });
      expect(await listProgress.count()).toBe(0);

      await row.getByRole('link', { name: 'Acme docs' }).click();
      const progress = page.getByRole('progressbar', { name: 'Sync progress' });
      await expect.poll(() => progress.getAttribute('value')).toBe('100');
      const documents = page.getByRole('region', { name: 'Documents', exact: true });
      await expect.poll(() => documents.locator('tbody tr').count()).toBe(4);
      expect(await documents.textContent()).toContain(site.url('/docs/install'));
      expect(await documents.locator('tbody').getByText('Indexed').count()).toBe(4);
      const status = await api()
        .get(`/api/v1/data-sources/${websiteId}/status`)
        .set(...admin())
        .expect(200);
      expect(status.body).toMatchObject({ status: 'active', progress_pct: 100 });
      expect(await page.getByRole('region', { name: 'Sync', exact: true }).textContent()).toContain(`${status.body.chunks_indexed} chunks`);
      await expectAccessible(page, 'website data source');

      // The documents' filter lives in the address: a reload shows the same view.
      await documents.getByLabel('Show').selectOption({ label: 'Failed' });
      await documents.getByText('No document has this status').waitFor();
      expect(new URL(page.url()).searchParams.get('status')).toBe('failed');
      await page.reload();
      await documents.getByText('No document has this status').waitFor();
      expect(await documents.getByLabel('Show').inputValue()).toBe('failed');
      await documents.getByLabel('Show').selectOption({ label: 'All' });
      await expect.poll(() => documents.locator('tbody tr').count()).toBe(4);

      // A refused address is said once, beside its field.
      const settings = page.getByRole('region', { name: 'Settings', exact: true });
      await settings.getByLabel('Start address').fill('ftp://example.com/');
      await settings.getByRole('button', { name: 'Save changes' }).click();
      await settings.getByRole('alert').first().waitFor();
      expect(await settings.getByRole('alert').count()).toBe(1);
      expect(await settings.getByLabel('Start address').getAttribute('aria-invalid')).toBe('true');
      await settings.getByLabel('Start address').fill(site.url('/docs/'));

      // Sync now: the bar runs again and comes back to 100%, with the same documents.
      await page.getByRole('button', { name: 'Sync now' }).click();
      await page.getByRole('button', { name: 'Syncing…' }).waitFor();
      await page.getByRole('button', { name: 'Sync now' }).waitFor({ timeout: 20_000 });
      expect(await progress.getAttribute('value')).toBe('100');
      expect(await documents.locator('tbody tr').count()).toBe(4);
    },
  );

  it('should create a files source and index an uploaded file', async () => {
    await page.goto(`${service.url}/data-sources`);
    await page.getByRole('button', { name: 'New data source' }).click();
    const form = page.getByRole('dialog', { name: 'New data source' });
    await form.getByLabel('Type').selectOption('file');
    await form.getByLabel('Name').fill('Handbook');
    await form.getByRole('button', { name: 'Create data source' }).click();
    await heading('Handbook').waitFor();
    filesId = idInAddress();

    await page.getByLabel('Files to upload').setInputFiles({ name: 'password.md', mimeType: 'text/markdown', buffer: Buffer.from(PASSWORD_DOC) });
    await page.getByText(/Uploaded, now indexing: password\.md/).waitFor();
    const documents = page.getByRole('region', { name: 'Documents', exact: true });
    await documents.getByRole('cell', { name: /password\.md/ }).waitFor({ timeout: 20_000 });
    await documents.locator('tbody').getByText('Indexed').waitFor();
    await expect.poll(() => page.getByRole('progressbar', { name: 'Sync progress' }).getAttribute('value')).toBe('100');

    const listed = await api()
      .get(`/api/v1/data-sources/${filesId}/documents`)
      .set(...admin())
      .expect(200);
    expect(listed.body.documents).toMatchObject([{ url: 'password.md', status: 'indexed' }]);
    await expectAccessible(page, 'files data source');

    await page.getByRole('region', { name: 'Settings', exact: true }).getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Data source saved.' }).waitFor();
  });

  it('should create an agent on both sources, edit it, and disable and enable it', async () => {
    await page.goto(`${service.url}/agents`);
    await heading('Agents').waitFor();
    await page.getByText('No agents yet').waitFor();
    await page.getByRole('button', { name: 'New agent' }).click();
    const form = page.getByRole('dialog', { name: 'New agent' });
    // The dialog opens on its first field, where typing starts (not on Close, which a space would press).
    const firstField = await form.getByLabel('Name').getAttribute('id');
    await expect.poll(() => page.evaluate<string>('document.activeElement?.id ?? ""')).toBe(firstField);
    await form.getByLabel('Name').fill('Support assistant');
    await form.getByLabel('Instructions').fill('Answer from the documentation only.');
    await form.getByRole('checkbox', { name: 'Acme docs (website)' }).check();
    await form.getByRole('checkbox', { name: 'Handbook (files)' }).check();
    // A refused model is said once, beside its field.
    await form.getByLabel('Model').fill('nonsense-model');
    await form.getByRole('button', { name: 'Create agent' }).click();
    await form.getByRole('alert').first().waitFor();
    expect(await form.getByRole('alert').count()).toBe(1);
    expect(await form.getByLabel('Model').getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel('Model').fill('extractive');
    await form.getByRole('button', { name: 'Create agent' }).click();

    const row = bodyRows().filter({ hasText: 'Support assistant' });
    await row.waitFor();
    expect(await row.textContent()).toContain('extractive');
    const listed = await api()
      .get('/api/v1/agents')
      .set(...admin())
      .expect(200);
    expect(listed.body.total).toBe(1);
    const [agent] = listed.body.agents;
    expect(agent).toMatchObject({ name: 'Support assistant', model: 'extractive', rag_strategy: 'hybrid', status: 'active' });
    expect([...agent.data_source_ids].sort()).toEqual([websiteId, filesId].sort());
    agentId = agent.id;
    await expectAccessible(page, 'agents list');

    // A page past the end of the list says so and leads back to the first page.
    await page.goto(`${service.url}/agents?offset=9999`);
    await page.getByText('Nothing on this page').waitFor();
    expect(await page.locator('main table').count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Pages' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Go to the first page' }).click();
    await row.waitFor();
    expect(new URL(page.url()).search).toBe('');

    await row.getByRole('link', { name: 'Support assistant' }).click();
    await heading('Support assistant').waitFor();
    const edit = page.getByRole('region', { name: 'Edit', exact: true });
    await edit.getByLabel('Temperature').fill('0.4');
    await edit.getByLabel('Retrieval strategy').selectOption('keyword');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Agent saved.' }).waitFor();
    await expect
      .poll(
        async () =>
          (
            await api()
              .get(`/api/v1/agents/${agentId}`)
              .set(...admin())
          ).body,
      )
      .toMatchObject({ temperature: 0.4, rag_strategy: 'keyword' });
    await page.getByRole('region', { name: 'Details', exact: true }).getByText('Keyword').waitFor();

    await page.getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('button', { name: 'Enable' }).waitFor();
    expect(
      (
        await api()
          .get(`/api/v1/agents/${agentId}`)
          .set(...admin())
      ).body.status,
    ).toBe('disabled');
    await page.getByRole('region', { name: 'Details', exact: true }).getByText('Disabled').waitFor();
    await expectAccessible(page, 'agent page');
    await page.getByRole('button', { name: 'Enable' }).click();
    await page.getByRole('button', { name: 'Disable' }).waitFor();
    expect(
      (
        await api()
          .get(`/api/v1/agents/${agentId}`)
          .set(...admin())
      ).body,
    ).toMatchObject({
      status: 'active',
      temperature: 0.4,
      system_prompt: 'Answer from the documentation only.',
    });

    // Cleared, the temperature is the default again, as its hint says and as it is for a new agent.
    expect(await edit.getByLabel('Temperature').inputValue()).toBe('0.4');
    await edit.getByLabel('Temperature').fill('');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(
        async () =>
          (
            await api()
              .get(`/api/v1/agents/${agentId}`)
              .set(...admin())
          ).body.temperature,
      )
      .toBe(0.2);
  });

  it('should stream an answer with its cited sources, take feedback, and keep the session for a follow-up', async () => {
    await page.getByRole('link', { name: 'Ask in the playground' }).click();
    await heading('Playground').waitFor();
    expect(await page.getByLabel('Agent').inputValue()).toBe(agentId);
    await page.getByLabel('Question').fill('How do I reset my password?');
    await page.getByRole('button', { name: 'Ask' }).click();

    const turn = page.getByRole('article', { name: 'How do I reset my password?' });
    await page.getByRole('status').filter({ hasText: 'Answer complete.' }).waitFor();
    const interactionHref = await turn.getByRole('link', { name: 'Interaction record' }).getAttribute('href');
    const interactionId = interactionHref!.split('/').pop()!;
    const stored = await api()
      .get(`/api/v1/interactions/${interactionId}`)
      .set(...admin())
      .expect(200);
    expect(stored.body.response).toMatch(/Reset password/);
    // The text streamed in is the stored answer (its **bold** shown as bold, its paragraphs as paragraphs).
    expect(await turn.locator('.answer-text').innerText()).toBe(stored.body.response.replaceAll('**', ''));
    expect(await turn.locator('.answer-text strong').count()).toBeGreaterThan(0);

    // Its [n] markers link to the sources listed beside the answer.
    const sources = turn.getByRole('heading', { name: 'Sources' }).locator('..');
    expect(await sources.textContent()).toContain('password.md');
    const citation = turn.getByRole('link', { name: /^Source 1: / }).first();
    await citation.click();
    expect(await page.evaluate<string>('document.activeElement?.id ?? ""')).toMatch(/-source-1$/);

    await turn.getByRole('button', { name: 'Helpful', exact: true }).click();
    await expect.poll(() => turn.getByRole('button', { name: 'Helpful', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(
      (
        await api()
          .get(`/api/v1/interactions/${interactionId}`)
          .set(...admin())
      ).body.feedback,
    ).toBe('positive');
    await turn.getByRole('button', { name: 'Not helpful' }).click();
    await turn.getByLabel('What was wrong? (optional)').fill('The second step is missing.');
    await turn.getByRole('button', { name: 'Send comment' }).click();
    await expect
      .poll(
        async () =>
          (
            await api()
              .get(`/api/v1/interactions/${interactionId}`)
              .set(...admin())
          ).body,
      )
      .toMatchObject({ feedback: 'negative', comment: 'The second step is missing.' });
    await expectAccessible(page, 'playground with an answer');

    // Beside the answer at desktop width.
    const answerBox = (await turn.locator('.answer').boundingBox())!;
    const sourcesBox = (await sources.boundingBox())!;
    expect(sourcesBox.x).toBeGreaterThan(answerBox.x + answerBox.width - 1);

    await page.getByLabel('Follow-up question').fill('How long does support take to answer?');
    await page.keyboard.press('Enter');
    const followUp = page.getByRole('article', { name: 'How long does support take to answer?' });
    await followUp.getByRole('link', { name: 'Interaction record' }).waitFor();
    const followUpId = (await followUp.getByRole('link', { name: 'Interaction record' }).getAttribute('href'))!.split('/').pop()!;
    const second = await api()
      .get(`/api/v1/interactions/${followUpId}`)
      .set(...admin())
      .expect(200);
    expect(second.body.session_id).toBe(stored.body.session_id);

    // Below the answer on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    const narrowAnswer = (await turn.locator('.answer').boundingBox())!;
    const narrowSources = (await sources.boundingBox())!;
    expect(narrowSources.y).toBeGreaterThanOrEqual(narrowAnswer.y + narrowAnswer.height - 1);
    await expectAccessible(page, 'playground at 390 px');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('should keep a stopped answer\u2019s question in the conversation: the follow-up continues its session', async () => {
    const slow = await api()
      .post('/api/v1/agents')
      .set(...admin())
      .send({ name: 'Model that stalls', data_source_ids: [websiteId], model: 'custom:stub' })
      .expect(201);
    // The model sends two words, then nothing while the connection stays open.
    stub.chat.stallAfterChunks = 2;
    try {
      await page.goto(`${service.url}/playground`);
      await heading('Playground').waitFor();
      await page.getByLabel('Agent').selectOption(slow.body.id as string);
      await page.getByLabel('Question').fill('Where is the warranty card?');
      await page.getByRole('button', { name: 'Ask' }).click();
      const first = page.getByRole('article', { name: 'Where is the warranty card?' });
      await expect.poll(() => first.locator('.answer-text').innerText()).not.toBe('');
      await page.getByRole('button', { name: 'Stop' }).click();
      await first.getByText('Stopped: the answer is incomplete.').waitFor();
    } finally {
      stub.chat.stallAfterChunks = undefined;
    }

    await page.getByLabel('Follow-up question').fill('And the receipt?');
    await page.keyboard.press('Enter');
    await page.getByRole('article', { name: 'And the receipt?' }).getByRole('link', { name: 'Interaction record' }).waitFor();
    const asked = await api()
      .get(`/api/v1/interactions?agent_id=${slow.body.id}`)
      .set(...admin())
      .expect(200);
    const turns = asked.body.interactions as Array<{ query: string; session_id: string }>;
    expect(turns.map((turn) => turn.query).sort()).toEqual(['And the receipt?', 'Where is the warranty card?']);
    expect(new Set(turns.map((turn) => turn.session_id)).size).toBe(1);
    await api()
      .delete(`/api/v1/agents/${slow.body.id}`)
      .set(...admin())
      .expect(204);
  });

  it('should show a read-only user the lists without changing controls, and no playground', async () => {
    const created = await api()
      .post('/api/v1/users')
      .set(...admin())
      .send({ email: `reader-${randomBytes(3).toString('hex')}@example.test`, name: 'Rita Reader', role: 'readonly' })
      .expect(201);
    const reader = await newConsoleContext(browser);
    try {
      await acceptInvitationInBrowser(reader.page, service.url, created.body.invitation.token);
      const view = reader.page;
      await view.goto(`${service.url}/agents`);
      await view.getByRole('link', { name: 'Support assistant' }).waitFor();
      expect(await view.getByRole('button', { name: 'New agent' }).count()).toBe(0);
      await view.getByRole('link', { name: 'Support assistant' }).click();
      await view.getByRole('region', { name: 'Details', exact: true }).waitFor();
      expect(await view.getByRole('button', { name: /Delete|Disable|Save changes/ }).count()).toBe(0);

      await view.goto(`${service.url}/data-sources/${filesId}`);
      await view.getByRole('region', { name: 'Documents', exact: true }).getByText('password.md').waitFor();
      expect(await view.getByRole('button', { name: /Sync now|Delete/ }).count()).toBe(0);
      expect(await view.getByLabel('Files to upload').count()).toBe(0);

      await view.goto(`${service.url}/playground`);
      await view.getByText('You do not have access to the playground').waitFor();
      expect(reader.problems).toEqual([]);
    } finally {
      await reader.context.close();
    }
  });

  it('should delete an agent and a data source after confirming, without asking for them again', async () => {
    /** What the console asked the API for while deleting. */
    const asked: string[] = [];
    const record = (request: Request) => asked.push(`${request.method()} ${new URL(request.url()).pathname}`);
    await page.goto(`${service.url}/agents/${agentId}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    page.on('request', record);
    await page.getByRole('dialog', { name: 'Delete agent “Support assistant”?' }).getByRole('button', { name: 'Delete agent' }).click();
    await heading('Agents').waitFor();
    await page.getByText('No agents yet').waitFor();
    await api()
      .get(`/api/v1/agents/${agentId}`)
      .set(...admin())
      .expect(404);

    page.off('request', record);
    await page.goto(`${service.url}/data-sources/${filesId}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    page.on('request', record);
    await page.getByRole('dialog', { name: 'Delete data source “Handbook”?' }).getByRole('button', { name: 'Delete data source' }).click();
    await heading('Data sources').waitFor();
    await bodyRows().filter({ hasText: 'Acme docs' }).waitFor();
    page.off('request', record);
    await api()
      .get(`/api/v1/data-sources/${filesId}`)
      .set(...admin())
      .expect(404);
    expect(asked.filter((call) => call.includes(agentId) || call.includes(filesId))).toEqual([
      `DELETE /api/v1/agents/${agentId}`,
      `DELETE /api/v1/data-sources/${filesId}`,
    ]);

    // What is gone, or never was, is not worth asking again: the page says so and leads back to the list.
    for (const [path, list] of [
      [`/data-sources/${filesId}`, 'All data sources'],
      ['/agents/not-an-id', 'All agents'],
    ]) {
      await page.goto(`${service.url}${path}`);
      await page.getByRole('alert').first().waitFor();
      expect(await page.getByRole('button', { name: 'Try again' }).count(), path).toBe(0);
      await page.getByRole('link', { name: list }).waitFor();
    }
    await page.getByRole('link', { name: 'All agents' }).click();
    await page.getByText('No agents yet').waitFor();
    expect(problems).toEqual([]);
  });

  it('should sign the console out when a streamed question finds the session ended elsewhere', async () => {
    const agent = await api()
      .post('/api/v1/agents')
      .set(...admin())
      .send({ name: 'Last agent', data_source_ids: [] })
      .expect(201);
    await page.goto(`${service.url}/playground`);
    await heading('Playground').waitFor();
    await page.getByLabel('Agent').selectOption(agent.body.id as string);

    // Signed out from elsewhere: the browser still sends its cookie, which the service no longer accepts.
    const cookie = (await context.cookies(service.url)).find((candidate) => candidate.name === 'service_session')!;
    const sessionCookie = `${cookie.name}=${cookie.value}`;
    const current = await api().get('/api/auth/session').set('Cookie', sessionCookie).expect(200);
    await api().delete('/api/auth/logout').set('Cookie', sessionCookie).set('X-CSRF-Token', current.body.csrf_token).expect(204);

    await page.getByLabel('Question').fill('Is anyone there?');
    await page.getByRole('button', { name: 'Ask' }).click();
    await heading('Sign in').waitFor();
    expect(new URL(page.url()).searchParams.get('next')).toMatch(/^\/playground\?agent=/);
    expect(problems).toEqual([]);
  });
});
