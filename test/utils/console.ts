import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { createOrg, type TestOrg } from '#test/utils/factories.js';
import { createTestApp, type TestApp, type TestAppOptions } from '#test/utils/test-app.js';
import { createTestDatabase, SERVER_URL } from '#test/utils/test-database.js';
import { TEST_PASSWORD } from '#test/utils/web-sessions.js';

/**
 * The console is a client of the HTTP API, whose behaviour on each store the e2e files prove. A CI run,
 * which tests both stores, drives the console once: on PostgreSQL and Redis, as in production. Elsewhere
 * the browser files run on whichever store the suite has.
 */
export const describeConsole = describe.skipIf(process.env.CI === 'true' && SERVER_URL === undefined);

/**
 * A name the browser resolves to the loopback address without counting it as secure, as it does localhost:
 * the service seen there over plain HTTP is what a person sees at a LAN address (Secure cookies dropped).
 */
export const INSECURE_HOST = 'console.test';

/** Debian's Chromium, headless, with nothing reaching out to the network on its own. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--host-resolver-rules=MAP ${INSECURE_HOST} 127.0.0.1`,
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
}

/** The service, listening on a loopback port (as `localhost`, where browsers keep Secure cookies over HTTP), with its console built. */
export interface ConsoleService {
  t: TestApp;
  /** `http://localhost:<port>` */
  url: string;
  org: TestOrg;
  close: () => Promise<void>;
}

export async function startConsoleService(options: TestAppOptions & { plan?: 'free' | 'pro' | 'enterprise' } = {}): Promise<ConsoleService> {
  const database = await createTestDatabase();
  const t = await createTestApp({ databaseUrl: database.url, ...options });
  await t.app.listen(0, '127.0.0.1');
  const { port } = t.app.getHttpServer().address() as AddressInfo;
  const org = await createOrg(t.app, { plan: options.plan ?? 'pro' });
  return {
    t,
    url: `http://localhost:${port}`,
    org,
    close: async () => {
      await t.close();
      await database.drop();
    },
  };
}

/** A fresh browser profile at a desktop size (or `viewport`), failing the test on any page error or CSP report. */
export async function newConsoleContext(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport, locale: 'en-GB', timezoneId: 'Europe/Paris' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text())) {
      problems.push(`console: ${message.text()}`);
    }
  });
  return { context, page, problems };
}

/** Accepts an invitation link (token in the fragment) in the browser, choosing `password`; ends signed in. */
export async function acceptInvitationInBrowser(page: Page, url: string, token: string, password = TEST_PASSWORD): Promise<void> {
  await page.goto(`${url}/invitation#token=${token}`);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Repeat the password').fill(password);
  await page.getByRole('button', { name: /set password|accept/i }).click();
  await page.locator('main#main').waitFor();
}

export async function signInInBrowser(page: Page, url: string, email: string, password = TEST_PASSWORD): Promise<void> {
  await page.goto(`${url}/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.locator('main#main').waitFor();
}

/** axe-core over the page as it is now: no serious or critical violation (WCAG 2.1 A and AA rules). */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(serious, `accessibility of ${label}`).toEqual([]);
}
