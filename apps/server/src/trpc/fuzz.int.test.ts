// Walks every procedure of the app router and feeds it malformed and boundary inputs generated from the
// procedure's own zod input: no input may make the server answer 5xx. A new procedure is fuzzed the day it is
// added. FUZZ_SEED replays a run; FUZZ_CASES (per procedure) makes a longer one.
import { schema } from '@volant/db/schema';
import { TRPCError } from '@trpc/server';
import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { APP_ERRORS } from '@volant/shared/errors';
import { STUDENT_PROCEDURES } from '@volant/shared/permissions';
import { createTestStudent } from '../features/student/student.testing.ts';
import { createSession } from '../gate/session.queries.ts';
import { createStudentSession } from '../gate/student-session.queries.ts';
import { type Caller, createUser, getTestApp, setupSchool, type TestApp } from '../testing/harness.ts';
import { listenTestServer } from '../testing/http-server.ts';
import { MALFORMED_TRANSPORT_CASES } from '../testing/malformed-transport.ts';
import { describeInput, type FuzzContext, mutate, sampleValid, seededRng } from '../testing/zod-fuzz.ts';
import { appRouter } from '../app-router.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20260601);
const CASES = Number(process.env.FUZZ_CASES ?? 200);

/** HTTP 5xx in tRPC's mapping of error codes. */
const SERVER_ERRORS = new Set(['INTERNAL_SERVER_ERROR', 'NOT_IMPLEMENTED', 'BAD_GATEWAY', 'SERVICE_UNAVAILABLE', 'GATEWAY_TIMEOUT']);

interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
  inputs: Parameters<typeof sampleValid>[0][];
}
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef }>).sort(([a], [b]) => a.localeCompare(b));
// Session-ending procedures go last, so nothing after them runs on a revoked session by accident.
const ordered = [...procedures.filter(([p]) => p !== 'user.logout'), ...procedures.filter(([p]) => p === 'user.logout')];

let app: TestApp;
let operator: Caller;
let operatorId: string;
let globalFlagsBefore: (typeof schema.featureFlags.$inferSelect)[];
const fuzzed = new Set<string>();
const outcomes = new Map<string, number>();
let total = 0;
let serverErrors = 0;

beforeAll(async () => {
  app = await getTestApp();
  const op = await createUser(app, { role: 'ADMIN' });
  operatorId = op.id;
  operator = await app.callerFor(op.id);
  globalFlagsBefore = await app.handle.db.select().from(schema.featureFlags).where(isNull(schema.featureFlags.userId));
});

afterAll(async () => {
  // Operator calls may switch a flag for everybody; other test files share the database on PostgreSQL.
  await app.handle.db.delete(schema.featureFlags).where(isNull(schema.featureFlags.userId));
  if (globalFlagsBefore.length) await app.handle.db.insert(schema.featureFlags).values(globalFlagsBefore);
  const byOutcome = Object.fromEntries([...outcomes].sort(([, a], [, b]) => b - a));
  console.log(`fuzz: ${total} cases over ${fuzzed.size} procedures (seed ${SEED}, ${CASES} per procedure), ${serverErrors} server errors:`, byOutcome);
});

/** A fresh school with one row of each kind, so generated ids hit real rows as well as unknown ones. */
async function fuzzSchool() {
  const school = await setupSchool(app);
  const { caller, schoolId } = school;
  const studentId = await createTestStudent(caller, schoolId);
  const reportId = (await caller.student.setDateOfInProgress({ schoolId, studentsIds: [studentId], date: '2026-03-02' })).reportId ?? crypto.randomUUID();
  const { id: tagId } = await caller.tag.createTag({ schoolId, name: 'Fuzz', color: '#a1b2c3' });
  const interpreter = await caller.interpreter.createInterpreter({
    schoolId,
    interpreterInfo: { firstName: 'Eva', lastName: 'Malá', degree: null, birthDate: '1980-01-02', phone: null },
    address: { street: 'Lidická', streetCode: '3', city: 'Brno', postCode: '60200' },
  });
  const other = await setupSchool(app);
  const knownIds = [schoolId, school.user.id, school.member.id, studentId, reportId, tagId, interpreter.id, operatorId, other.schoolId];
  // The student's own session, for the procedures of the student rung.
  const student = app.callerWithToken(await createStudentSession(app.handle.db, schoolId, studentId, new Date(), 1));
  return { ...school, student, knownIds };
}

function procedureAt(caller: Caller, path: string) {
  const fn = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller);
  return fn as (input: unknown) => Promise<unknown>;
}

describe('fuzzing every procedure', () => {
  it.each(ordered)('%s never answers a server error to malformed input', async (path, procedure) => {
    fuzzed.add(path);
    const school = await fuzzSchool();
    const rng = seededRng(SEED ^ hash(path));
    const ctx: FuzzContext = { rng, knownIds: school.knownIds };
    const isOperator = path.startsWith('operator.');
    const isStudentSession = Object.hasOwn(STUDENT_PROCEDURES, path) && STUDENT_PROCEDURES[path as keyof typeof STUDENT_PROCEDURES] === 'SESSION';
    const failures: string[] = [];
    let pastParser = 0;
    for (let i = 0; i < CASES; i++) {
      const baseline = Object.assign({}, ...procedure._def.inputs.map((s) => sampleValid(s, ctx) ?? {}));
      if ('schoolId' in baseline) baseline.schoolId = school.schoolId;
      const input = procedure._def.inputs.length ? mutate(baseline, rng, ['schoolId']) : mutate(undefined, rng);
      const caller = isOperator && rng() < 0.8 ? operator : isStudentSession && rng() < 0.8 ? school.student : rng() < 0.05 ? app.anonymous : school.caller;
      const { outcome, cause } = await procedureAt(
        caller,
        path,
      )(input).then(
        () => ({ outcome: 'ok', cause: '' }),
        (err: unknown) =>
          err instanceof TRPCError
            ? { outcome: err.cause instanceof z.ZodError ? 'BAD_REQUEST (input)' : err.code, cause: err.cause?.message ?? err.message }
            : { outcome: 'NOT_A_TRPC_ERROR', cause: String(err) },
      );
      if (outcome !== 'BAD_REQUEST (input)') pastParser++;
      total++;
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      if (outcome === 'NOT_A_TRPC_ERROR' || SERVER_ERRORS.has(outcome)) failures.push(`${outcome} (${cause.slice(0, 120)}) ← ${describeInput(input)}`);
    }
    serverErrors += failures.length;
    expect(failures, `${path}: ${failures.length} of ${CASES} inputs answered a server error`).toEqual([]);
    // Attacks that never get past the input parser test only zod: the generator must build inputs the procedure takes.
    expect(pastParser, `${path}: no input got past the parser; teach testing/zod-fuzz.ts this input's schema`).toBeGreaterThan(0);
  });

  it('fuzzed every procedure of the app router, so a new one is covered the day it is added', () => {
    expect([...fuzzed].sort()).toEqual(Object.keys(appRouter._def.procedures).sort());
  });
});

/**
 * The transport in front of the inputs (issue 17 items 1 and 14): every procedure that takes an input, called over HTTP
 * by a logged-in member (the operator for its tools) with malformed superjson bodies (three shapes each, in turn), answers a 4xx with the one Czech
 * message, never a server error nor a library's text.
 */
describe('malformed transport on every procedure', () => {
  const single = MALFORMED_TRANSPORT_CASES.filter((c) => !c.url.includes(',') && !c.url.includes('batch'));
  const withInput = ordered.filter(([p, procedure]) => procedure._def.inputs.length > 0 && p !== 'user.logout');

  it('answers every malformed body with the Czech message and a 4xx', async () => {
    const school = await setupSchool(app);
    const token = await createSession(app.handle.db, school.user.id, new Date(), 1);
    const operatorToken = await createSession(app.handle.db, operatorId, new Date(), 1);
    // A procedure of the student rung is reached with a student's own session (a staff token stops at the rung).
    const studentToken = await createStudentSession(app.handle.db, school.schoolId, await createTestStudent(school.caller, school.schoolId), new Date(), 1);
    const tokenFor = (path: string) =>
      path.startsWith('operator.') ? operatorToken : (STUDENT_PROCEDURES as Record<string, string>)[path] === 'SESSION' ? studentToken : token;
    const { server, base } = await listenTestServer(app.handle);
    const wrong: string[] = [];
    try {
      for (const [i, [path]] of withInput.entries()) {
        for (const c of [single[i % single.length], single[(i + 1) % single.length], single[(i + 2) % single.length]]) {
          const res = await fetch(`${base}/api/trpc/${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${tokenFor(path)}` },
            body: c.body.replaceAll('SCHOOL_ID', school.schoolId),
          });
          const text = await res.text();
          const message = (JSON.parse(text) as { error?: { json?: { message?: string } } }).error?.json?.message;
          if (res.status < 400 || res.status >= 500 || message !== APP_ERRORS.MALFORMED_REQUEST)
            wrong.push(`${path} ← ${c.name}: ${res.status} ${text.slice(0, 200)}`);
        }
      }
    } finally {
      await server.app.close();
    }
    expect(wrong).toEqual([]);
  });
});

function hash(s: string) {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}
