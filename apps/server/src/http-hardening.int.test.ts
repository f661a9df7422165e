// What a client controls must not defeat the server's defences: a forged X-Forwarded-For does not reset the login
// limit, and the security headers say one consistent thing.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { buildServer } from './server.ts';
import { createUser, getTestApp, type TestApp } from './testing/harness.ts';

let app: TestApp;
const servers: Awaited<ReturnType<typeof buildServer>>[] = [];

beforeAll(async () => {
  app = await getTestApp();
});

afterAll(async () => {
  for (const s of servers) await s.app.close();
});

async function serverWith(env: Record<string, string>) {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'volant-hardening-')),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_LOGIN_PER_15_MIN: '5',
    RATE_LIMIT_PUBLIC_PER_MIN: '1000',
    ...env,
  } as NodeJS.ProcessEnv);
  const server = await buildServer(config, app.handle);
  servers.push(server);
  return server.app;
}

/** A wrong-password login as it reaches us from `remoteAddress`, with the X-Forwarded-For it carries. */
async function wrongLogin(http: Awaited<ReturnType<typeof serverWith>>, email: string, remoteAddress: string, forwardedFor?: string) {
  const res = await http.inject({
    method: 'POST',
    url: '/api/trpc/user.loginUser',
    remoteAddress,
    headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    payload: JSON.stringify({ json: { email, password: 'spatne-heslo!' } }),
  });
  return res.statusCode;
}

describe('TRUST_PROXY', () => {
  it('behind one proxy, a forged left-most X-Forwarded-For does not reset the login counter', async () => {
    const http = await serverWith({ TRUST_PROXY: '1' });
    const user = await createUser(app);
    const statuses: number[] = [];
    // The proxy (10.0.0.2) appends the address it saw (203.0.113.7); the client forges a new address before it each time.
    for (let i = 0; i < 30; i++) statuses.push(await wrongLogin(http, user.email, '10.0.0.2', `198.51.100.${i}, 203.0.113.7`));
    expect(statuses.slice(0, 5).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    // Another real client behind the same proxy is not throttled by the first one's attempts.
    expect(await wrongLogin(http, user.email, '10.0.0.2', '203.0.113.8')).toBe(200);
  });

  it('trusts only the named proxy addresses', async () => {
    const http = await serverWith({ TRUST_PROXY: '10.0.0.2' });
    const user = await createUser(app);
    const statuses: number[] = [];
    // Not from the trusted proxy: the header is ignored, the socket address is the client.
    for (let i = 0; i < 8; i++) statuses.push(await wrongLogin(http, user.email, '192.0.2.9', `198.51.100.${i}`));
    expect(statuses.filter((s) => s === 429).length).toBe(3);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored', async () => {
    const http = await serverWith({});
    const user = await createUser(app);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push(await wrongLogin(http, user.email, '192.0.2.10', `198.51.100.${i}`));
    expect(statuses.filter((s) => s === 429).length).toBe(3);
  });
});

describe('security headers', () => {
  it('on plain HTTP: no framing at all, sockets only to our origin, no HSTS', async () => {
    const http = await serverWith({ PUBLIC_URL: 'http://volant.local:3000' });
    const res = await http.inject({ method: 'GET', url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
    expect(csp).not.toMatch(/ws:|wss:/);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('over https: HSTS, with includeSubDomains only when configured', async () => {
    const plain = await serverWith({ PUBLIC_URL: 'https://autoskola.example.cz' });
    const withSub = await serverWith({ PUBLIC_URL: 'https://autoskola.example.cz', HSTS_INCLUDE_SUBDOMAINS: '1' });
    const a = await plain.inject({ method: 'GET', url: '/healthz' });
    const b = await withSub.inject({ method: 'GET', url: '/healthz' });
    expect(a.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(b.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(a.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });
});
