// The fixtures every journey uses: the API (to arrange data), the outbox, logins through the UI, and pages opened
// already logged in (the token put where the web app keeps it, as if the user had logged in before).
import { type Browser, type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { TOKEN_KEY } from '../../apps/web/src/lib/token.ts';
import { Api } from './api.ts';

export { expect };

export const DEMO = { email: 'demo@volant.cz', password: 'Volant2026!' };
/** Made by `npm run operator` in the global setup (no seeded account is an operator); its one-time password. */
export const OPERATOR = {
  email: 'operator@volant.test',
  get password() {
    const password = process.env.VOLANT_E2E_OPERATOR_PASSWORD;
    if (!password) throw new Error('VOLANT_E2E_OPERATOR_PASSWORD is not set: run the suite through `npm run test:e2e`');
    return password;
  },
};
export const DEMO_SCHOOLS = { main: 'Autoškola Volant Brno', starter: 'Autoškola Praha Jih' };

export function serverUrl() {
  const url = process.env.VOLANT_E2E_URL;
  if (!url) throw new Error('VOLANT_E2E_URL is not set: run the suite through `npm run test:e2e` (its global setup starts the server)');
  return url;
}

export function dataDir() {
  const dir = process.env.VOLANT_E2E_DATA_DIR;
  if (!dir) throw new Error('VOLANT_E2E_DATA_DIR is not set: run the suite through `npm run test:e2e`');
  return dir;
}

/** Fills the login form and submits it. */
export async function loginViaUi(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Heslo', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Přihlásit se' }).click();
}

/** The session token the web app stored after a login in the UI. */
export function storedToken(page: Page) {
  return page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
}

/** A new browser context already holding `token` (as after an earlier login), with `path` open. */
export async function openAppWithToken(browser: Browser, token: string, path = '/app', options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({
    ...options,
    storageState: { cookies: [], origins: [{ origin: serverUrl(), localStorage: [{ name: TOKEN_KEY, value: token }] }] },
  });
  const page = await context.newPage();
  await page.goto(path);
  return { context, page };
}

/**
 * The app shell is on screen: the header carries the user's e-mail (their menu) and the 'Nový žák' button is there.
 * Waits for the whole boot (server config, user, school context), which on a loaded machine takes a while.
 */
export async function expectShell(page: Page, email: string) {
  await expect(page.getByRole('banner').getByRole('button', { name: email })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Nový žák' })).toBeVisible();
}

interface Fixtures {
  api: Api;
  /** Contexts opened through `openApp` are closed after the test. */
  openApp: (token: string, path?: string, options?: Parameters<Browser['newContext']>[0]) => Promise<Page>;
}

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  api: async ({}, use) => {
    await use(new Api(serverUrl(), dataDir()));
  },
  openApp: async ({ browser, contextOptions }, use) => {
    const contexts: BrowserContext[] = [];
    const crashes: string[] = [];
    await use(async (token, path, options) => {
      const { context, page } = await openAppWithToken(browser, token, path, { ...contextOptions, ...options });
      contexts.push(context);
      watchForRenderLoops(page, crashes);
      return page;
    });
    await Promise.all(contexts.map((c) => c.close()));
    // A render loop is a defect even when the journey got past the error screen it leaves ('Jejda, něco se pokazilo').
    expect(crashes, 'React gave up rendering (error #185, an update loop) in a page of this journey').toEqual([]);
  },
});

/**
 * Collects React's 'Maximum update depth exceeded' (error #185 in the production build): a component that updates
 * itself on every commit, which throws the screen away for the error page.
 */
export function watchForRenderLoops(page: Page, crashes: string[]) {
  page.on('console', (message) => {
    if (message.type() === 'error' && /React error #185|Maximum update depth exceeded/.test(message.text()))
      crashes.push(`${page.url()}: ${message.text().split('\n')[0]}`);
  });
}

/** Waits until the page's live socket is connected (and so in its school's room): a change made after this reaches it. */
export async function expectLive(page: Page) {
  await expect(page.locator('html[data-live="connected"]')).toHaveCount(1, { timeout: 30_000 });
}
