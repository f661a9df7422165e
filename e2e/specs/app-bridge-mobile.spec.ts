// The mobile-app wrapper (docs/mobile-app-bridge.md), simulated in Chromium at 375 px: a fake `window.VolantNative`
// injected before the page loads records every call and answers like the native app. The page detects it, ticks a
// haptic on swipe-back, and hands a finished PDF to the app instead of downloading it in the page.
import type { Page } from '@playwright/test';
import { TOKEN_KEY } from '../../apps/web/src/lib/token.ts';
import { student } from '../support/calendar.ts';
import { expect, expectLive, serverUrl, test } from '../support/fixtures.ts';
import { freshSchool } from '../support/students.ts';

type Call = { id: number; type: string; payload: Record<string, unknown> };

/** The simulated wrapper: answers GetAppInfo and DownloadFile, records everything in window.__bridgeCalls. */
function simulatedWrapper() {
  const w = window as unknown as { __bridgeCalls: unknown[]; VolantNative: unknown; volantBridgeReceive?: (json: string) => void };
  w.__bridgeCalls = [];
  w.VolantNative = {
    postMessage(json: string) {
      const call = JSON.parse(json) as { id: number; type: string };
      w.__bridgeCalls.push(call);
      const answer =
        call.type === 'GetAppInfo'
          ? { id: call.id, ok: true, result: { platform: 'android', appVersion: '1.4.0', osVersion: '14' } }
          : call.type === 'DownloadFile'
            ? { id: call.id, ok: true }
            : null;
      if (answer) setTimeout(() => w.volantBridgeReceive?.(JSON.stringify(answer)), 10);
    },
  };
}

const calls = (page: Page) => page.evaluate(() => (window as unknown as { __bridgeCalls: Call[] }).__bridgeCalls);

/** A left swipe of 200 px on the page's main area, as touch events (swipe-back listens on the window). */
async function swipeLeft(page: Page) {
  await page.evaluate(() => {
    const target = document.querySelector('main') ?? document.body;
    const touch = (x: number) => new Touch({ identifier: 1, target, clientX: x, clientY: 400 });
    target.dispatchEvent(new TouchEvent('touchstart', { touches: [touch(300)], changedTouches: [touch(300)], bubbles: true }));
    target.dispatchEvent(new TouchEvent('touchend', { touches: [], changedTouches: [touch(80)], bubbles: true }));
  });
}

test('in the mobile app: detected, a haptic tick on swipe-back, and the PDF handed to the app', async ({ api, browser, contextOptions }) => {
  test.setTimeout(120_000);
  const school = await freshSchool(api);
  const s = await student(api, school);
  const context = await browser.newContext({
    ...contextOptions,
    storageState: { cookies: [], origins: [{ origin: serverUrl(), localStorage: [{ name: TOKEN_KEY, value: school.token }] }] },
  });
  try {
    await context.addInitScript(simulatedWrapper);
    const page = await context.newPage();
    let browserDownloads = 0;
    page.on('download', () => browserDownloads++);

    await page.goto('/app/home');
    await expect(page.locator('html[data-app="native"]')).toHaveCount(1, { timeout: 20_000 });
    expect((await calls(page))[0]).toMatchObject({ type: 'GetAppInfo' });

    await page.goto(`/app/student/${s.id}?activeTab=5`);
    await expect(page.getByRole('button', { name: 'Evidence výcviku (PDF)' })).toBeVisible({ timeout: 45_000 });
    await page.getByRole('button', { name: 'Evidence výcviku (PDF)' }).click();
    await expect.poll(async () => (await calls(page)).filter((c) => c.type === 'DownloadFile').length, { timeout: 60_000 }).toBe(1);
    const download = (await calls(page)).find((c) => c.type === 'DownloadFile') as Call;
    expect(download.payload).toMatchObject({
      fileName: expect.stringMatching(/^report_vehicle_driving_training-[0-9a-f-]{36}\.pdf$/),
      mimeType: 'application/pdf',
      headers: { Authorization: `Bearer ${school.token}` },
    });
    expect(String(download.payload.url)).toMatch(/^http:\/\/[^/]+\/api\/files\/[0-9a-f-]{36}$/);
    // The token travels in the header only, never in the URL; the page itself downloaded nothing.
    expect(String(download.payload.url)).not.toContain(school.token);
    expect(browserDownloads).toBe(0);

    // Swipe-back inside the app: the bottom navigation's Kalendář, then a left swipe returns to the card with a tick.
    await page.getByRole('link', { name: 'Kalendář' }).click();
    await expect(page).toHaveURL(/\/app\/calendar/);
    await swipeLeft(page);
    await expect(page).toHaveURL(new RegExp(`/app/student/${s.id}`));
    expect((await calls(page)).filter((c) => c.type === 'Haptic')).toEqual([expect.objectContaining({ payload: { style: 'light' } })]);
  } finally {
    await context.close();
  }
});

test('in a plain browser: no bridge calls, no app flag', async ({ api, openApp }) => {
  const school = await freshSchool(api);
  const page = await openApp(school.token, '/app/home');
  await expectLive(page);
  await expect(page.locator('html[data-app]')).toHaveCount(0);
  expect(await page.evaluate(() => 'volantBridgeReceive' in window)).toBe(false);
});
