// The answer cache of the hot reads (lib/read-cache.ts, trpc/cached-read.ts) over real HTTP: a cached answer is
// served only to a caller the ladder proved, and a committed write to its school — through the app with an event,
// or behind the app's back in SQL (migration 0020's triggers) — is seen by the very next read, on PostgreSQL on two
// instances sharing the database.
import { type DbHandle, openDb } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CACHE_APP_NAME } from './session-cache.ts';
import { inTransaction } from './unit-of-work.ts';
import { createSession } from '../gate/session.queries.ts';
import { addMember, createUser, getTestApp, setupSchool, type TestApp } from '../testing/harness.ts';
import { seedStudent } from '../testing/documents.testing.ts';
import { type Instance, instances, sleep, until } from '../testing/instances.ts';
import { workerDatabaseUrl } from '../testing/database.ts';

const url = await workerDatabaseUrl();

/** Tables with a school_id that no cached answer reads: written on reads or by the system (migration 0020). */
const NOT_WATCHED = [
  'application_fill_tokens',
  'audit_log',
  // Issue 21 §1 (migration 0030): read only by bankStatement's preview and confirmation, both mutations.
  'bank_statements',
  'bank_transactions',
  'calendar_feeds',
  // 'Můj den' outbox replays (migration 0027): read only by myDay.act, which is a write.
  'day_action_keys',
  // Issue 22 §2 (migration 0037): 'Podklady pro kontrolu' jobs, written by the job on every step; read by no cached answer.
  'inspection_packs',
  'notifications',
  'pdf_files',
  'print_tokens',
  'student_pass_attempts',
  'student_sessions',
  'user_searches',
];

let app: TestApp;
/** The instance that reads; `b` writes (the same one on PGlite). */
let a: Instance;
let b: Instance;
const servers = instances();
const start = (handle: DbHandle, ownHandle: boolean) => servers.start(handle, ownHandle, (server) => server.deps.readCache?.enabled === true);

beforeAll(async () => {
  app = await getTestApp();
  a = await start(app.handle, false);
  b = url ? await start(await openDb({ databaseUrl: url, poolSize: 2 }), true) : a;
});

afterAll(() => servers.closeAll());

/** Runs `attempt` until it returns true, at most `n` times: whether it ever did. */
async function tries(n: number, attempt: (i: number) => Promise<boolean>) {
  for (let i = 0; i < n; i++) if (await attempt(i)) return true;
  return false;
}

const tokenFor = (userId: string) => createSession(app.handle.db, userId, new Date(), 1);

/** exam.getExam as the web sends it: status and the term's place (null when refused). */
async function examPlace(at: Instance, token: string, schoolId: string, id: string) {
  const input = encodeURIComponent(JSON.stringify(superjson.serialize({ schoolId, id })));
  const res = await fetch(`${at.base}/api/trpc/exam.getExam?input=${input}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { result?: { data: Parameters<typeof superjson.deserialize>[0] } };
  const exam = body.result ? superjson.deserialize<{ place: string; date: string }>(body.result.data) : null;
  return { status: res.status, place: exam?.place ?? null };
}

async function mutate(at: Instance, path: string, token: string, input: unknown) {
  const res = await fetch(`${at.base}/api/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(superjson.serialize(input)),
  });
  expect(res.status, `${path} answered ${res.status}: ${await res.clone().text()}`).toBe(200);
}

const cached = (at: Instance) => at.server.deps.readCache?.size ?? 0;

/** Whether the instance holds any answer of the school (the cache's own view, for writes no read shows). */
const hasEntryOf = (at: Instance, schoolId: string) => at.server.deps.readCache?.holds(schoolId) === true;

async function schoolWithExam(place = 'Magistrát města Brna') {
  const s = await setupSchool(app);
  const exam = await s.caller.exam.createExam({ schoolId: s.schoolId, date: '2027-03-15', place, types: ['PPV', 'OUV'], capacity: 10 });
  return { ...s, exam, token: await tokenFor(s.user.id) };
}

/**
 * Reads on every instance until an answer comes from the cache (the read leaves the cache as it was), so what follows
 * is the invalidation's doing. On PostgreSQL a notification of an earlier write may still drop the first answer.
 */
async function warm(token: string, schoolId: string, id: string, place: string) {
  for (const at of new Set([a, b])) {
    expect(await examPlace(at, token, schoolId, id)).toEqual({ status: 200, place });
    await until(async () => {
      const before = cached(at);
      expect(await examPlace(at, token, schoolId, id)).toEqual({ status: 200, place });
      return before > 0 && cached(at) === before && hasEntryOf(at, schoolId);
    }, 2_000);
  }
}

describe(`answer cache${url ? ' on two instances' : ''}`, () => {
  it('answers from the cache: a change the cache is not told about is not seen until the entry goes', async () => {
    const { schoolId, exam, token } = await schoolWithExam();
    // Other test files share the PostgreSQL database and may drop every school's answers meanwhile (a user's name):
    // a few tries, each with a place of its own; a cache that does not cache fails every one.
    const stale = await tries(5, async (n) => {
      const place = n === 0 ? 'Magistrát města Brna' : `Místo ${n}`;
      await warm(token, schoolId, exam.id, place);
      // Behind the triggers' back (they are what this test is not about): the cached answer stays.
      await app.handle.db.transaction(async (tx) => {
        await tx.execute(sql`alter table exams disable trigger volant_reads_changed`);
        await tx
          .update(schema.exams)
          .set({ place: `Místo ${n + 1}` })
          .where(eq(schema.exams.id, exam.id));
        await tx.execute(sql`alter table exams enable trigger volant_reads_changed`);
      });
      return (await examPlace(a, token, schoolId, exam.id)).place === place;
    });
    expect(stale).toBe(true);
    a.server.deps.readCache?.clear();
    expect((await examPlace(a, token, schoolId, exam.id)).place).toMatch(/^Místo \d$/);
  });

  it('answers the same bytes from the cache as without it, on the direct GET path, in a batch and through tRPC’s handler', async () => {
    const { schoolId, exam, token } = await schoolWithExam();
    const input = JSON.stringify(superjson.serialize({ schoolId, id: exam.id }));
    const headers = { authorization: `Bearer ${token}` };
    const get = () => fetch(`${a.base}/api/trpc/exam.getExam?input=${encodeURIComponent(input)}`, { headers }).then((r) => r.text());
    const batch = () =>
      fetch(`${a.base}/api/trpc/exam.getExam,exam.getExam?batch=1&input=${encodeURIComponent(`{"0":${input},"1":${input}}`)}`, { headers }).then((r) =>
        r.text(),
      );
    const post = () =>
      fetch(`${a.base}/api/trpc/exam.getExam`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'x-trpc-method-override': 'query' },
        body: input,
      }).then((r) => r.text());
    a.server.deps.readCache?.clear();
    const fresh = await get();
    expect(hasEntryOf(a, schoolId)).toBe(true);
    expect(await get()).toBe(fresh);
    expect(await batch()).toBe(`[${fresh},${fresh}]`);
    expect(await post()).toBe(fresh);
    a.server.deps.readCache?.disable();
    try {
      expect(await get()).toBe(fresh);
    } finally {
      a.server.deps.readCache?.enable();
    }
  });

  it('a write through the app is seen by the very next read everywhere, before the writer has its answer back', async () => {
    const { schoolId, exam, token } = await schoolWithExam();
    await warm(token, schoolId, exam.id, 'Magistrát města Brna');
    await mutate(b, 'exam.updateExam', token, { schoolId, id: exam.id, date: '2027-03-15', place: 'Úřad Vyškov', types: ['PPV'], capacity: 10 });
    expect(await examPlace(a, token, schoolId, exam.id)).toEqual({ status: 200, place: 'Úřad Vyškov' });
    expect(await examPlace(b, token, schoolId, exam.id)).toEqual({ status: 200, place: 'Úřad Vyškov' });
  });

  it('a write in SQL behind the app (no event: the operator CLI, psql) drops the school’s answers on commit', async () => {
    const { schoolId, exam, token } = await schoolWithExam();
    await warm(token, schoolId, exam.id, 'Magistrát města Brna');
    await app.handle.db.update(schema.exams).set({ place: 'Z příkazové řádky' }).where(eq(schema.exams.id, exam.id));
    // PGlite delivers the notification before the statement returns; PostgreSQL on commit, one packet later.
    if (!url) expect((await examPlace(a, token, schoolId, exam.id)).place).toBe('Z příkazové řádky');
    for (const at of new Set([a, b])) await until(async () => (await examPlace(at, token, schoolId, exam.id)).place === 'Z příkazové řádky', 2_000);
    // Another table of the school (a student): its write drops the school's answers too.
    const studentId = await seedStudent(app.handle.db, schoolId);
    await warm(token, schoolId, exam.id, 'Z příkazové řádky');
    await app.handle.db.update(schema.students).set({ lastName: 'Nová-Malá' }).where(eq(schema.students.id, studentId));
    for (const at of new Set([a, b])) await until(() => !hasEntryOf(at, schoolId), 2_000);
  });

  it('a write that rolls back drops nothing; a write of another school leaves this school’s answers', async () => {
    const one = await schoolWithExam();
    const other = await schoolWithExam();
    const kept = await tries(5, async (n) => {
      await warm(one.token, one.schoolId, one.exam.id, 'Magistrát města Brna');
      await expect(
        inTransaction(b.server.deps, async (tx) => {
          await tx.update(schema.exams).set({ place: 'Nestalo se' }).where(eq(schema.exams.id, one.exam.id));
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await mutate(b, 'exam.updateExam', other.token, { schoolId: other.schoolId, id: other.exam.id, date: '2027-03-16', place: `Jinde ${n}`, types: ['PPV'] });
      await sleep(100);
      return hasEntryOf(a, one.schoolId);
    });
    expect(kept).toBe(true);
    expect((await examPlace(a, one.token, one.schoolId, one.exam.id)).place).toBe('Magistrát města Brna');
  });

  it('is below the ladder: another school’s member, a removed member and no login never get a cached answer', async () => {
    const { schoolId, exam, token } = await schoolWithExam();
    await warm(token, schoolId, exam.id, 'Magistrát města Brna');
    const stranger = await schoolWithExam('Jinde');
    // The stranger's own school with this school's exam id, and this school's id: the same answer as nothing there.
    expect((await examPlace(a, stranger.token, stranger.schoolId, exam.id)).status).toBe(404);
    expect((await examPlace(a, stranger.token, schoolId, exam.id)).status).toBe(404);
    expect((await examPlace(a, 'no-such-token', schoolId, exam.id)).status).toBe(401);
    // A teacher of the same school reads it too, under a key of their own (the key names the caller and the role).
    const teacher = await createUser(app);
    await addMember(app, schoolId, teacher.id, 'TEACHER');
    const teacherToken = await tokenFor(teacher.id);
    const size = cached(a);
    expect(await examPlace(a, teacherToken, schoolId, exam.id)).toEqual({ status: 200, place: 'Magistrát města Brna' });
    // The member's addition itself dropped the school's answers (school_members is watched): the admin's is read again.
    expect(cached(a)).toBeLessThanOrEqual(size + 1);
    // Removed from the school: refused on the next request, although the answer is still cached for the admin.
    await mutate(b, 'school.removeMember', token, { schoolId, memberId: await memberId(schoolId, teacher.id) });
    expect((await examPlace(a, teacherToken, schoolId, exam.id)).status).toBe(404);
    expect(await examPlace(a, token, schoolId, exam.id)).toEqual({ status: 200, place: 'Magistrát města Brna' });
  });

  it('every table with a school_id is watched by the trigger, or is on the list of tables no cached answer reads', async () => {
    const result = (await app.handle.db.execute(sql`
      select c.table_name as name, exists (
        select 1 from information_schema.triggers tr
        where tr.event_object_table = c.table_name and tr.trigger_name = 'volant_reads_changed') as watched
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = 'public' and c.column_name = 'school_id'
      order by 1`)) as unknown as { rows: { name: string; watched: boolean }[] };
    const unwatched = result.rows.filter((r) => !r.watched).map((r) => r.name);
    expect(unwatched).toEqual(NOT_WATCHED);
    expect(result.rows.length).toBeGreaterThan(30);
    const others = (await app.handle.db.execute(sql`
      select distinct event_object_table as name from information_schema.triggers
      where trigger_name in ('volant_reads_changed', 'volant_reads_changed_everywhere') and event_object_table in ('feature_flags', 'schools', 'tier_limits', 'users')
      order by 1`)) as unknown as { rows: { name: string }[] };
    expect(others.rows.map((r) => r.name)).toEqual(['feature_flags', 'schools', 'tier_limits', 'users']);
  });
});

describe.runIf(url)('answer cache without its LISTEN connection', () => {
  it('turns off and empties with the session cache when the connection is lost, and on again once it listens anew', async () => {
    const { schoolId, exam, token } = await schoolWithExam();
    await warm(token, schoolId, exam.id, 'Magistrát města Brna');
    const reads = a.server.deps.readCache;
    const listener = `${SESSION_CACHE_APP_NAME}${a.server.deps.sessionCache?.coordinator?.instance}`;
    await app.handle.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${listener}`);
    await until(() => reads?.enabled === false, 2_000);
    expect(reads?.size).toBe(0);
    await until(() => reads?.enabled === true, 10_000);
    expect(await examPlace(a, token, schoolId, exam.id)).toEqual({ status: 200, place: 'Magistrát města Brna' });
  });
});

async function memberId(schoolId: string, userId: string) {
  const [row] = await app.handle.db
    .select({ id: schema.schoolMembers.id })
    .from(schema.schoolMembers)
    .where(and(eq(schema.schoolMembers.schoolId, schoolId), eq(schema.schoolMembers.userId, userId)));
  return row?.id;
}
