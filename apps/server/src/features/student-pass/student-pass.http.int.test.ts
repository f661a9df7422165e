// The pass over HTTP: the page is not indexed and sends no referrer; the code travels in a POST body (tRPC's method
// override for queries) and, when a client puts it in a GET's URL anyway, the request log does not keep it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { schema } from '@volant/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { buildServer } from '../../server.ts';
import { getTestApp, setupSchool } from '../../testing/harness.ts';
import { createTestStudent } from '../student/student.testing.ts';

const lines: string[] = [];
let server: Awaited<ReturnType<typeof buildServer>>;
let web: { type: 'web'; schoolCode: string; registrationNumber: string; secretCode: string };

beforeAll(async () => {
  const app = await getTestApp();
  const webDist = mkdtempSync(join(tmpdir(), 'volant-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Volant</title>');
  const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'volant-pass-')), LOG_LEVEL: 'info', WEB_DIST: webDist } as NodeJS.ProcessEnv);
  server = await buildServer(config, app.handle, { logStream: { write: (line) => void lines.push(line) } });
  const s = await setupSchool(app);
  const registrationNumber = `H-${Date.now().toString(36)}`;
  const studentId = await createTestStudent(s.caller, s.schoolId, { registrationNumber });
  await app.handle.db.update(schema.students).set({ secretCode: 'Q8W3E7RT' }).where(eq(schema.students.id, studentId));
  const { schoolCode } = await s.caller.studentPass.getSchoolPassCode({ schoolId: s.schoolId });
  web = { type: 'web', schoolCode, registrationNumber, secretCode: 'Q8W3E7RT' };
});

afterAll(async () => {
  await server?.app.close();
});

describe('the pass over HTTP', () => {
  it('serves the pass page with noindex and no referrer', async () => {
    const res = await server.app.inject({ method: 'GET', url: `/student/${web.schoolCode}/${web.registrationNumber}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // Other pages are indexed as before.
    expect((await server.app.inject({ method: 'GET', url: '/login' })).headers['x-robots-tag']).toBeUndefined();
  });

  it('opens the pass by a POST, and the code reaches no log line', async () => {
    lines.length = 0;
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/trpc/student.getStudentPass',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ json: web }),
    });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).result.data.json.student.registrationNumber).toBe(web.registrationNumber);
    const input = encodeURIComponent(JSON.stringify({ json: web }));
    expect((await server.app.inject({ method: 'GET', url: `/api/trpc/student.getStudentPass?input=${input}` })).statusCode).toBe(200);
    const log = lines.join('');
    expect(log).toContain('student.getStudentPass');
    expect(log).not.toContain(web.secretCode);
  });

  it('keeps mutations POST-only', async () => {
    const input = encodeURIComponent(JSON.stringify({ json: { schoolId: crypto.randomUUID() } }));
    expect((await server.app.inject({ method: 'GET', url: `/api/trpc/studentPass.regenerateSchoolPassCode?input=${input}` })).statusCode).toBe(405);
  });
});
