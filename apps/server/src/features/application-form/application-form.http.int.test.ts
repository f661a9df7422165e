// The application form over HTTP: only the form's own sites may frame the hosted page (CSP frame-ancestors, no
// X-Frame-Options) or call it across origins (CORS); every other page stays unframeable; the embed script loads cross-site.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { buildServer } from '../../server.ts';
import { getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { applicantInput, createTestForm, tokenFor } from './application-form.testing.ts';

const LISTED = 'https://www.autoskola-test.cz';
const FOREIGN = 'https://evil.example';
let app: TestApp;
let server: Awaited<ReturnType<typeof buildServer>>;
let form: { formId: string; courseId: string };
let schoolCaller: Awaited<ReturnType<typeof setupSchool>>;

beforeAll(async () => {
  app = await getTestApp();
  const webDist = mkdtempSync(join(tmpdir(), 'volant-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Volant</title>');
  const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'volant-apply-')), LOG_LEVEL: 'silent', WEB_DIST: webDist } as NodeJS.ProcessEnv);
  server = await buildServer(config, app.handle);
  schoolCaller = await setupSchool(app);
  form = await createTestForm(schoolCaller.caller, schoolCaller.schoolId, { origins: [LISTED] });
});

afterAll(async () => {
  await server?.app.close();
});

const frameAncestors = (csp: unknown) => /frame-ancestors ([^;]*)/.exec(String(csp))?.[1];

describe('the hosted page /apply/:id', () => {
  it('may be framed by the app and the form’s sites only', async () => {
    const res = await server.app.inject({ method: 'GET', url: `/apply/${form.formId}` });
    expect(res.statusCode).toBe(200);
    expect(frameAncestors(res.headers['content-security-policy'])).toBe(`'self' ${LISTED}`);
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('an unknown form and every other page may not be framed at all', async () => {
    const unknown = await server.app.inject({ method: 'GET', url: '/apply/00000000-0000-4000-8000-000000000000' });
    expect(frameAncestors(unknown.headers['content-security-policy'])).toBe("'none'");
    for (const url of ['/app/home', '/login', '/student/ABC/1']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(frameAncestors(res.headers['content-security-policy'])).toBe("'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });
});

describe('direct calls from a school’s site', () => {
  it('answers the preflight with CORS for a listed site and refuses another', async () => {
    const ok = await server.app.inject({
      method: 'OPTIONS',
      url: `/api/public/application-forms/${form.formId}/submissions`,
      headers: { origin: LISTED, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe(LISTED);
    expect(ok.headers['access-control-allow-headers']).toBe('content-type');
    const refused = await server.app.inject({
      method: 'OPTIONS',
      url: `/api/public/application-forms/${form.formId}/submissions`,
      headers: { origin: FOREIGN, 'access-control-request-method': 'POST' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('takes a submission from a listed site and refuses one from another', async () => {
    const body = applicantInput(form.formId, form.courseId, await tokenFor(app, form.formId), { lastName: 'Webová' });
    const foreign = await server.app.inject({
      method: 'POST',
      url: `/api/public/application-forms/${form.formId}/submissions`,
      headers: { origin: FOREIGN, 'content-type': 'application/json' },
      payload: body,
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: 'Formulář nelze odeslat z této stránky.' });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();

    const listed = await server.app.inject({
      method: 'POST',
      url: `/api/public/application-forms/${form.formId}/submissions`,
      headers: { origin: LISTED, 'content-type': 'application/json' },
      payload: body,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['access-control-allow-origin']).toBe(LISTED);
    const pending = await schoolCaller.caller.applicationForm.getApplications({ schoolId: schoolCaller.schoolId, status: 'PENDING' });
    expect(pending.map((a) => a.lastName)).toContain('Webová');
  });

  it('gives the form’s public data to a listed site, and field messages for a bad submission', async () => {
    const opened = await server.app.inject({ method: 'GET', url: `/api/public/application-forms/${form.formId}`, headers: { origin: LISTED } });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ id: form.formId, courses: [{ id: form.courseId }], fillToken: expect.any(String) });
    expect(JSON.stringify(opened.json())).not.toContain('secret');
    const bad = await server.app.inject({
      method: 'POST',
      url: `/api/public/application-forms/${form.formId}/submissions`,
      headers: { origin: LISTED, 'content-type': 'application/json' },
      payload: { courseId: form.courseId, fillToken: 'x', consent: true },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'studentInfo' })]));
  });
});

describe('the embed script', () => {
  it('loads from any site and frames /apply/:id', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/embed/application-form.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/javascript');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.body).toContain("'/apply/'");
    expect(res.body).toContain('volant-form-height');
  });
});
