// Which built files the /login route loads (bench/bundle-size.ts prints them; e2e/specs/login-bundle.spec.ts checks
// Chromium loads the same): index.html's entry script and everything it imports statically, every <script
// type="module"> and <link rel="modulepreload"> of index.html, plus the login page's lazy chunk and its static imports
// (what Vite's preload helper fetches with it). From the Vite manifest (dist/.vite/manifest.json) when there is one;
// otherwise from index.html's tags, the chunk whose file name contains "login" (not the login flow), and the static
// `import … from "./x.js"` statements inside those files.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

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

function fromManifest(dist: string, manifest: Record<string, ManifestChunk>) {
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
  // What index.html loads beyond the entry's imports (a modulepreload the build added for another chunk).
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  for (const { file, why } of htmlTags(dist)) {
    const key = byFile.get(file);
    if (key) visit(key, why);
    else if (!files.has(file) && file.endsWith('.js')) files.set(file, why);
  }
  return { files, loginChunk: loginKey ? manifest[loginKey].file : null, source: 'Vite manifest' };
}

/** The files index.html loads itself: its module scripts and its modulepreload links. */
function htmlTags(dist: string): { file: string; why: string }[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const norm = (href: string) => href.replace(/^\//, '').split('?')[0];
  return [
    ...[...html.matchAll(/<script\b[^>]*type=["']module["'][^>]*src=["']([^"']+)["']/g)].map((m) => ({ file: norm(m[1]), why: 'entry (index.html)' })),
    ...[...html.matchAll(/<link\b[^>]*rel=["']modulepreload["'][^>]*href=["']([^"']+)["']/g)].map((m) => ({
      file: norm(m[1]),
      why: 'modulepreload (index.html)',
    })),
  ];
}

function fromHtml(dist: string) {
  const files = new Map<string, string>();
  const visit = (file: string, why: string) => {
    if (files.has(file) || !existsSync(join(dist, file))) return;
    files.set(file, why);
    const code = readFileSync(join(dist, file), 'utf8');
    const dir = posix.dirname(file);
    const statics = /(?:\bimport|\bexport\s*(?:\*|\{[^}]*\}))\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.\.?\/[^"']+\.js)["']/g;
    for (const m of code.matchAll(statics)) visit(posix.normalize(posix.join(dir, m[1])), `imported by ${file}`);
  };
  for (const { file, why } of htmlTags(dist)) visit(file, why);
  const assets = existsSync(join(dist, 'assets')) ? readdirSync(join(dist, 'assets')) : [];
  const login = assets.filter((f) => f.endsWith('.js') && isLoginName(f)).sort((a, b) => a.length - b.length)[0];
  if (login) visit(`assets/${login}`, 'login page');
  return { files, loginChunk: login ? `assets/${login}` : null, source: 'index.html tags + static imports (no Vite manifest)' };
}

export interface LoginRouteFiles {
  /** dist-relative file → why the route loads it */
  files: Map<string, string>;
  loginChunk: string | null;
  source: string;
}

export function loginRouteFiles(dist: string): LoginRouteFiles {
  const manifestPath = join(dist, '.vite/manifest.json');
  return existsSync(manifestPath) ? fromManifest(dist, JSON.parse(readFileSync(manifestPath, 'utf8'))) : fromHtml(dist);
}
