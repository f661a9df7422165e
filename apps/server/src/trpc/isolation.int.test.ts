// Fails when a procedure of the app router is missing from the isolation table, and proves every school-scoped
// procedure both ways: another school's admin is refused through the gate (the victim's school id) and by the
// statements (its own school id with the victim's ids), and the victim's data reads back unchanged. The student half:
// every procedure a student reaches, student A against student B of the same school and a student of another school.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { newTag } from '../features/tag/tag.isolation.ts';
import { createTestStudent } from '../features/student/student.testing.ts';
import { getTestApp, setupSchool, type TestApp } from '../testing/harness.ts';
import { createSession } from '../gate/session.queries.ts';
import { aStudentActor, type StudentActor } from '../features/student-portal/student-portal.testing.ts';
import { type IsolationCase, type Ids, operatorCaller, schoolSnapshot, type StudentValues } from '../testing/isolation.ts';
import { ISOLATION_TABLE, STUDENT_ISOLATION_TABLE } from '../testing/isolation-table.ts';
import { appRouter } from '../app-router.ts';

const table = ISOLATION_TABLE;

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string; meta?: { studentReach?: boolean } } }>;
const paths = Object.keys(procedures).sort();

type Kind<K extends IsolationCase['kind']> = Extract<IsolationCase, { kind: K }>;
const rowsOf = <K extends IsolationCase['kind']>(kind: K) => Object.entries(table).filter((entry): entry is [string, Kind<K>] => entry[1].kind === kind);

/**
 * The victim with its seeded rows, the attacker (another school's admin), a read-back of the victim's data and a
 * snapshot of the attacker's school: a refused call writes nothing anywhere (not even the victim's values into the
 * attacker's audit log).
 */
async function arrange<R extends Kind<'entity' | 'school' | 'account' | 'operator'>>(row: R) {
  const victim = await setupSchool(app);
  const attacker = await setupSchool(app);
  const ids = await row.seed(app, victim);
  expect(Object.keys(ids).length, 'the seed names at least one of the victim’s values').toBeGreaterThan(0);
  const readBack = () => row.readBack(app, victim, ids);
  const attackers = () => schoolSnapshot(app, attacker);
  return { victim, attacker, ids, readBack, before: await readBack(), attackers, attackersBefore: await attackers() };
}

const refusal = (call: Promise<unknown>) =>
  call.then(
    () => 'answered',
    (e: { code?: string }) => e.code ?? String(e),
  );

describe('tenant isolation', () => {
  it('covers every procedure of the app router', () => {
    const missing = paths.filter((p) => !(p in table));
    const stale = Object.keys(table).filter((p) => !paths.includes(p));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  it.each(rowsOf('entity'))('%s refuses another school’s admin through the gate and with its own school id, and changes nothing', async (_path, row) => {
    const { victim, attacker, ids, readBack, before, attackers, attackersBefore } = await arrange(row);
    const viaGate = await refusal(row.call(attacker.caller, victim.schoolId, ids));
    const viaStatement = await refusal(row.call(attacker.caller, attacker.schoolId, ids));
    expect({ viaGate, viaStatement }).toEqual({ viaGate: 'NOT_FOUND', viaStatement: 'NOT_FOUND' });
    expect(await readBack()).toEqual(before);
    expect(await attackers(), 'the refused calls wrote nothing to the caller’s own school').toEqual(attackersBefore);
    // Control: the victim's own admin makes the same call, so the refusals above were about the school.
    await row.call(victim.caller, victim.schoolId, ids);
  });

  it.each(rowsOf('school'))('%s refuses another school’s id and shows nothing of that school under the caller’s own', async (path, row) => {
    const { victim, attacker, ids, readBack, before, attackers, attackersBefore } = await arrange(row);
    expect(await refusal(row.call(attacker.caller, victim.schoolId))).toBe('NOT_FOUND');
    expect(await attackers(), 'the refused call wrote nothing to the caller’s own school').toEqual(attackersBefore);
    const own = await row.call(attacker.caller, attacker.schoolId);
    expect(row.shows(own, ids), 'the answer to the caller’s own school shows the victim’s data').toBe(false);
    expect(await readBack()).toEqual(before);
    // Control: the victim's own call works and, for a read, shows the seeded values.
    const victims = await row.call(victim.caller, victim.schoolId);
    if (procedures[path]._def.type === 'query') expect(row.shows(victims, ids), 'the victim’s own answer shows the seeded values').toBe(true);
  });

  it.each(rowsOf('account'))('%s refuses another user the victim’s entity and changes nothing', async (_path, row) => {
    const { victim, attacker, ids, readBack, before, attackers, attackersBefore } = await arrange(row);
    expect(await refusal(row.call(attacker.caller, ids))).toBe('NOT_FOUND');
    expect(await readBack()).toEqual(before);
    expect(await attackers()).toEqual(attackersBefore);
    await row.call(await row.owner(app, victim, ids), ids);
  });

  it.each(rowsOf('operator'))('%s is refused to a school admin who is not an operator and changes nothing', async (_path, row) => {
    const { attacker, ids, readBack, before, attackers, attackersBefore } = await arrange(row);
    expect(await refusal(row.call(attacker.caller, ids))).toBe('FORBIDDEN');
    expect(await readBack()).toEqual(before);
    expect(await attackers()).toEqual(attackersBefore);
    await row.call(await operatorCaller(app), ids);
  });

  it('puts neither a school’s own tag on another school’s student nor another school’s tag on its own student', async () => {
    const [victim, attacker] = [await setupSchool(app), await setupSchool(app)];
    const theirs = {
      tagId: (await victim.caller.tag.createTag({ schoolId: victim.schoolId, ...newTag() })).id,
      studentId: await createTestStudent(victim.caller, victim.schoolId),
    };
    const mine = {
      tagId: (await attacker.caller.tag.createTag({ schoolId: attacker.schoolId, ...newTag() })).id,
      studentId: await createTestStudent(attacker.caller, attacker.schoolId),
    };
    const before = await schoolSnapshot(app, victim);
    const addTag = (tagId: string, entityId: string) =>
      refusal(attacker.caller.tag.addTagToEntity({ schoolId: attacker.schoolId, tagId, entityId, entityType: 'STUDENT' }));
    expect({ ownTagOnTheirs: await addTag(mine.tagId, theirs.studentId), theirTagOnMine: await addTag(theirs.tagId, mine.studentId) }).toEqual({
      ownTagOnTheirs: 'NOT_FOUND',
      theirTagOnMine: 'NOT_FOUND',
    });
    expect(await schoolSnapshot(app, victim)).toEqual(before);
    expect(await attacker.caller.tag.getEntityTags({ schoolId: attacker.schoolId, entityId: mine.studentId, entityType: 'STUDENT' })).toEqual([]);
  });
});

const valuesOf = ({ token: _token, as: _as, session: _session, ...values }: StudentActor): StudentValues => values;

/** Every string in an answer (a signature picture is compared as it is, not as JSON escapes it). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value instanceof Date || value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(strings);
}

/** Whether an answer holds any of the student's own values: id, name, registration number, ride, signature. */
function showsStudent(answer: unknown, s: StudentValues) {
  const found = strings(answer);
  return [s.studentId, s.lastName, s.registrationNumber, s.rideId, s.signature].some((v) => found.some((x) => x.includes(v)));
}

/**
 * A school's data as the refused calls must leave it; the count of wrong codes is the refusal's own record, and the
 * sessions of the caller `me` are the caller's own (a logout ends one of them).
 */
async function studentsData(schoolId: string, me: StudentActor) {
  const { student_pass_attempts: _counts, student_sessions, ...rest } = await schoolSnapshot(app, { schoolId } as Parameters<typeof schoolSnapshot>[1]);
  return { ...rest, student_sessions: (student_sessions as { studentId: string }[]).filter((s) => s.studentId !== me.studentId) };
}

describe('student isolation', () => {
  const studentPaths = paths.filter((p) => procedures[p]._def.meta?.studentReach);

  it('lists every procedure a student reaches (a student rung marks it) in the student half', () => {
    expect(studentPaths.length).toBeGreaterThan(0);
    expect(Object.keys(STUDENT_ISOLATION_TABLE).sort()).toEqual(studentPaths);
  });

  it.each(Object.entries(STUDENT_ISOLATION_TABLE))(
    '%s gives student A nothing of student B of the same school or of another school’s student',
    async (path, call) => {
      const [home, other] = [await setupSchool(app), await setupSchool(app)];
      const [a, b, c] = [await aStudentActor(app, home), await aStudentActor(app, home), await aStudentActor(app, other)];
      const before = { home: await studentsData(home.schoolId, a), other: await studentsData(other.schoolId, a) };
      const mixes: [string, StudentActor, StudentValues][] = [
        ['B’s values with A’s proof', b, valuesOf(b)],
        ['A’s number with B’s id', b, { ...valuesOf(a), studentId: b.studentId }],
        ['another school’s student with A’s proof', c, valuesOf(c)],
        ['A’s values under another school', c, { ...valuesOf(a), schoolId: c.schoolId, schoolCode: c.schoolCode }],
      ];
      const shown: string[] = [];
      for (const [mix, target, key] of mixes) {
        const answer = await call(a, key).catch(() => undefined);
        if (showsStudent(answer, valuesOf(target))) shown.push(mix);
      }
      expect(shown, 'mixes whose answer showed another student’s data').toEqual([]);
      expect({ home: await studentsData(home.schoolId, a), other: await studentsData(other.schoolId, a) }).toEqual(before);
      // Control: A's own values with A's own proof answer A's (a read shows them).
      const own = await call(a, valuesOf(a));
      if (procedures[path]._def.type === 'query') expect(showsStudent(own, valuesOf(a)), 'A’s own answer shows A’s data').toBe(true);
    },
  );

  it('opens no staff rung with a student’s session, and no student rung with a staff session', async () => {
    const home = await setupSchool(app);
    const a = await aStudentActor(app, home);
    const anyIds = new Proxy({}, { get: () => randomUUID() }) as Ids;
    const staffRows = Object.entries(table).filter(
      ([, row]) => row.kind === 'entity' || row.kind === 'school' || row.kind === 'account' || row.kind === 'operator',
    );
    const answers: Record<string, string> = {};
    for (const [path, row] of staffRows) {
      const caller = a.as();
      const call =
        row.kind === 'entity'
          ? row.call(caller, home.schoolId, anyIds)
          : row.kind === 'school'
            ? row.call(caller, home.schoolId)
            : (row as Kind<'account'>).call(caller, anyIds);
      answers[path] = await refusal(call);
    }
    expect(staffRows.length).toBeGreaterThan(100);
    expect(Object.entries(answers).filter(([, answer]) => answer !== 'UNAUTHORIZED')).toEqual([]);
    // A staff caller with its session in the context, and a staff token alone: no student rung opens.
    const staffToken = app.callerWithToken(await createSession(app.handle.db, home.user.id, new Date(), 1));
    expect({ withSession: await refusal(home.caller.studentPortal.getMe()), token: await refusal(staffToken.studentPortal.getMe()) }).toEqual({
      withSession: 'UNAUTHORIZED',
      token: 'UNAUTHORIZED',
    });
    expect(await refusal(app.anonymous.studentPortal.getMe())).toBe('UNAUTHORIZED');
    // Control: each token opens its own kind of rung.
    await staffToken.studentPass.getSchoolPassCode({ schoolId: home.schoolId });
    expect(await a.as().studentPortal.getMe()).toMatchObject({ lastName: a.lastName });
  });
});
