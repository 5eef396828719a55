import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
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
import { ingestionEnv, settled, waitForStatus } from '#test/utils/ingestion.js';
import { OpenAIStub } from '#test/utils/openai-stub.js';
import { createTestCertificates } from '#test/utils/tls.js';
import { signatureIsValid, WebhookReceiver } from '#test/utils/webhook-receiver.js';

const PASSWORD_DOC = '# Resetting your password\n\nTo reset your password, open Settings, choose Security, then click Reset password.';
const HOLIDAYS_DOC = '# Holidays\n\nThe office is closed on public holidays. Support answers email within one business day.';

describeConsole('administration console', () => {
  let service: ConsoleService;
  let browser: Browser;
  let receiver: WebhookReceiver;
  let stub: OpenAIStub;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  const api = () => request(service.t.http);
  const heading = (name: string) => page.getByRole('heading', { level: 1, name });
  /** Table rows of the page, without the header rows. */
  const bodyRows = () => page.locator('main table tbody tr');

  beforeAll(async () => {
    const certificates = createTestCertificates();
    [receiver, stub, browser] = await Promise.all([WebhookReceiver.start(certificates), OpenAIStub.start({ dimensions: 512 }), launchBrowser()]);
    service = await startConsoleService({ env: ingestionEnv(stub, { WEBHOOK_CA_CERTS: certificates.caCertPath, WEBHOOK_TIMEOUT_MS: '3000' }) });
    // The top bar shows the admin's name, else their address, which a phone's width cannot hold.
    await api()
      .put(`/api/v1/users/${service.org.adminUserId}`)
      .set(...bearer(service.org.adminKey))
      .send({ name: 'Ada Admin' })
      .expect(200);
    ({ context, page, problems } = await newConsoleContext(browser));
    await acceptInvitationInBrowser(page, service.url, service.org.adminInvitation);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await service?.close();
    await receiver?.close();
    await stub?.close();
  });

  it('should create an API key, show its value once, and revoke it', async () => {
    await page.goto(`${service.url}/settings/api-keys`);
    await heading('API keys').waitFor();
    await page.getByRole('button', { name: 'Create API key' }).click();
    const form = page.getByRole('dialog', { name: 'Create an API key' });
    // The dialog opens on its first field, where typing starts (not on Close, which a space would press).
    const firstField = await form.getByLabel('Name').getAttribute('id');
    await expect.poll(() => page.evaluate<string>('document.activeElement?.id ?? ""')).toBe(firstField);
    expect(await form.getByRole('group', { name: 'Scopes' }).getByRole('checkbox').count()).toBe(4);
    await form.getByLabel('Name').fill('Browser key');
    await form.getByRole('checkbox', { name: 'Execute' }).check();
    await form.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    const value = (await shown.getByLabel('New API key').textContent()) ?? '';
    expect(value).toMatch(/^svcsk_live_/);
    await api()
      .get('/api/v1/agents')
      .set(...bearer(value))
      .expect(200);
    await shown.getByRole('button', { name: 'Done' }).click();

    const row = bodyRows().filter({ hasText: 'Browser key' });
    await expect.poll(() => row.textContent()).toContain('read, execute');
    expect(await page.locator('main').textContent()).not.toContain(value);
    await expectAccessible(page, 'API keys');
    // A key made in the console is the admin's own; the organization's key is an admin's to rotate too.
    const owner = async (key: Locator) => (await key.locator('td').nth(1).textContent())?.trim();
    expect(await owner(row)).toBe('You');
    const keys = await api()
      .get('/api/v1/api-keys')
      .set(...bearer(service.org.adminKey))
      .expect(200);
    const organizationKeyName = (keys.body.api_keys as Array<{ name: string; user_id: string | null }>).find((key) => key.user_id === null)!.name;
    const organizationKey = bodyRows().filter({ has: page.getByRole('cell', { name: organizationKeyName, exact: true }) });
    expect(await owner(organizationKey)).toBe('Organization');
    expect(await organizationKey.getByRole('button', { name: /^Rotate/ }).count()).toBe(1);

    await row.getByRole('button', { name: 'Revoke Browser key' }).click();
    await page.getByRole('dialog', { name: 'Revoke “Browser key”?' }).getByRole('button', { name: 'Revoke key' }).click();
    await expect.poll(() => row.textContent()).toContain('Revoked');
    await api()
      .get('/api/v1/agents')
      .set(...bearer(value))
      .expect(401);
  });

  it('should invite a read-only user, who sees no administration', async () => {
    const email = `reader-${randomBytes(3).toString('hex')}@example.test`;
    await page.goto(`${service.url}/settings/users`);
    await heading('Users').waitFor();
    await page.getByRole('button', { name: 'Invite user' }).click();
    const form = page.getByRole('dialog', { name: 'Invite a user' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Name').fill('Rita Reader');
    await form.getByLabel('Role').selectOption({ label: 'Read only' });
    await form.getByRole('button', { name: 'Invite' }).click();

    const shown = page.getByRole('dialog', { name: 'Invitation link' });
    await shown.getByRole('button', { name: 'Copy' }).click();
    await shown.getByText('Copied to the clipboard.').waitFor();
    const link = await page.evaluate<string>('navigator.clipboard.readText()');
    expect(link).toMatch(new RegExp(`^${service.url}/invitation#token=`));
    await shown.getByRole('button', { name: 'Done' }).click();
    await bodyRows().filter({ hasText: email }).getByText('Read only').waitFor();
    await expectAccessible(page, 'Users');
    const users = await api()
      .get('/api/v1/users')
      .set(...bearer(service.org.adminKey))
      .expect(200);
    expect(users.body.users).toContainEqual(expect.objectContaining({ email, name: 'Rita Reader', role: 'readonly' }));

    // A page past the end of the list says so and leads back to the first page.
    await page.goto(`${service.url}/settings/users?offset=500`);
    await page.getByText('Nothing on this page').waitFor();
    await page.getByRole('button', { name: 'Go to the first page' }).click();
    await bodyRows().filter({ hasText: email }).waitFor();
    expect(new URL(page.url()).search).toBe('');

    const reader = await newConsoleContext(browser);
    try {
      await acceptInvitationInBrowser(reader.page, service.url, new URLSearchParams(new URL(link).hash.slice(1)).get('token') ?? '');
      const nav = reader.page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Interactions' }).waitFor();
      for (const name of ['Analytics', 'Users', 'Webhooks']) {
        expect(await nav.getByRole('link', { name }).count(), name).toBe(0);
      }
      // Keys of one's own are every person's: the reader's page lists theirs (none yet) and makes one.
      await nav.getByRole('link', { name: 'API keys' }).click();
      await reader.page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
      // A key of theirs never exceeds their role: Read is all it is offered.
      await reader.page.getByRole('button', { name: 'Create API key' }).click();
      const keyForm = reader.page.getByRole('dialog', { name: 'Create an API key' });
      const scopes = keyForm.getByRole('group', { name: 'Scopes' });
      await scopes.getByRole('checkbox', { name: 'Read' }).waitFor();
      expect(await scopes.getByRole('checkbox').count()).toBe(1);
      await keyForm.getByLabel('Name').fill('Reader key');
      await keyForm.getByRole('button', { name: 'Create key' }).click();
      await reader.page.getByRole('dialog', { name: 'Your new API key' }).getByRole('button', { name: 'Done' }).click();
      const readerKey = reader.page.locator('main table tbody tr').filter({ hasText: 'Reader key' });
      await readerKey.getByRole('cell', { name: 'You', exact: true }).waitFor();
      await readerKey.getByRole('button', { name: 'Rotate Reader key' }).waitFor();

      // The admin sees whose key it is, and may revoke it but not take a new value of it.
      await page.goto(`${service.url}/settings/api-keys`);
      const theirs = bodyRows().filter({ hasText: 'Reader key' });
      await theirs.getByRole('cell', { name: email, exact: true }).waitFor();
      await theirs.getByRole('button', { name: 'Revoke Reader key' }).waitFor();
      expect(await theirs.getByRole('button', { name: /^Rotate/ }).count()).toBe(0);
      for (const [path, title] of [
        ['/settings/users', 'Users'],
        ['/analytics', 'Analytics'],
      ]) {
        await reader.page.goto(`${service.url}${path}`);
        await reader.page.getByRole('heading', { level: 1, name: title }).waitFor();
        await reader.page
          .getByRole('alert')
          .getByText(/You do not have access/)
          .waitFor();
      }
      await expectAccessible(reader.page, 'a forbidden page');
      expect(reader.problems).toEqual([]);
    } finally {
      await reader.context.close();
    }

    // Names and addresses are an admin's to change, as roles are.
    await page.goto(`${service.url}/settings/users`);
    await bodyRows().filter({ hasText: email }).getByRole('button', { name: 'Edit Rita Reader' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Rita Reader' });
    const renamed = email.replace('reader-', 'rita-');
    await edit.getByLabel('Name').fill('Rita Reader-Smith');
    await edit.getByLabel('Email').fill(renamed);
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    await bodyRows().filter({ hasText: renamed }).getByRole('cell', { name: 'Rita Reader-Smith', exact: true }).waitFor();
    const edited = await api()
      .get('/api/v1/users')
      .set(...bearer(service.org.adminKey))
      .expect(200);
    expect(edited.body.users).toContainEqual(expect.objectContaining({ email: renamed, name: 'Rita Reader-Smith', role: 'readonly' }));
  });

  it('should follow a role taken away while the console is open, at the first refusal', async () => {
    const created = await api()
      .post('/api/v1/users')
      .set(...bearer(service.org.adminKey))
      .send({ email: `second-admin-${randomBytes(3).toString('hex')}@example.test`, name: 'Sam Second', role: 'admin' })
      .expect(201);
    const second = await newConsoleContext(browser);
    try {
      await acceptInvitationInBrowser(second.page, service.url, created.body.invitation.token as string);
      const nav = second.page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Users' }).waitFor();
      await second.page.goto(`${service.url}/settings/organization`);
      const name = second.page.getByLabel('Name', { exact: true });
      await name.waitFor();

      await api()
        .put(`/api/v1/users/${created.body.id}`)
        .set(...bearer(service.org.adminKey))
        .send({ role: 'readonly' })
        .expect(200);
      // The change is refused, and the form that was used goes with the role: the refusal stays said above the page.
      await name.fill('Renamed by a former admin');
      await second.page.getByRole('button', { name: 'Save name' }).click();
      const refused = second.page.getByRole('alert').filter({ hasText: /^Refused: / });
      await refused.getByText('Your role is now Read only').waitFor();
      await second.page.getByText(/You do not have access/).waitFor();
      await expectAccessible(second.page, 'a change refused after a role change');
      await refused.getByRole('button', { name: 'Dismiss' }).click();
      await refused.waitFor({ state: 'detached' });
      await nav.getByRole('link', { name: 'Users' }).waitFor({ state: 'detached' });
      await nav.getByRole('link', { name: 'Interactions' }).click();
      await second.page.getByRole('heading', { level: 1, name: 'Interactions' }).waitFor();

      // Another change of role, with nothing pressed: the console follows it at its first refusal.
      await api()
        .put(`/api/v1/users/${created.body.id}`)
        .set(...bearer(service.org.adminKey))
        .send({ role: 'admin' })
        .expect(200);
      await second.page.reload();
      await nav.getByRole('link', { name: 'Users' }).waitFor();
      await api()
        .put(`/api/v1/users/${created.body.id}`)
        .set(...bearer(service.org.adminKey))
        .send({ role: 'readonly' })
        .expect(200);
      await nav.getByRole('link', { name: 'Users' }).click();
      await second.page
        .getByRole('alert')
        .getByText(/You do not have access/)
        .waitFor();
      // The refusal made the console read the session again: the menu now shows what a reader may use.
      await expect.poll(() => nav.getByRole('link', { name: 'Users' }).count()).toBe(0);
      await nav.getByRole('link', { name: 'Interactions' }).waitFor();
    } finally {
      await second.context.close();
    }
  });

  it('should list, filter and open interactions, and chart them', { timeout: 60_000 }, async () => {
    const key = service.org.adminKey;
    const source = await api()
      .post('/api/v1/data-sources')
      .set(...bearer(key))
      .send({ type: 'file', name: 'Handbook' })
      .expect(201);
    await waitForStatus(service.t.http, key, source.body.id, settled);
    await api()
      .post(`/api/v1/data-sources/${source.body.id}/files`)
      .set(...bearer(key))
      .attach('file', Buffer.from(PASSWORD_DOC), 'password.md')
      .attach('file', Buffer.from(HOLIDAYS_DOC), 'holidays.md')
      .expect(202);
    expect((await waitForStatus(service.t.http, key, source.body.id, settled)).at(-1)?.status).toBe('active');
    const docs = await api()
      .post('/api/v1/agents')
      .set(...bearer(key))
      .send({ name: 'Docs agent', data_source_ids: [source.body.id] })
      .expect(201);
    const empty = await api()
      .post('/api/v1/agents')
      .set(...bearer(key))
      .send({ name: 'Empty agent', data_source_ids: [] })
      .expect(201);
    const ask = async (agentId: string, query: string): Promise<string> =>
      (
        await api()
          .post('/api/v1/query')
          .set(...bearer(key))
          .send({ agent_id: agentId, query })
          .expect(200)
      ).body.metadata.interaction_id as string;
    const password = await ask(docs.body.id, 'How do I reset my password?');
    const holidays = await ask(docs.body.id, 'When is the office closed?');
    await ask(docs.body.id, 'How fast does support answer email?');
    await ask(empty.body.id, 'What is the meaning of life?');
    await api()
      .post(`/api/v1/interactions/${password}/feedback`)
      .set(...bearer(key))
      .send({ feedback: 'positive' })
      .expect(200);
    await api()
      .post(`/api/v1/interactions/${holidays}/feedback`)
      .set(...bearer(key))
      .send({ feedback: 'negative', comment: 'Too vague' })
      .expect(200);

    await page.goto(`${service.url}/interactions`);
    await heading('Interactions').waitFor();
    await page.getByText('4 interactions').waitFor();
    await expectAccessible(page, 'Interactions');

    // The dates are UTC days, as the API counts them, and the page says so beside its local times.
    await page
      .getByRole('search')
      .getByText(/^From and To are UTC days.*\(UTC\+0[12]:00\)/)
      .waitFor();
    await page.getByLabel('From (UTC day)').fill('2020-01-01');
    await page.getByText('4 interactions match these filters').waitFor();
    expect(new URL(page.url()).searchParams.get('start_date')).toBe('2020-01-01');
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await page.getByText('4 interactions', { exact: true }).waitFor();

    await page.getByLabel('Feedback').selectOption({ label: 'Positive' });
    await page.locator('main [aria-busy="true"]').waitFor({ state: 'detached' });
    await page.getByText('1 interaction matches these filters').waitFor();
    expect(new URL(page.url()).searchParams.get('feedback')).toBe('positive');
    await page.reload();
    await page.getByText('1 interaction matches these filters').waitFor();
    expect(await page.getByLabel('Feedback').inputValue()).toBe('positive');
    expect(await bodyRows().textContent()).toContain('How do I reset my password?');

    await page.getByLabel('Feedback').selectOption({ label: 'Any' });
    await page.getByLabel('Agent').selectOption({ label: 'Empty agent' });
    await page.locator('main [aria-busy="true"]').waitFor({ state: 'detached' });
    await page.getByText('1 interaction matches these filters').waitFor();
    expect(await bodyRows().textContent()).toContain('What is the meaning of life?');
    await page.getByLabel('Agent').selectOption({ label: 'Docs agent' });
    await page.getByText('3 interactions match these filters').waitFor();

    await page.getByRole('link', { name: 'How do I reset my password?' }).click();
    await heading('Interaction').waitFor();
    await page.getByRole('region', { name: 'Question' }).getByText('How do I reset my password?').waitFor();
    const citation = page.getByRole('region', { name: 'Answer' }).getByRole('link', { name: /^Source 1: / });
    await citation.first().waitFor();
    const sources = page.getByRole('region', { name: /^Sources/ });
    expect(await sources.textContent()).toContain('Resetting your password');
    await page.getByRole('region', { name: 'Feedback' }).getByText('Positive', { exact: true }).first().waitFor();
    await expectAccessible(page, 'an interaction');
    await citation.first().click();
    expect(new URL(page.url()).hash).toBe('#source-1');
    expect(await page.evaluate<string>('document.activeElement.id')).toBe('source-1');
    await page.getByRole('link', { name: 'All interactions' }).click();
    await page.getByText('3 interactions match these filters').waitFor();

    await page.goto(`${service.url}/analytics`);
    await heading('Analytics').waitFor();
    const totals = page.getByRole('region', { name: 'Totals' });
    await totals.getByText('Queries').waitFor();
    expect(await totals.locator('.stat').first().textContent()).toContain('4');
    const chart = page.getByRole('img', { name: /^Queries per day/ });
    await chart.waitFor();
    expect(await chart.locator('rect').count()).toBeGreaterThan(0);
    expect(
      await page
        .getByRole('img', { name: /^Latency per day/ })
        .locator('circle')
        .count(),
    ).toBeGreaterThan(0);
    await page.getByRole('region', { name: 'Queries over time' }).getByRole('button', { name: 'Show the figures' }).click();
    await expectAccessible(page, 'Analytics');
    await page.getByLabel('Granularity').selectOption({ label: 'Hour' });
    await page.getByRole('img', { name: /^Queries per hour/ }).waitFor();
    expect(new URL(page.url()).searchParams.get('granularity')).toBe('hour');
  });

  it('should add a webhook, show its secret once, and send it a test event', async () => {
    await page.goto(`${service.url}/settings/webhooks`);
    await heading('Webhooks').waitFor();
    await page.getByText('No webhooks yet').waitFor();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const form = page.getByRole('dialog', { name: 'Add a webhook' });
    await form.getByLabel('Endpoint URL').fill(receiver.url('/hooks/console'));
    await form.getByLabel('Description').fill('Console feed');
    await form.getByRole('checkbox', { name: 'agent.created' }).check();
    await form.getByRole('button', { name: 'Add webhook' }).click();

    const shown = page.getByRole('dialog', { name: 'Webhook signing secret' });
    const secret = (await shown.getByLabel('Signing secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'Done' }).click();
    await bodyRows().filter({ hasText: 'Console feed' }).waitFor();
    expect(await page.locator('main').textContent()).not.toContain(secret);
    await expectAccessible(page, 'Webhooks');

    await page.getByRole('link', { name: receiver.url('/hooks/console') }).click();
    await heading('Webhook').waitFor();
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByText(/Test event delivered: HTTP 200/).waitFor();
    const [delivery] = await receiver.waitFor('/hooks/console', 1);
    expect(signatureIsValid(delivery, secret)).toBe(true);
    const row = bodyRows().filter({ hasText: 'webhook.test' });
    await row.getByText('Succeeded').waitFor();
    expect(await row.textContent()).toContain('200');

    await page.getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('region', { name: 'Settings' }).getByText('Disabled', { exact: true }).waitFor();
    const webhooks = await api()
      .get('/api/v1/webhooks')
      .set(...bearer(service.org.adminKey))
      .expect(200);
    expect(webhooks.body.webhooks).toEqual([expect.objectContaining({ url: receiver.url('/hooks/console'), status: 'disabled', events: ['agent.created'] })]);
    await page.getByRole('button', { name: 'Enable' }).click();
    await page.getByRole('region', { name: 'Settings' }).getByText('Active', { exact: true }).waitFor();
    await expectAccessible(page, 'a webhook');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Menu' }).waitFor();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'a webhook on a phone');
  });

  it('should have met no page error and no Content-Security-Policy report', () => {
    expect(problems).toEqual([]);
  });
});
