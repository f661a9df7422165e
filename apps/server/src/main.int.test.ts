// The process as `npm start` runs it: migrate, seed an empty embedded database, print the URL and the demo login,
// serve, and stop cleanly on SIGTERM; a restart on the same data directory comes up again.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const mainFile = fileURLToPath(new URL('./main.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'volant-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function start(port: number) {
  const child = spawn(process.execPath, [mainFile], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', DATABASE_URL: '', WEB_DIST: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (d) => {
      output += d;
      if (output.includes('Demo přihlášení')) resolve(output);
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
    expect(await stop(first.child)).toBe(0);

    // A warm restart keeps the data (no second seed) and comes up again; its time is measured in bench/, not here.
    const second = start(port);
    const again = await second.ready;
    expect(again).toMatch(/start \d+ ms/);
    expect(await stop(second.child)).toBe(0);
  }, 60_000);
});
