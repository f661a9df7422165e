// The login route's JavaScript budget as Chromium sees it (issue 18 B): every script /login causes to load — index.html's
// entry, its modulepreloads, the lazy login page and whatever they import or fetch while the page settles — gzipped at
// zlib's default level and summed. bench/bundle-size.ts counts the files bench/lib/login-route.ts reads from the build;
// this checks that Chromium loads exactly those, so the bench's figure is the browser's.
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { loginRouteFiles } from '../../bench/lib/login-route.ts';
import { dataDir, expect, test } from '../support/fixtures.ts';

const BUDGET_KB = 150;

test('/login loads at most 150 KB of gzipped JavaScript, the files bench/bundle-size.ts counts', async ({ page }) => {
  const scripts = new Map<string, Promise<number>>();
  page.on('response', (res) => {
    const url = res.url();
    const isScript = res.request().resourceType() === 'script' || /javascript/.test(res.headers()['content-type'] ?? '') || /\.m?js(\?|$)/.test(url);
    if (isScript && !scripts.has(url))
      scripts.set(
        url,
        res.body().then((body) => gzipSync(body).length),
      );
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Přihlásit se' })).toBeVisible();
  // A lazy import the page runs after its first render arrives before the network goes quiet.
  await page.waitForLoadState('networkidle');

  const sizes = await Promise.all([...scripts].map(async ([url, gzip]) => ({ file: new URL(url).pathname.slice(1), gzip: await gzip })));
  const total = sizes.reduce((s, r) => s + r.gzip, 0);
  const report = sizes
    .sort((a, b) => b.gzip - a.gzip)
    .map((r) => `${(r.gzip / 1024).toFixed(1).padStart(6)} KB  ${r.file}`)
    .join('\n');
  console.log(`/login: ${(total / 1024).toFixed(1)} KB gzip in ${sizes.length} scripts\n${report}`);

  // The server serves its copy of the build from the run's data directory (support/server.ts).
  const counted = [...loginRouteFiles(join(dataDir(), 'web')).files.keys()].filter((f) => f.endsWith('.js'));
  expect(sizes.map((r) => r.file).sort()).toEqual(counted.sort());
  expect(total, `/login loads ${(total / 1024).toFixed(1)} KB of gzipped JavaScript:\n${report}`).toBeLessThanOrEqual(BUDGET_KB * 1024);
});
