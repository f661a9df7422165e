// The gzipped JavaScript each route loads, as a Markdown table (docs/decisions/0018-installable-app.md keeps one).
// A route = index.html's entry with its static imports + the route's layout chunk (the app shell for /app/…, the antd
// layout for the other public pages) + its page chunk, each with its static imports. Lazy imports a page runs later
// (the calendar board, the live channel, the service worker's registration) are not counted: they load after the route.
// Usage (after `vite build`): node scripts/route-table.mjs
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);

const SHELL = 'src/app/app-layout.tsx';
const ANTD = 'src/app/antd-config.tsx';
const ROUTES = [
  ['/login', [], 'src/pages/login-page.tsx'],
  ['/register', [ANTD], 'src/pages/register-page.tsx'],
  ['/zak/prihlaseni', [ANTD], 'src/pages/student-sign-in-page.tsx'],
  ['/zak', [ANTD], 'src/pages/student-portal-page.tsx'],
  ['/apply/:formId', [ANTD], 'src/pages/apply-page.tsx'],
  ['/student/:schoolId/:no', [ANTD], 'src/pages/student-pass-page.tsx'],
  ['/export-…', [ANTD], 'src/pages/print-page.tsx'],
  ['/app/home', [SHELL], 'src/pages/home-page.tsx'],
  ['/app/muj-den', [SHELL], 'src/pages/my-day-page.tsx'],
  ['/app/calendar', [SHELL], 'src/pages/calendar-page.tsx'],
  ['/app/courses', [SHELL], 'src/pages/courses-page.tsx'],
  ['/app/prehled-skoly', [SHELL], 'src/pages/school-dashboard-page.tsx'],
  ['/app/student/:id', [SHELL], 'src/pages/student-page.tsx'],
  ['/app/trainings', [SHELL], 'src/pages/trainings-page.tsx'],
  ['/app/exams', [SHELL], 'src/pages/exams-page.tsx'],
  ['/app/payments', [SHELL], 'src/pages/payments-page.tsx'],
  ['/app/reporting', [SHELL], 'src/pages/reporting-page.tsx'],
  ['/app/settings/:type', [SHELL], 'src/pages/settings-page.tsx'],
  ['/app/teachers', [SHELL], 'src/pages/teachers-page.tsx'],
  ['/app/more', [SHELL], 'src/pages/more-page.tsx'],
];

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

const gz = (file) => gzipSync(readFileSync(join(dist, file))).length;
const kb = (n) => (n / 1024).toFixed(1);

console.log('| Route | JS files | gzip KB |');
console.log('|---|---:|---:|');
for (const [route, layouts, page] of ROUTES) {
  if (!manifest[page]) continue; // a page this branch does not have
  const files = [...closure([entry, ...layouts, page])].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const total = files.reduce((s, f) => s + gz(f), 0);
  console.log(`| ${route} | ${files.length} | ${kb(total)} |`);
}
// The service worker and what it precaches (vite-plugin-pwa writes sw.js and its workbox runtime next to index.html).
// They load in the worker, not in the page: no route counts them.
const swFiles = ['sw.js', ...readdirSync(dist).filter((f) => /^workbox-.*\.js$/.test(f)), 'manifest.webmanifest'];
for (const f of swFiles) if (existsSync(join(dist, f))) console.log(`| (${f.replace(/-[\w]{8}\.js$/, '-….js')}) | 1 | ${kb(gz(f))} |`);
