// `npm test`: the whole suite in order, stopping at the first failure, then a summary with each step's time.
//   typecheck → lint → unit → API on PGlite → API on PostgreSQL (only with TEST_DATABASE_URL) → web build → end-to-end
// Everything runs with TZ=UTC. `npm test -- e2e api-pglite` runs only the named steps (in the usual order).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

await import('./check-node.mjs');

const root = fileURLToPath(new URL('..', import.meta.url));
const baseEnv = { ...process.env, TZ: 'UTC' };
const { TEST_DATABASE_URL: pgUrl, ...envWithoutPg } = baseEnv;

const steps = [
  { name: 'typecheck', cmd: ['npm', 'run', 'typecheck'] },
  { name: 'lint', cmd: ['npm', 'run', 'lint'] },
  { name: 'unit', cmd: ['npx', 'vitest', 'run', '--project', 'unit'] },
  {
    name: 'api-pglite',
    label: 'API on PGlite',
    cmd: ['npx', 'vitest', 'run', '--project', 'api', '--project', 'api-isolated', '--project', 'api-timed'],
    env: envWithoutPg,
  },
  {
    name: 'api-postgres',
    label: 'API on PostgreSQL',
    cmd: ['npx', 'vitest', 'run', '--project', 'api', '--project', 'api-isolated', '--project', 'api-timed'],
    skip: pgUrl ? null : 'TEST_DATABASE_URL is not set',
  },
  { name: 'build', label: 'web build', cmd: ['npm', 'run', 'build', '-w', '@volant/web'] },
  { name: 'e2e', label: 'end-to-end', cmd: ['npm', 'run', 'test:e2e'] },
];

const only = process.argv.slice(2);
const unknown = only.filter((n) => !steps.some((s) => s.name === n));
if (unknown.length) {
  console.error(`Unknown step(s): ${unknown.join(', ')}. Steps: ${steps.map((s) => s.name).join(', ')}`);
  process.exit(2);
}

let current = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (current) current.kill(signal);
    console.error(`\nnpm test interrupted (${signal}).`);
    process.exit(130);
  });
}

function run(cmd, env) {
  return new Promise((resolve) => {
    current = spawn(cmd[0], cmd.slice(1), { cwd: root, stdio: 'inherit', env });
    current.on('error', (err) => {
      console.error(err.message);
      resolve(127);
    });
    current.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const results = [];
const started = Date.now();
let failed = null;

for (const step of steps) {
  const label = step.label ?? step.name;
  if (only.length && !only.includes(step.name)) continue;
  if (failed) {
    results.push({ label, status: 'not run' });
    continue;
  }
  if (step.skip) {
    results.push({ label, status: `skipped (${step.skip})` });
    continue;
  }
  console.log(`\n━━━ ${label}: ${step.cmd.join(' ')}\n`);
  const t0 = Date.now();
  const code = await run(step.cmd, step.env ?? baseEnv);
  const ms = Date.now() - t0;
  results.push({ label, status: code === 0 ? 'ok' : `FAILED (exit ${code})`, ms });
  if (code !== 0) failed = { label, code };
}
current = null;

const width = Math.max(...results.map((r) => r.label.length));
console.log('\n━━━ npm test summary (TZ=UTC)');
for (const r of results) console.log(`  ${r.label.padEnd(width)}  ${(r.ms === undefined ? '' : seconds(r.ms)).padStart(8)}  ${r.status}`);
console.log(`  ${'total'.padEnd(width)}  ${seconds(Date.now() - started).padStart(8)}`);
if (failed) {
  console.log(`\n✗ Stopped at "${failed.label}" (exit ${failed.code}); the output above says why.`);
  process.exit(failed.code || 1);
}
console.log('\n✓ All steps passed.');
