// Gzipped JavaScript a route loads: the entry chunk with its static imports, plus the route's lazy page chunk
// and its static imports. Usage (after `vite build`): node scripts/route-size.mjs [src/pages/login-page.tsx ...]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const pages = process.argv.slice(2);
const routes = pages.length ? pages : ['src/pages/login-page.tsx'];
let worst = 0;
for (const page of routes) {
  if (!manifest[page]) throw new Error(`No chunk for ${page}`);
  const chunks = closure([entry, page]);
  let total = 0;
  const rows = [];
  for (const key of chunks) {
    const file = manifest[key].file;
    if (!file.endsWith('.js')) continue;
    const size = gzipSync(readFileSync(join(dist, file))).length;
    total += size;
    rows.push([file, size]);
  }
  rows.sort((a, b) => b[1] - a[1]);
  console.log(`\n${page}: ${(total / 1024).toFixed(1)} KB gzip in ${rows.length} chunks`);
  for (const [file, size] of rows) console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
  worst = Math.max(worst, total);
}
const BUDGET = 250 * 1024;
if (worst > BUDGET) {
  console.error(`\nOver the budget of 250 KB gzip.`);
  process.exit(1);
}
