// What an error tells the client and the log: an unexpected one answers a generic Czech message with the request
// id and logs the SQL text without its parameters; a database error that means bad input answers 4xx.
import { APP_ERRORS } from '@volant/shared/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { buildServer } from '../server.ts';
import { listenTestServer } from '../testing/http-server.ts';
import { createUser, getTestApp, type TestApp, uniqueEmail } from '../testing/harness.ts';

let app: TestApp;
let server: Awaited<ReturnType<typeof buildServer>>;
let base: string;
// A database failure the code cannot foresee, raised by a trigger for marked names only, so other tests sharing the
// database (on PostgreSQL) are untouched.
const tag = Math.random().toString(36).slice(2, 10);
const failInternally = `Selhani${tag}`;
const failAsDuplicate = `Duplicita${tag}`;
const fn = `fail_on_marked_name_${tag}`;
const tables = ['users', 'email_tokens'];

beforeAll(async () => {
  app = await getTestApp();
  await app.handle.db.execute(
    sql.raw(`create function ${fn}() returns trigger language plpgsql as $$
      begin
        if new.first_name = '${failInternally}' then raise exception 'forced failure'; end if;
        if new.first_name = '${failAsDuplicate}' then
          raise exception using errcode = '23505', message = 'duplicate key value violates unique constraint "users_email_key"',
            detail = 'Key (email)=(' || new.first_name || ') already exists.', constraint = 'users_email_key';
        end if;
        return new;
      end $$`),
  );
  for (const table of tables)
    await app.handle.db.execute(sql.raw(`create trigger ${fn} before insert or update on ${table} for each row execute function ${fn}()`));
  ({ server, base } = await listenTestServer(app.handle));
});

afterAll(async () => {
  await server?.app.close();
  for (const table of tables) await app.handle.db.execute(sql.raw(`drop trigger if exists ${fn} on ${table}`));
  await app.handle.db.execute(sql.raw(`drop function if exists ${fn}()`));
});

async function register(firstName: string, email = uniqueEmail('chyba')) {
  const res = await fetch(`${base}/api/trpc/user.register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ json: { email, firstName, lastName: 'Nováková', password: 'Tajne-heslo-123!' } }),
  });
  return { status: res.status, text: await res.text(), email };
}

/** Everything the server logged at `level` while `run` ran, as one string. */
async function logged<T>(level: 'error' | 'warn', run: () => Promise<T>) {
  const spy = vi.spyOn(server.app.log, level);
  try {
    const result = await run();
    return { result, log: JSON.stringify(spy.mock.calls) };
  } finally {
    spy.mockRestore();
  }
}

describe('server errors', () => {
  it('answers an unexpected database failure with a generic Czech message and the request id, and logs the SQL without its parameters', async () => {
    const { result, log } = await logged('error', () => register(failInternally));
    expect(result.status).toBe(500);
    const body = JSON.parse(result.text) as { error: { json: { message: string; data: { code: string } } } };
    expect(body.error.json.data.code).toBe('INTERNAL_SERVER_ERROR');
    const reqId = /Kód chyby: (\S+)$/.exec(body.error.json.message)?.[1];
    expect(body.error.json.message).toBe(`${APP_ERRORS.INTERNAL} Kód chyby: ${reqId}`);
    for (const secret of ['scrypt$', 'Tajne-heslo', result.email, failInternally, 'insert into', 'Failed query', 'params', 'forced failure', ' at ']) {
      expect(result.text).not.toContain(secret);
    }

    expect(log).toContain(`"reqId":"${reqId}"`);
    expect(log).toContain('Failed query: insert into');
    expect(log).toContain('forced failure');
    for (const secret of ['scrypt$', 'Tajne-heslo', result.email, failInternally, 'params:']) expect(log).not.toContain(secret);
  });

  it('answers a database refusal that means bad input with 4xx and logs it without the values the driver quotes', async () => {
    const { result, log } = await logged('warn', () => register(failAsDuplicate));
    expect(result.status).toBe(409);
    const body = JSON.parse(result.text) as { error: { json: { message: string; data: { code: string; appCode: string } } } };
    expect(body.error.json).toMatchObject({ message: APP_ERRORS.ALREADY_EXISTS, data: { code: 'CONFLICT', appCode: 'ALREADY_EXISTS' } });
    expect(result.text).not.toContain(failAsDuplicate);

    expect(log).toContain('"code":"23505"');
    expect(log).toContain('"constraint"');
    for (const secret of ['scrypt$', result.email, failAsDuplicate, 'already exists']) expect(log).not.toContain(secret);
  });

  it('answers a feature flag for an unknown user with NOT_FOUND', async () => {
    const operator = await app.callerFor((await createUser(app, { role: 'ADMIN' })).id);
    await expect(operator.operator.setFeatureFlag({ name: 'DEBUG', targetUserId: crypto.randomUUID(), isEnabled: true })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: APP_ERRORS.NOT_FOUND,
    });
  });

  it('answers every malformed request with one Czech message and no library text (issue 17 item 14)', async () => {
    const post = (path: string, body: string) =>
      fetch(`${base}/api/trpc/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(async (res) => ({
        status: res.status,
        text: await res.text(),
      }));
    const cases = [
      ['user.loginUser', '{"json":'], // not JSON
      ['user.loginUser', 'null'], // no `json` to destructure
      ['user.loginUser', '{"json":{"email":"a@b.cz","password":"x"},"meta":{"values":{"email":[["class","Evil"]]},"v":1}}'], // unknown class
      ['user.loginUser', '{"json":{"email":"a@b.cz","password":"x"},"meta":{"values":"zzz"}}'], // the stack overflow of item 1
      ['user.loginUser?batch=1', '"zzz"'], // a batch that is not an object
      ['user.noSuchProcedure', '{"json":{}}'],
    ] as const;
    for (const [path, body] of cases) {
      const result = await post(path, body);
      expect(result.status, body).toBeGreaterThanOrEqual(400);
      expect(result.status, body).toBeLessThan(500);
      const parsed = JSON.parse(result.text) as { error: { json: { message: string } } } | { error: { json: { message: string } } }[];
      const messages = (Array.isArray(parsed) ? parsed : [parsed]).map((e) => e.error.json.message);
      expect(messages, body).toEqual(messages.map(() => APP_ERRORS.MALFORMED_REQUEST));
      for (const raw of ['Maximum call stack', 'destructure', 'superjson', 'github', 'JSON', 'No procedure', 'Evil']) expect(result.text).not.toContain(raw);
    }
  });

  it('keeps the Czech field messages of an input refused by its schema', async () => {
    const res = await fetch(`${base}/api/trpc/user.register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: { email: 'neplatny', firstName: 'Jana', lastName: 'Nováková', password: 'Tajne-heslo-123!' } }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { json: { message: string; data: { zodError: { fieldErrors: Record<string, string[]> } } } } };
    expect(body.error.json.message).not.toBe(APP_ERRORS.MALFORMED_REQUEST);
    expect(body.error.json.data.zodError.fieldErrors.email?.[0]).toMatch(/e-mail/i);
  });
});
