// Bundle budget of the login route (DESIGN.md §9: ≤ 250 KB of gzipped JavaScript).  Run:  npx node bench/bundle-size.ts
//
// Counts the JavaScript a browser loads for /login: index.html's entry script and everything it imports statically,
// plus the login page's lazy chunk and its static imports. It reads the Vite manifest (apps/web/dist/.vite/manifest.json,
// written when the web app's vite.config sets build.manifest: true); without one it follows index.html's
// <script type="module"> and <link rel="modulepreload"> tags, the chunk whose file name contains "login" (not the
// login flow), and the static `import … from "./x.js"` statements inside those files.
// Sizes are gzip at zlib's default level (as Vite reports them); KB = 1024 bytes (Vite's own output uses kB = 1000).
// Exits 1 above the budget.
//
// Options: --build (build the web app first; otherwise only when dist is missing), --dist <folder> (default apps/web/dist),
// BUNDLE_BUDGET_KB (default 250).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const distArg = args.indexOf('--dist');
const dist = distArg >= 0 ? args[distArg + 1] : join(root, 'apps/web/dist');
const budgetKb = Number(process.env.BUNDLE_BUDGET_KB ?? 250);

if (args.includes('--build') || !existsSync(join(dist, 'index.html'))) {
  if (distArg >= 0) throw new Error(`${dist}/index.html is missing`);
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@volant/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status || 1);
}

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** Login page chunks: "login" in the name, but not the login flow (set up a school) or other pages. */
const isLoginName = (s: string) => /login/i.test(s) && !/flow/i.test(s);

function fromManifest(manifest: Record<string, ManifestChunk>) {
  const files = new Map<string, string>(); // file → why it is loaded
  const visit = (key: string, why: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.set(chunk.file, why);
    for (const dep of chunk.imports ?? []) visit(dep, `imported by ${chunk.file}`);
  };
  const entryKey =
    Object.keys(manifest).find((k) => manifest[k].isEntry && (manifest[k].src ?? k) === 'index.html') ?? Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('the Vite manifest has no entry');
  visit(entryKey, 'entry (index.html)');
  const loginKeys = Object.keys(manifest).filter((k) => {
    const c = manifest[k];
    return !c.isEntry && [k, c.src ?? '', c.name ?? '', c.file].some(isLoginName);
  });
  // Prefer the page module itself (pages/login…) when several chunks mention login.
  loginKeys.sort((a, b) => Number(/pages?\//i.test(b)) - Number(/pages?\//i.test(a)));
  const loginKey = loginKeys[0];
  if (loginKey) visit(loginKey, `login page (${manifest[loginKey].src ?? loginKey})`);
  return { files, loginChunk: loginKey ? manifest[loginKey].file : null, source: 'Vite manifest' };
}

function fromHtml() {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = new Map<string, string>();
  const norm = (href: string) => href.replace(/^\//, '').split('?')[0];
  const visit = (file: string, why: string) => {
    if (files.has(file) || !existsSync(join(dist, file))) return;
    files.set(file, why);
    const code = readFileSync(join(dist, file), 'utf8');
    const dir = posix.dirname(file);
    const statics = /(?:\bimport|\bexport\s*(?:\*|\{[^}]*\}))\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.\.?\/[^"']+\.js)["']/g;
    for (const m of code.matchAll(statics)) visit(posix.normalize(posix.join(dir, m[1])), `imported by ${file}`);
  };
  for (const m of html.matchAll(/<script\b[^>]*type=["']module["'][^>]*src=["']([^"']+)["']/g)) visit(norm(m[1]), 'entry (index.html)');
  for (const m of html.matchAll(/<link\b[^>]*rel=["']modulepreload["'][^>]*href=["']([^"']+)["']/g)) visit(norm(m[1]), 'modulepreload (index.html)');
  const assets = existsSync(join(dist, 'assets')) ? readdirSync(join(dist, 'assets')) : [];
  const login = assets.filter((f) => f.endsWith('.js') && isLoginName(f)).sort((a, b) => a.length - b.length)[0];
  if (login) visit(`assets/${login}`, 'login page');
  return { files, loginChunk: login ? `assets/${login}` : null, source: 'index.html tags + static imports (no Vite manifest)' };
}

const manifestPath = join(dist, '.vite/manifest.json');
const { files, loginChunk, source } = existsSync(manifestPath) ? fromManifest(JSON.parse(readFileSync(manifestPath, 'utf8'))) : fromHtml();

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
