// `npm start`: check Node 24, build the web app when its sources are newer than the build, then run the server
// (apps/server/src/main.ts) with this process's environment and terminal, forwarding SIGTERM/SIGINT to it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

await import('./check-node.mjs');

const root = fileURLToPath(new URL('..', import.meta.url));
const distIndex = join(root, 'apps/web/dist/index.html');
/** What the built web app is made from; a change in any of these makes the build stale. */
const webSources = ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'apps/web/vite.config.ts', 'apps/web/package.json', 'packages/shared/src'];

/** The newest modification time under `path` (a file or a folder, walked recursively); 0 when it does not exist. */
function newestMtime(path) {
  let st;
  try {
    st = statSync(path);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.') || /\.test\.tsx?$/.test(entry.name)) continue; // tests are not bundled
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

function buildReason() {
  if (process.env.WEB_DIST) return null; // a prebuilt web app elsewhere: not ours to build
  if (!existsSync(distIndex)) return 'apps/web/dist is missing';
  const built = statSync(distIndex).mtimeMs;
  const changed = webSources.find((p) => newestMtime(join(root, p)) > built);
  return changed ? `${changed} changed since the last build` : null;
}

const reason = buildReason();
if (reason) {
  console.log(`Building the web app (${reason})…`);
  const t0 = Date.now();
  const build = spawnSync('npm', ['run', 'build', '-w', '@volant/web'], { cwd: root, stdio: 'inherit', env: process.env });
  if (build.status !== 0) {
    console.error(`\nThe web app build failed (exit ${build.status ?? build.signal}). Fix it and run npm start again.`);
    process.exit(build.status || 1);
  }
  console.log(`Web app built in ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
}

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(root, 'apps/server/src/main.ts')], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}
server.on('error', (err) => {
  console.error(`Could not start the server: ${err.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + ({ SIGINT: 2, SIGHUP: 1, SIGTERM: 15, SIGKILL: 9 }[signal] ?? 1) : 1));
});
