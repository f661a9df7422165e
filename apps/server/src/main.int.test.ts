// The process as `npm start` runs it: migrate, seed an empty embedded database, print the URL and the demo login,
// serve, and stop cleanly on SIGTERM; a restart on the same data directory comes up again.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const mainFile = fileURLToPath(new URL('./main.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'volant-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function start(port: number, env: Record<string, string> = {}, dir = dataDir) {
  const child = spawn(process.execPath, [mainFile], {
    env: { ...process.env, DATA_DIR: dir, PORT: String(port), LOG_LEVEL: 'warn', DATABASE_URL: '', WEB_DIST: dir, SEED_DEMO: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (d) => {
      output += d;
      // The banner ends with an empty line.
      if (/Volant běží na[\s\S]*\n\n/.test(output)) resolve(output);
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
  });
  return { child, ready };
}

function stop(child: ChildProcess) {
  return new Promise<number | null>((resolve) => {
    child.on('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

async function loginResult(port: number, email: string, password: string) {
  const res = await fetch(`http://127.0.0.1:${port}/api/trpc/user.loginUser`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ json: { email, password } }),
  });
  return ((await res.json()) as { result: { data: { json: { state: string; token?: string } } } }).result.data.json;
}
const loginState = async (port: number, email: string, password: string) => (await loginResult(port, email, password)).state;
const loginToken = async (port: number, email: string, password: string) => (await loginResult(port, email, password)).token ?? '';
const callOperator = (port: number, token: string) =>
  fetch(`http://127.0.0.1:${port}/api/trpc/operator.listSchools`, { headers: { authorization: `Bearer ${token}` } });

function runOperatorCli(dir: string, ...args: string[]) {
  const cli = fileURLToPath(new URL('./operator-cli.ts', import.meta.url));
  const result = spawnSync(process.execPath, [cli, ...args], {
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

describe('npm start', () => {
  it('starts on an empty data directory with the demo school, stops on SIGTERM and restarts on the same data', async () => {
    const port = 40_000 + Math.floor(Math.random() * 20_000);
    const first = start(port);
    const output = await first.ready;
    expect(output).toContain(`http://localhost:${port}`);
    expect(output).toContain('demo@volant.cz / Volant2026!');
    const login = await fetch(`http://127.0.0.1:${port}/api/trpc/user.loginUser`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: { email: 'demo@volant.cz', password: 'Volant2026!' } }),
    });
    expect(((await login.json()) as { result: { data: { json: { state: string } } } }).result.data.json.state).toBe('OK');
    expect(output).toContain('Databáze obsahuje demo data');
    // No seeded account has the operator's tools (the published demo password must not open them).
    expect(await loginState(port, 'operator@volant.cz', 'Volant2026!')).toBe('INVALID_CREDENTIALS');
    const demoToken = await loginToken(port, 'demo@volant.cz', 'Volant2026!');
    expect((await callOperator(port, demoToken)).status).toBe(403);
    expect(await stop(first.child)).toBe(0);

    // A warm restart keeps the data (no second seed) and comes up again; its time is measured in bench/, not here.
    const second = start(port);
    const again = await second.ready;
    expect(again).toMatch(/start \d+ ms/);
    expect(await stop(second.child)).toBe(0);
  }, 60_000);

  it('starts a real installation without demo data, and only `npm run operator` makes an operator', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'volant-real-'));
    try {
      // The operator command works on an empty data directory (it migrates first) and prints a one-time password.
      const added = runOperatorCli(dir, 'add', 'Provoz@Example.cz');
      expect(added.code).toBe(0);
      const password = /Jednorázové heslo: (\S+)/.exec(added.out)?.[1];
      expect(password).toBeTruthy();
      expect(runOperatorCli(dir, 'list').out).toContain('provoz@example.cz');

      const port = 40_000 + Math.floor(Math.random() * 20_000);
      const server = start(port, { SEED_DEMO: '0' }, dir);
      const output = await server.ready;
      expect(output).not.toContain('Demo přihlášení');
      expect(await loginState(port, 'demo@volant.cz', 'Volant2026!')).toBe('INVALID_CREDENTIALS');
      const token = await loginToken(port, 'provoz@example.cz', password as string);
      expect((await callOperator(port, token)).status).toBe(200);
      expect(await stop(server.child)).toBe(0);

      expect(runOperatorCli(dir, 'remove', 'provoz@example.cz').code).toBe(0);
      const again = start(port, { SEED_DEMO: '0' }, dir);
      await again.ready;
      const token2 = await loginToken(port, 'provoz@example.cz', password as string);
      expect((await callOperator(port, token2)).status).toBe(403);
      expect(await stop(again.child)).toBe(0);
      expect(runOperatorCli(dir, 'add', 'not-an-email').code).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
