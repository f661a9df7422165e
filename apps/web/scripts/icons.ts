// Renders the app icons (apps/web/icons/*.svg) into the PNGs the web manifest and iOS need (public/icons/). The PNGs are
// committed: the build does not run a browser. After changing an SVG:  npx node apps/web/scripts/icons.ts
// Uses the end-to-end suite's Chromium (e2e/support/chromium.ts: no download).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, resolveChromium } from '../../../e2e/support/chromium.ts';

const src = (name: string) => fileURLToPath(new URL(`../icons/${name}`, import.meta.url));
const out = (name: string) => fileURLToPath(new URL(`../public/icons/${name}`, import.meta.url));

const ICONS: { svg: string; png: string; size: number }[] = [
  { svg: 'icon.svg', png: 'icon-192.png', size: 192 },
  { svg: 'icon.svg', png: 'icon-512.png', size: 512 },
  { svg: 'maskable.svg', png: 'maskable-512.png', size: 512 },
  { svg: 'apple-touch-icon.svg', png: 'apple-touch-icon-180.png', size: 180 },
];

const browser = await chromium.launch({ executablePath: await resolveChromium(), args: CHROMIUM_ARGS });
try {
  for (const { svg, png, size } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const markup = readFileSync(src(svg), 'utf8').replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${markup}</body></html>`);
    await page.locator('svg').screenshot({ path: out(png), omitBackground: true });
    await page.close();
    console.log(`${png} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
