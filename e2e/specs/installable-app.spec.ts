// Volant installs as an app and its shell survives a night offline (issue 20 §2; docs/decisions/0018-installable-app.md):
// the web manifest and its icons, the service worker controlling the page, a reload with the network off that still
// shows the signed-in shell, and logout (or a revoked session) wiping what the app keeps on the device.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { TOKEN_KEY } from '../../apps/web/src/lib/token.ts';
import { dataDir, expect, expectShell, test } from '../support/fixtures.ts';
import { freshSchool } from '../support/students.ts';

/** What a feature would keep on the device: a `volant-` database, a storage key of the app, a cache of its own. */
async function keepSomethingOnDevice(page: Page) {
  await page.evaluate(async () => {
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open('volant-test', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('outbox').put({ ride: 1 }, 'k1');
      open.onsuccess = () => {
        open.result.close();
        resolve();
      };
      open.onerror = () => reject(open.error);
    });
    localStorage.setItem('volant.test', '1');
    await (await caches.open('volant-test-cache')).put('/volant-test', new Response('x'));
  });
}

/** apps/web/src/app/offline-session.ts (not imported: its types reach the web app's tRPC client). */
const SERVER_CONFIG_KEY = 'volant.serverConfig';

/** What the app keeps on the device (the installation's config, which any page stores again, is no one's data). */
function deviceState(page: Page) {
  return page.evaluate(
    async ([tokenKey, configKey]) => ({
      databases: (await indexedDB.databases()).map((d) => d.name).filter((n) => n?.startsWith('volant-')),
      caches: await caches.keys(),
      token: localStorage.getItem(tokenKey),
      appKeys: Object.keys(localStorage).filter((k) => k.startsWith('volant.') && k !== configKey),
    }),
    [TOKEN_KEY, SERVER_CONFIG_KEY] as const,
  );
}

// The suite blocks service workers (playwright.config.ts); these journeys are about it.
test.use({ serviceWorkers: 'allow' });

test('installs as an app, opens offline still signed in, and logout wipes the device but keeps the app shell', async ({ api, openApp }) => {
  const session = await freshSchool(api);
  const page = await openApp(session.token, '/app/calendar');
  await expectShell(page, session.email);

  // The manifest the page links, with its Czech name, start and icons (each one served as a PNG).
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', /apple-touch-icon-180\.png$/);
  const manifestResponse = await page.request.get('/manifest.webmanifest');
  expect(manifestResponse.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await manifestResponse.json();
  expect(manifest).toMatchObject({ name: 'Volant', short_name: 'Volant', start_url: '/app', display: 'standalone', lang: 'cs', theme_color: '#1677ff' });
  expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons as { src: string }[]) {
    const res = await page.request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
  }

  // The service worker controls the page once its precache of the shell is complete.
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 30_000 });
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);

  // A new deploy (the server's sw.js changes) is found, waits, and is offered; 'Aktualizovat' reloads into it.
  appendFileSync(join(dataDir(), 'web', 'sw.js'), `\n// deploy ${Date.now()}\n`);
  await page.evaluate(() => {
    (window as { beforeUpdate?: boolean }).beforeUpdate = true;
    return navigator.serviceWorker.getRegistration().then((r) => r?.update());
  });
  await expect(page.getByText('Je připravena nová verze Volantu.')).toBeVisible();
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Aktualizovat' }).click();
  await reloaded;
  expect(await page.evaluate(() => (window as { beforeUpdate?: boolean }).beforeUpdate)).toBeUndefined();
  await expectShell(page, session.email);
  await expect(page.getByText('Je připravena nová verze Volantu.')).toHaveCount(0);

  // A night without signal: the reload comes from the device, the shell shows the same person, signed in.
  await page.context().setOffline(true);
  await page.reload();
  await expectShell(page, session.email);
  await expect(page).toHaveURL(/\/app\/calendar$/);
  expect((await deviceState(page)).token).toBe(session.token);
  // No answer of the server was kept by the service worker: only the shell's precache exists.
  const shellCaches = (await deviceState(page)).caches;
  expect(shellCaches.every((name) => name.startsWith('workbox-precache'))).toBe(true);

  // Logout (still offline) wipes what the app keeps on the device, and keeps the app shell.
  await keepSomethingOnDevice(page);
  expect(await deviceState(page)).toMatchObject({ databases: ['volant-test'], caches: [...shellCaches, 'volant-test-cache'] });
  await page.getByRole('banner').getByRole('button', { name: session.email }).click();
  await page.getByRole('menuitem', { name: 'Odhlásit se' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Přihlásit se' })).toBeVisible();
  expect(await deviceState(page)).toEqual({ databases: [], caches: shellCaches, token: null, appKeys: [] });
  await page.context().setOffline(false);
});

test('a session revoked on the server signs out at the next start and wipes the device', async ({ api, openApp }) => {
  const session = await freshSchool(api);
  const page = await openApp(session.token, '/app');
  await expectShell(page, session.email);
  await keepSomethingOnDevice(page);

  await api.mutation('user.logout', undefined, session.token); // e.g. 'Odhlásit ostatní zařízení' elsewhere
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Přihlásit se' })).toBeVisible();
  await expect.poll(async () => (await deviceState(page)).databases).toEqual([]);
  expect(await deviceState(page)).toMatchObject({ token: null, appKeys: [] });
});
