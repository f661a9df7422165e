// Bundle budget of the login route (issue 18: ≤ 150 KB of gzipped JavaScript).  Run:  npx node bench/bundle-size.ts
//
// Sums the gzipped JavaScript the /login route loads: the files bench/lib/login-route.ts lists from the build (the
// entry and its static imports, index.html's module scripts and modulepreloads, the login page's chunk and its static
// imports). e2e/specs/login-bundle.spec.ts checks that Chromium loads exactly these files and nothing more.
// Sizes are gzip at zlib's default level (as Vite reports them); KB = 1024 bytes (Vite's own output uses kB = 1000).
// Exits 1 above the budget.
//
// Options: --build (build the web app first; otherwise only when dist is missing), --dist <folder> (default apps/web/dist),
// BUNDLE_BUDGET_KB (default 150).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { loginRouteFiles } from './lib/login-route.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const distArg = args.indexOf('--dist');
const dist = distArg >= 0 ? args[distArg + 1] : join(root, 'apps/web/dist');
const budgetKb = Number(process.env.BUNDLE_BUDGET_KB ?? 150);

if (args.includes('--build') || !existsSync(join(dist, 'index.html'))) {
  if (distArg >= 0) throw new Error(`${dist}/index.html is missing`);
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@volant/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status || 1);
}

const { files, loginChunk, source } = loginRouteFiles(dist);

const rows = [...files].map(([file, why]) => {
  const bytes = readFileSync(join(dist, file));
  return { file, why, raw: bytes.length, gzip: gzipSync(bytes).length };
});
rows.sort((a, b) => b.gzip - a.gzip);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const totalGzip = rows.reduce((s, r) => s + r.gzip, 0);
const totalRaw = rows.reduce((s, r) => s + r.raw, 0);

console.log(`JavaScript loaded by /login — ${dist} (${source})`);
const w = Math.max(10, ...rows.map((r) => r.file.length));
for (const r of rows) console.log(`  ${r.file.padEnd(w)}  ${kb(r.raw).padStart(10)}  ${kb(r.gzip).padStart(9)} gzip   ${r.why}`);
console.log(
  `  ${'total'.padEnd(w)}  ${kb(totalRaw).padStart(10)}  ${kb(totalGzip).padStart(9)} gzip   (${rows.length} files; budget ${budgetKb} KB = ${budgetKb * 1024} bytes; ${totalGzip} bytes)`,
);
if (!loginChunk) console.log('  note: no separate login page chunk found (the login page is in the entry, or named differently)');

if (totalGzip > budgetKb * 1024) {
  console.error(`\n✗ The login route loads ${kb(totalGzip)} of gzipped JavaScript, over the ${budgetKb} KB budget.`);
  process.exit(1);
}
console.log(`\n✓ ${kb(totalGzip)} gzip ≤ ${budgetKb} KB (${((totalGzip / (budgetKb * 1024)) * 100).toFixed(1)} % of the budget)`);
