import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSlackFake, type SlackFake } from '#test/fakes/slack/fake-slack.js';
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
import { ingestionEnv } from '#test/utils/ingestion.js';
import { OpenAIStub } from '#test/utils/openai-stub.js';

const MESSAGES = [
  { id: 'deploy', title: 'Deploy freeze', text: 'No deploys on Friday afternoons; the on-call engineer approves exceptions.' },
  { id: 'rotation', title: 'On-call rotation', text: 'The rotation changes every Monday at nine; swap shifts in the team calendar.' },
];

describeConsole('connector sources in the console: create, connect at the provider, disconnect', () => {
  let service: ConsoleService;
  let browser: Browser;
  let stub: OpenAIStub;
  let fake: SlackFake;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let sourceId: string;

  const api = () => request(service.t.http);
  const admin = () => bearer(service.org.adminKey);
  const heading = (name: string) => page.getByRole('heading', { level: 1, name });
  const region = (name: string) => page.getByRole('region', { name, exact: true });
  /** The API answers with the address the request came to: supertest's 127.0.0.1, the browser's localhost. */
  const inBrowser = (authorizeUrl: string) => `${service.url}${new URL(authorizeUrl).pathname}`;
  const stored = async () =>
    (
      await api()
        .get(`/api/v1/data-sources/${sourceId}`)
        .set(...admin())
        .expect(200)
    ).body as { status: string; config: Record<string, unknown>; authorize_url: string };

  beforeAll(async () => {
    [stub, fake, browser] = await Promise.all([OpenAIStub.start({ dimensions: 512 }), startSlackFake(), launchBrowser()]);
    for (const message of MESSAGES) {
      fake.put(message);
    }
    service = await startConsoleService({ env: ingestionEnv(stub, fake.environment) });
    ({ context, page, problems } = await newConsoleContext(browser));
    page.setDefaultTimeout(10_000);
    await acceptInvitationInBrowser(page, service.url, service.org.adminInvitation);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await service?.close();
    await fake?.close();
    await stub?.close();
  });

  it('should create a Slack source through the form and offer to connect it, with no sync before', async () => {
    await page.goto(`${service.url}/data-sources`);
    await page.getByRole('button', { name: 'New data source' }).click();
    const form = page.getByRole('dialog', { name: 'New data source' });
    await form.getByLabel('Type').selectOption('slack');
    await form.getByLabel('Name').fill('Engineering Slack');
    // The API's reason for a config field shows beside it.
    const channels = form.getByLabel('Channel IDs');
    await channels.fill('engineering');
    await form.getByRole('button', { name: 'Create data source' }).click();
    await expect.poll(() => channels.getAttribute('aria-invalid')).toBe('true');
    const described = (await channels.getAttribute('aria-describedby'))!.split(' ');
    expect(await form.locator(`[id="${described.at(-1)}"]`).textContent()).toMatch(/Slack channel id/);
    await channels.fill('C0ENG');
    expect(await form.getByRole('checkbox', { name: 'Include threads' }).isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Create data source' }).click();

    await heading('Engineering Slack').waitFor();
    sourceId = new URL(page.url()).pathname.split('/').pop()!;
    const source = await stored();
    expect(source).toMatchObject({ status: 'pending', config: { ...fake.sourceConfig, include_threads: true } });

    const connection = region('Connection');
    await connection.getByText('Not connected yet').waitFor();
    // The sync status is a request of its own, which may answer after the source's.
    await region('Sync').getByText('Not connected', { exact: true }).waitFor();
    expect(await connection.getByRole('link', { name: 'Connect' }).getAttribute('href')).toBe(inBrowser(source.authorize_url));
    expect(await page.getByRole('button', { name: 'Sync now' }).count()).toBe(0);
    expect(await page.getByRole('progressbar').count()).toBe(0);
    await expectAccessible(page, 'Slack source waiting for its connection');
  });

  it('should go through the provider’s consent and come back to the source, connected, with its messages indexed', async () => {
    await region('Connection').getByRole('link', { name: 'Connect' }).click();
    await page.waitForURL(`${service.url}/data-sources/${sourceId}`);
    await heading('Engineering Slack').waitFor();
    await region('Connection').getByText('Connected to Slack').waitFor();

    const documents = region('Documents');
    await expect.poll(() => documents.locator('tbody tr').count(), { timeout: 20_000 }).toBe(MESSAGES.length);
    const listed = await documents.textContent();
    for (const message of MESSAGES) {
      expect(listed).toContain(fake.documentUrl(message.id));
    }
    await region('Sync').getByText('Connected', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Sync now' }).waitFor();
    expect((await stored()).status).toBe('Connected');
    await expectAccessible(page, 'connected Slack source');
  });

  it('should show a read-only person the connection without Connect, Disconnect or Sync now', async () => {
    const created = await api()
      .post('/api/v1/users')
      .set(...admin())
      .send({ email: `reader-${randomBytes(3).toString('hex')}@example.test`, name: 'Rita Reader', role: 'readonly' })
      .expect(201);
    const reader = await newConsoleContext(browser);
    try {
      await acceptInvitationInBrowser(reader.page, service.url, created.body.invitation.token);
      await reader.page.goto(`${service.url}/data-sources/${sourceId}`);
      const connection = reader.page.getByRole('region', { name: 'Connection', exact: true });
      await connection.getByText('Connected to Slack').waitFor();
      expect(await reader.page.getByRole('button', { name: /Disconnect|Sync now|Delete/ }).count()).toBe(0);
      expect(await reader.page.getByRole('link', { name: /^(Connect|Reconnect)$/ }).count()).toBe(0);
      expect(reader.problems).toEqual([]);
    } finally {
      await reader.context.close();
    }
  });

  it('should disconnect after confirming, then offer to reconnect and no sync', async () => {
    const connection = region('Connection');
    await connection.getByRole('button', { name: 'Disconnect' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disconnect “Engineering Slack” from Slack?' });
    await dialog.getByText(/revoked there/).waitFor();
    await expectAccessible(page, 'disconnect confirmation');
    await dialog.getByRole('button', { name: 'Disconnect' }).click();

    await connection.getByText('Disconnected from Slack').waitFor();
    await region('Sync').getByText('Disconnected', { exact: true }).waitFor();
    const source = await stored();
    expect(source.status).toBe('Disconnected');
    expect(fake.revokedTokens.length).toBeGreaterThan(0);
    expect(await connection.getByRole('link', { name: 'Reconnect' }).getAttribute('href')).toBe(inBrowser(source.authorize_url));
    expect(await page.getByRole('button', { name: 'Sync now' }).count()).toBe(0);
    expect(await region('Documents').locator('tbody tr').count()).toBe(MESSAGES.length);
    await expectAccessible(page, 'disconnected Slack source');

    await page.getByRole('link', { name: 'All data sources' }).click();
    const row = page.locator('main table tbody tr').filter({ hasText: 'Engineering Slack' });
    await row.getByText('Disconnected').waitFor();
    expect(problems).toEqual([]);
  });

  it('should say on the source’s page, not as a page of JSON, that its provider is not configured on the service', async () => {
    const created = await api()
      .post('/api/v1/data-sources')
      .set(...admin())
      .send({ type: 'confluence', name: 'Team wiki', config: { site_url: 'https://acme.atlassian.net' } })
      .expect(201);
    const sourcePage = `${service.url}/data-sources/${created.body.id}`;
    await page.goto(sourcePage);
    const connection = region('Connection');
    await connection.getByRole('link', { name: 'Connect' }).click();
    await connection.getByRole('alert').getByText('The confluence connector is not configured on this service').waitFor();
    expect(page.url()).toBe(sourcePage);
    await heading('Team wiki').waitFor();
    expect(problems).toEqual([]);
  });
});
