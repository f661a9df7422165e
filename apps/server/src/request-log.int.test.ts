// The codes of e-mailed links are secrets: they must not reach the request log, and the invite code travels in a
// POST body, never in a URL.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { buildServer } from './server.ts';
import { getTestApp } from './testing/harness.ts';

const servers: Awaited<ReturnType<typeof buildServer>>[] = [];
const lines: string[] = [];

/** A server that logs every request into `lines`; with the web app (SPA routes) or without it (API only). */
async function loggingServer(withWebApp: boolean) {
  const app = await getTestApp();
  const webDist = mkdtempSync(join(tmpdir(), 'volant-web-'));
  if (withWebApp) writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Volant</title>');
  const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'volant-log-')), LOG_LEVEL: 'info', WEB_DIST: webDist } as NodeJS.ProcessEnv);
  const server = await buildServer(config, app.handle, { logStream: { write: (line) => void lines.push(line) } });
  servers.push(server);
  return server;
}

let server: Awaited<ReturnType<typeof buildServer>>;
beforeAll(async () => {
  server = await loggingServer(true);
});

afterAll(async () => {
  for (const s of servers) await s.app.close();
});

const CODES = {
  '/email-confirm/': 'Ez9pQmQwYjN2V0xJcUV4dGhlLWNvbmZpcm0tY29kZQ',
  '/reset-password-confirm/': 'Uk9mR3dZc2xXbXp4LXRoZS1yZXNldC1jb2RlLTEyMzQ',
  '/school-invite-confirm/': 'SW52aXRlQ29kZS1TM2NyM3QtZG8tbm90LWxvZy1tZQ',
};

describe('request log', () => {
  it.each([
    ['with the web app', true],
    ['without the web app', false],
  ])('keeps the route of an e-mailed link but not its code (%s)', async (_, withWebApp) => {
    lines.length = 0;
    const server = await loggingServer(withWebApp);
    for (const [path, code] of Object.entries(CODES)) {
      const res = await server.app.inject({ method: 'GET', url: `${path}${code}` });
      expect(res.statusCode).toBe(withWebApp ? 200 : 404);
      await server.app.inject({ method: 'GET', url: `${path}${code}?utm_source=mail` });
    }
    const log = lines.join('');
    for (const [path, code] of Object.entries(CODES)) {
      expect(log).not.toContain(code);
      expect(log).toContain(`"url":"${path}…"`);
      expect(log).toContain(`"url":"${path}…?utm_source=mail"`);
    }
    // Other URLs are logged as they are.
    await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(lines.join('')).toContain('"url":"/healthz"');
  });

  it('describes an invite only through a POST body, which is not logged; a GET with the code in its URL is refused', async () => {
    const code = 'UE9TVC1vbmx5LWludml0ZS1jb2RlLW5vdC1pbi1VUkw';
    const viaPost = await server.app.inject({
      method: 'POST',
      url: '/api/trpc/schoolInvite.describeInviteByCode',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ json: { code } }),
    });
    // An unknown code: the invite page says the link is not valid.
    expect(viaPost.statusCode).toBe(404);
    expect(lines.join('')).not.toContain(code);
    const input = encodeURIComponent(JSON.stringify({ json: { code } }));
    const viaGet = await server.app.inject({ method: 'GET', url: `/api/trpc/schoolInvite.describeInviteByCode?input=${input}` });
    expect(viaGet.statusCode).toBe(405);
  });

  it('never logs the student’s sign-in token: it is in the link’s fragment and travels in a POST body', async () => {
    const token = 'U3R1ZGVudC1zaWduLWluLXRva2VuLW5ldmVyLWxvZ2dlZA';
    lines.length = 0;
    // The browser never sends a fragment; the page itself is logged as its route.
    await server.app.inject({ method: 'GET', url: '/zak/prihlaseni' });
    const viaPost = await server.app.inject({
      method: 'POST',
      url: '/api/trpc/studentLogin.signIn',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ json: { token } }),
    });
    expect(viaPost.statusCode).toBe(400);
    expect(lines.join('')).toContain('"url":"/zak/prihlaseni"');
    expect(lines.join('')).not.toContain(token);
    const input = encodeURIComponent(JSON.stringify({ json: { token } }));
    const viaGet = await server.app.inject({ method: 'GET', url: `/api/trpc/studentLogin.signIn?input=${input}` });
    expect(viaGet.statusCode).toBe(405);
    expect(lines.join('')).not.toContain(token);
  });

  it('writes one line per request, when it is answered, with its route, status, time and request id', async () => {
    lines.length = 0;
    const res = await server.app.inject({ method: 'GET', url: '/healthz?probe=1' });
    expect(res.statusCode).toBe(200);
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => typeof e.reqId === 'string');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ msg: 'request completed', req: { method: 'GET', url: '/healthz?probe=1' }, res: { statusCode: 200 } });
    expect(entries[0].responseTime).toEqual(expect.any(Number));
  });
});
