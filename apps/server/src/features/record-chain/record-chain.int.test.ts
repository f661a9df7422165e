// The record chain through the real router on a real database (issue 22 §1): what each write appends, the
// verification detecting and naming each alteration made behind the app's back, the append-only trigger, corrections
// needing their reason, the office's list, the student's own fingerprints, and concurrent appends without a fork.
import { schema } from '@volant/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { testSchoolId } from '../../testing/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { aStudentActor } from '../student-portal/student-portal.testing.ts';
import { createFinishedStudent, dayFromToday } from '../exam/exam.testing.ts';
import { createTestStudent } from '../student/student.testing.ts';
import { insertCar, insertTeacher, rideInput, SIGNATURE_SVG } from '../driving-lessons-record/driving-lessons-record.testing.ts';
import { chainRecords } from './record-chain.ts';
import { verifySchoolRecords } from './record-chain.service.ts';
import { entryHash } from './record-chain.rules.ts';
import { aRegisteredRide, CHAIN_RIDE_START } from './record-chain.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const e = schema.recordChainEntries;
const entriesOf = (schoolId: string) => app.handle.db.select().from(e).where(eq(e.schoolId, schoolId)).orderBy(e.seq);

/** Runs SQL with the chain's append-only trigger off (what someone with the database could do). */
async function behindTheAppsBack(run: () => Promise<unknown>) {
  await app.handle.db.execute(sql`alter table record_chain_entries disable trigger record_chain_entries_append_only`);
  try {
    await run();
  } finally {
    await app.handle.db.execute(sql`alter table record_chain_entries enable trigger record_chain_entries_append_only`);
  }
}

async function aSchoolWithRides(n: number) {
  const s = await setupSchool(app);
  const rides = [];
  for (let i = 0; i < n; i++)
    rides.push(await aRegisteredRide(app, s, { start: new Date(CHAIN_RIDE_START.getTime() + i * 86_400_000), lastName: `Novák${i}` }));
  return { s, rides };
}

describe('appending', () => {
  it('a registered ride, its correction with the reason, a theory hour and training dates each make an entry; the verification is clean', async () => {
    const { s, rides } = await aSchoolWithRides(1);
    const r = rides[0] as Awaited<ReturnType<typeof aRegisteredRide>>;
    // Refused without 'Důvod opravy' once signed; nothing appended.
    await expect(s.caller.drivingLessonsRecord.updatePlanDrivingLessonsRecordV2({ ...r.update, tachometerAfter: 1050 })).rejects.toThrow(
      'Jízda je již podepsaná: prosím uveďte důvod opravy.',
    );
    expect((await entriesOf(s.schoolId)).map((x) => x.kind)).toEqual(['RIDE_REGISTERED']);
    await s.caller.drivingLessonsRecord.updatePlanDrivingLessonsRecordV2({
      ...r.update,
      tachometerAfter: 1050,
      correctionReason: 'Překlep ve stavu tachometru',
    });
    // Re-saving the same form appends nothing.
    await s.caller.drivingLessonsRecord.updatePlanDrivingLessonsRecordV2({ ...r.update, tachometerAfter: 1050, correctionReason: 'znovu' });
    const entries = await entriesOf(s.schoolId);
    expect(entries.map((x) => [x.seq, x.kind, x.reason])).toEqual([
      [1, 'RIDE_REGISTERED', null],
      [2, 'CORRECTION', 'Překlep ve stavu tachometru'],
    ]);
    const correction = JSON.parse((entries[1] as (typeof entries)[number]).content);
    expect(correction.before.tachometerAfter).toBe(1042);
    expect(correction.record.tachometerAfter).toBe(1050);
    expect(correction.record.signatureSha256).toMatch(/^[0-9a-f]{64}$/);
    expect((entries[1] as (typeof entries)[number]).prevHash).toBe((entries[0] as (typeof entries)[number]).hash);

    // The office's list shows the correction with who, why and old → new.
    const list = await s.caller.recordChain.getCorrections({ schoolId: s.schoolId, from: '2026-01-01', to: '2099-12-31' });
    expect(list.items).toEqual([
      expect.objectContaining({
        kind: 'CORRECTION',
        reason: 'Překlep ve stavu tachometru',
        who: `${s.member.firstName} ${s.member.lastName}`,
        what: 'Jízda 3.3.2026 09:00 (Novák0)',
        changes: [{ field: 'Tachometr po', before: '1042 km', after: '1050 km' }],
      }),
    ]);

    // Training dates: starting the training appends them.
    await s.caller.student.setStudentState({ schoolId: s.schoolId, studentsIds: [r.studentId], state: 'IN_PROGRESS', date: '2026-03-01' });
    const kinds = (await entriesOf(s.schoolId)).map((x) => x.kind);
    expect(kinds).toContain('TRAINING_DATES');
    const report = await verifySchoolRecords(app.handle.db, testSchoolId(s.schoolId));
    expect(report).toMatchObject({ ok: true, problems: [], entries: kinds.length, lastSeq: kinds.length });
  });

  it('a rolled-back write leaves no entry', async () => {
    const s = await setupSchool(app);
    const studentId = await createTestStudent(s.caller, s.schoolId);
    const teacher = await insertTeacher(app, s.schoolId);
    await expect(
      inTransaction(app.deps, async (tx) => {
        await tx.insert(schema.drivingLessonRecords).values({
          schoolId: s.schoolId,
          studentId,
          teacherId: teacher.id,
          type: 'DRIVING',
          state: 'COMPLETED',
          startTime: CHAIN_RIDE_START,
          endTime: new Date(CHAIN_RIDE_START.getTime() + 90 * 60_000),
          length: 90,
        });
        await chainRecords(tx, testSchoolId(s.schoolId), { studentIds: [studentId] }, { userId: s.user.id }, { now: new Date() });
        expect((await tx.select().from(e).where(eq(e.schoolId, s.schoolId))).length).toBe(1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await entriesOf(s.schoolId)).toEqual([]);
    expect(await app.handle.db.select().from(schema.recordChainHeads).where(eq(schema.recordChainHeads.schoolId, s.schoolId))).toEqual([]);
  });

  it('the genesis chains the records that existed when the chain started, as BASELINE at that time', async () => {
    const s = await setupSchool(app);
    const studentId = await createTestStudent(s.caller, s.schoolId, { lastName: 'Starý' });
    // A ride registered before the chain existed (as a row of before this feature).
    await app.handle.db.insert(schema.drivingLessonRecords).values({
      schoolId: s.schoolId,
      studentId,
      type: 'DRIVING',
      state: 'COMPLETED',
      startTime: CHAIN_RIDE_START,
      endTime: new Date(CHAIN_RIDE_START.getTime() + 90 * 60_000),
      length: 90,
    });
    const before = Date.now();
    await aRegisteredRide(app, s, { studentId, start: new Date(CHAIN_RIDE_START.getTime() + 86_400_000) });
    const entries = await entriesOf(s.schoolId);
    expect(entries.map((x) => [x.seq, x.kind, x.who])).toEqual([
      [1, 'BASELINE', 'Volant (výchozí stav řetězce)'],
      [2, 'RIDE_REGISTERED', `${s.member.firstName} ${s.member.lastName}`],
    ]);
    expect((entries[0] as (typeof entries)[number]).recordedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await verifySchoolRecords(app.handle.db, testSchoolId(s.schoolId))).ok).toBe(true);
  });
});

describe('exam results', () => {
  it('a result appends EXAM_RESULT; changing it needs Důvod opravy and appends a CORRECTION with before and after', async () => {
    const s = await setupSchool(app);
    const exam = await s.caller.exam.createExam({
      schoolId: s.schoolId,
      date: dayFromToday(-3),
      place: 'Magistrát města Brna',
      types: ['PPV'],
      capacity: null,
    });
    const studentId = await createFinishedStudent(s.caller, s.schoolId);
    await s.caller.exam.addStudentToExam({ schoolId: s.schoolId, examId: exam.id, studentId, newType: { type: 'PPV', group: 'B' } });
    const result = { schoolId: s.schoolId, examId: exam.id, studentId, type: 'PPV' as const, group: 'B' as const };
    await s.caller.exam.setExamResult({ ...result, result: 'FAIL' });
    await expect(s.caller.exam.setExamResult({ ...result, result: 'SUCCESS' })).rejects.toThrow('Výsledek zkoušky je již zapsán: prosím uveďte důvod opravy.');
    await s.caller.exam.setExamResult({ ...result, result: 'SUCCESS', correctionReason: 'Chybně zapsaný výsledek z protokolu.' });
    const entries = (await entriesOf(s.schoolId)).filter((x) => x.entityType === 'EXAM_RESULT');
    expect(entries.map((x) => [x.kind, x.reason])).toEqual([
      ['EXAM_RESULT', null],
      ['CORRECTION', 'Chybně zapsaný výsledek z protokolu.'],
    ]);
    const content = JSON.parse((entries[1] as (typeof entries)[number]).content);
    expect([content.before.result, content.record.result]).toEqual(['FAIL', 'SUCCESS']);
    const list = await s.caller.recordChain.getCorrections({ schoolId: s.schoolId, from: dayFromToday(-1), to: dayFromToday(1) });
    expect(list.items[0]).toMatchObject({
      reason: 'Chybně zapsaný výsledek z protokolu.',
      changes: [{ field: 'Výsledek', before: 'Neprospěl', after: 'Prospěl' }],
    });
    expect((await verifySchoolRecords(app.handle.db, testSchoolId(s.schoolId))).ok).toBe(true);
  });
});

describe('verification detects and names each alteration', () => {
  it('a ride row altered by SQL', async () => {
    const { s, rides } = await aSchoolWithRides(2);
    const r = rides[1] as Awaited<ReturnType<typeof aRegisteredRide>>;
    await app.handle.db.update(schema.drivingLessonRecords).set({ tachometerAfter: 1500 }).where(eq(schema.drivingLessonRecords.id, r.rideId));
    const report = await verifySchoolRecords(app.handle.db, testSchoolId(s.schoolId));
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([
      { damage: 'RECORD_DIFFERS', seq: 2, entryKind: 'RIDE_REGISTERED', message: 'Jízda 4.3.2026 09:00 (Novák1): obsah se liší od zapsaného záznamu č. 2' },
    ]);
  });

  it('a ride row deleted by SQL, and one inserted by SQL', async () => {
    const { s, rides } = await aSchoolWithRides(2);
    await app.handle.db.delete(schema.drivingLessonRecords).where(eq(schema.drivingLessonRecords.id, (rides[0] as { rideId: string }).rideId));
    await app.handle.db.insert(schema.drivingLessonRecords).values({
      schoolId: s.schoolId,
      studentId: (rides[1] as { studentId: string }).studentId,
      type: 'DRIVING',
      state: 'COMPLETED',
      startTime: new Date('2026-03-10T08:00:00Z'),
      endTime: new Date('2026-03-10T09:30:00Z'),
      length: 90,
    });
    const report = await verifySchoolRecords(app.handle.db, testSchoolId(s.schoolId));
    expect(report.problems.map((p) => p.message)).toEqual([
      'Jízda 3.3.2026 09:00 (Novák0): záznam č. 1 v evidenci chybí (smazán mimo aplikaci).',
      'Jízda 10.3.2026 09:00 (Novák1): záznam chybí v řetězci (zapsán mimo aplikaci?).',
    ]);
  });

  it('one chain entry’s content altered', async () => {
    const { s } = await aSchoolWithRides(3);
    await behindTheAppsBack(() =>
      app.handle.db.execute(sql`update record_chain_entries set content = replace(content, '1042', '1000') where school_id = ${s.schoolId} and seq = 2`),
    );
    const report = await verifySchoolRecords(app.handle.db, testSchoolId(s.schoolId));
    expect(report.problems[0]).toEqual({
      damage: 'CONTENT_ALTERED',
      seq: 2,
      entryKind: 'RIDE_REGISTERED',
      message: 'Záznam č. 2 (Zapsaná jízda): obsah byl změněn (otisk nesouhlasí).',
    });
  });

  it('one entry deleted', async () => {
    const { s } = await aSchoolWithRides(3);
    await behindTheAppsBack(() => app.handle.db.delete(e).where(and(eq(e.schoolId, s.schoolId), eq(e.seq, 2))));
    const report = await verifySchoolRecords(app.handle.db, testSchoolId(s.schoolId));
    expect(report.problems[0]).toMatchObject({ damage: 'ENTRY_DELETED', seq: 3, message: 'Chybí záznam č. 2 před záznamem č. 3: záznam byl smazán.' });
  });

  it('two entries swapped', async () => {
    const { s } = await aSchoolWithRides(3);
    await behindTheAppsBack(async () => {
      await app.handle.db
        .update(e)
        .set({ seq: 1_000_000 })
        .where(and(eq(e.schoolId, s.schoolId), eq(e.seq, 1)));
      await app.handle.db
        .update(e)
        .set({ seq: 1 })
        .where(and(eq(e.schoolId, s.schoolId), eq(e.seq, 2)));
      await app.handle.db
        .update(e)
        .set({ seq: 2 })
        .where(and(eq(e.schoolId, s.schoolId), eq(e.seq, 1_000_000)));
    });
    const report = await verifySchoolRecords(app.handle.db, testSchoolId(s.schoolId));
    expect(report.ok).toBe(false);
    expect(report.problems[0]).toMatchObject({ seq: 1 });
    expect(report.problems.map((p) => p.damage)).toEqual(expect.arrayContaining(['CONTENT_ALTERED', 'ORDER_CHANGED']));
  });

  it('an entry inserted (the later ones renumbered)', async () => {
    const { s } = await aSchoolWithRides(3);
    const [second] = await app.handle.db
      .select()
      .from(e)
      .where(and(eq(e.schoolId, s.schoolId), eq(e.seq, 2)));
    const [first] = await app.handle.db
      .select()
      .from(e)
      .where(and(eq(e.schoolId, s.schoolId), eq(e.seq, 1)));
    await behindTheAppsBack(async () => {
      await app.handle.db.execute(sql`update record_chain_entries set seq = seq + 1000 where school_id = ${s.schoolId} and seq >= 2`);
      await app.handle.db.execute(sql`update record_chain_entries set seq = seq - 999 where school_id = ${s.schoolId} and seq >= 1000`);
      // A well-formed forged entry: linked to the first and hashed by the documented format.
      const { id: _id, hash: _hash, ...copy } = second as typeof e.$inferSelect;
      const fields = { ...copy, seq: 2, entityId: crypto.randomUUID(), prevHash: (first as typeof e.$inferSelect).hash } as Parameters<typeof entryHash>[0];
      await app.handle.db.insert(e).values({ ...copy, ...fields, schoolId: s.schoolId, hash: entryHash(fields) });
    });
    const report = await verifySchoolRecords(app.handle.db, testSchoolId(s.schoolId));
    expect(report.ok).toBe(false);
    // The forged entry names a ride the table never had; the entry after it no longer fits its place.
    expect(report.problems[0]).toMatchObject({ seq: 2, damage: 'RECORD_MISSING' });
    expect(report.problems).toEqual(
      expect.arrayContaining([expect.objectContaining({ seq: 3, damage: 'CONTENT_ALTERED' }), expect.objectContaining({ seq: 3, damage: 'ORDER_CHANGED' })]),
    );
  });
});

describe('the append-only table', () => {
  it('refuses UPDATE and DELETE, and goes with its school', async () => {
    const { s } = await aSchoolWithRides(1);
    await expect(app.handle.db.update(e).set({ reason: 'x' }).where(eq(e.schoolId, s.schoolId))).rejects.toThrow();
    await expect(app.handle.db.delete(e).where(eq(e.schoolId, s.schoolId))).rejects.toThrow();
    await expect(app.handle.db.delete(schema.recordChainHeads).where(eq(schema.recordChainHeads.schoolId, s.schoolId))).rejects.toThrow();
    expect((await entriesOf(s.schoolId)).length).toBe(1);
    // The operator deletes the school (with what else it has): its chain goes along.
    await app.handle.db.execute(sql`delete from driving_lesson_records where school_id = ${s.schoolId}`);
    await app.handle.db.execute(sql`delete from students where school_id = ${s.schoolId}`);
    await app.handle.db.execute(sql`delete from schools where id = ${s.schoolId}`);
    expect(await entriesOf(s.schoolId)).toEqual([]);
  });
});

describe('concurrency', () => {
  it('20 parallel ride registrations in one school give seq 1..20 without a fork', async () => {
    const s = await setupSchool(app);
    const parts = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => ({
        studentId: await createTestStudent(s.caller, s.schoolId, { lastName: `Souběh${i}` }),
        teacher: await insertTeacher(app, s.schoolId),
        car: await insertCar(app, s.schoolId),
      })),
    );
    await Promise.all(
      parts.map((p) =>
        s.caller.drivingLessonsRecord.createPlanDrivingLessonsRecordPlanV2({
          schoolId: s.schoolId,
          ...rideInput({ studentId: p.studentId, userId: p.teacher.id, schoolCarId: p.car.id, start: CHAIN_RIDE_START }),
          mode: 'REGISTER',
          signature: SIGNATURE_SVG,
          teacherSignature: SIGNATURE_SVG,
        }),
      ),
    );
    const entries = await entriesOf(s.schoolId);
    expect(entries.map((x) => x.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(entries.map((x) => x.prevHash)).size).toBe(20);
    expect((await verifySchoolRecords(app.handle.db, testSchoolId(s.schoolId))).ok).toBe(true);
  });
});

describe('the student’s own record chain', () => {
  it('shows each of the student’s records’ fingerprints and corrections, and nothing of another student', async () => {
    const s = await setupSchool(app);
    const a = await aStudentActor(app, s);
    const b = await aStudentActor(app, s);
    const mine = await aRegisteredRide(app, s, { studentId: a.studentId });
    const theirs = await aRegisteredRide(app, s, { studentId: b.studentId });
    await s.caller.drivingLessonsRecord.updatePlanDrivingLessonsRecordV2({ ...mine.update, tachometerAfter: 1050, correctionReason: 'Překlep' });
    const { records } = await a.as().studentRecordChain.getMyRecordChain();
    expect(records.map((r) => r.entityId)).toEqual([mine.rideId]);
    const [ride] = records;
    const [last] = await app.handle.db
      .select()
      .from(e)
      .where(and(eq(e.schoolId, s.schoolId), eq(e.entityId, mine.rideId)))
      .orderBy(sql`seq desc`)
      .limit(1);
    expect(ride).toMatchObject({ hash: last?.hash, fingerprint: last?.hash.slice(0, 12) });
    expect(ride?.corrections).toEqual([
      expect.objectContaining({ reason: 'Překlep', changes: [{ field: 'Tachometr po', before: '1042 km', after: '1050 km' }] }),
    ]);
    expect(JSON.stringify(records)).not.toContain(theirs.rideId);
    expect(JSON.stringify(await b.as().studentRecordChain.getMyRecordChain())).not.toContain(mine.rideId);
  });
});

describe('cost', () => {
  it('a ride registration with its append, timed', async () => {
    const { s } = await aSchoolWithRides(1);
    const studentId = await createTestStudent(s.caller, s.schoolId);
    const teacher = await insertTeacher(app, s.schoolId);
    const car = await insertCar(app, s.schoolId);
    const n = 15;
    const time = async (mode: 'PLAN' | 'REGISTER', offsetDays: number) => {
      const t0 = performance.now();
      for (let i = 0; i < n; i++)
        await s.caller.drivingLessonsRecord.createPlanDrivingLessonsRecordPlanV2({
          schoolId: s.schoolId,
          ...rideInput({ studentId, userId: teacher.id, schoolCarId: car.id, start: new Date(CHAIN_RIDE_START.getTime() - (offsetDays + i) * 86_400_000) }),
          mode,
          ...(mode === 'REGISTER' ? { signature: SIGNATURE_SVG, teacherSignature: SIGNATURE_SVG } : {}),
        });
      return (performance.now() - t0) / n;
    };
    await time('PLAN', 20); // warm-up
    const planned = await time('PLAN', 40);
    const registered = await time('REGISTER', 60);
    // The chain's part alone: an append of one ride in its own transaction.
    const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      await inTransaction(app.deps, async (tx) => {
        await tx.insert(schema.drivingLessonRecords).values({
          schoolId: s.schoolId,
          studentId,
          type: 'DRIVING',
          state: 'COMPLETED',
          startTime: new Date(CHAIN_RIDE_START.getTime() - (400 + i) * 86_400_000),
          endTime: new Date(CHAIN_RIDE_START.getTime() - (400 + i) * 86_400_000 + 90 * 60_000),
          length: 90,
        });
        await chainRecords(tx, testSchoolId(s.schoolId), { studentIds: [studentId] }, { userId: s.user.id }, { now: new Date() });
      });
    }
    const append = (performance.now() - t0) / n;
    console.log(
      `ride create: planned (no append) ${planned.toFixed(1)} ms, registered (with append) ${registered.toFixed(1)} ms; insert+append alone ${append.toFixed(1)} ms`,
    );
    expect((await verifySchoolRecords(app.handle.db, testSchoolId(s.schoolId))).ok).toBe(true);
  });
});
