// The genesis sweep (record-chain.jobs.ts): a school with records from before the chain gets its chain in the
// background, every record a BASELINE entry, and the verification vouches for it; a second sweep starts nothing.
import { schema } from '@volant/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { testSchoolId } from '../../testing/tenant.ts';
import { createTestStudent } from '../student/student.testing.ts';
import { insertCar, insertTeacher, SIGNATURE_SVG } from '../driving-lessons-record/driving-lessons-record.testing.ts';
import { startMissingChains } from './record-chain.jobs.ts';
import { sha256 } from './record-chain.rules.ts';
import { verifySchoolRecords } from './record-chain.service.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

it('starts the chain of a school that has records but no chain, once; the signatures hashed by the database match', async () => {
  const s = await setupSchool(app);
  const studentId = await createTestStudent(s.caller, s.schoolId, { lastName: 'Předřetězcová' });
  const teacher = await insertTeacher(app, s.schoolId);
  const car = await insertCar(app, s.schoolId);
  // Rides written before the chain existed (straight into the table, as an upgrade finds them).
  const base = { schoolId: s.schoolId, studentId, teacherId: teacher.id, schoolCarId: car.id, length: 90 };
  const [signed, planned] = await app.handle.db
    .insert(schema.drivingLessonRecords)
    .values([
      {
        ...base,
        type: 'DRIVING',
        state: 'COMPLETED',
        startTime: new Date('2026-02-02T08:00:00Z'),
        endTime: new Date('2026-02-02T09:30:00Z'),
        signature: SIGNATURE_SVG,
        teacherSignature: SIGNATURE_SVG,
      },
      { ...base, type: 'DRIVING', state: 'SCHEDULED', startTime: new Date('2099-02-02T08:00:00Z'), endTime: new Date('2099-02-02T09:30:00Z') },
    ])
    .returning({ id: schema.drivingLessonRecords.id });
  const school = testSchoolId(s.schoolId);
  expect((await verifySchoolRecords(app.handle.db, school)).startedAt).toBeNull();

  expect(await startMissingChains(app.deps)).toBeGreaterThanOrEqual(1);
  const entries = await app.handle.db.select().from(schema.recordChainEntries).where(eq(schema.recordChainEntries.schoolId, s.schoolId));
  // The registered ride is a record; the planned one is not.
  expect(entries.map((e) => [e.kind, e.entityId])).toEqual([['BASELINE', signed?.id]]);
  expect(entries.map((e) => e.entityId)).not.toContain(planned?.id);
  const content = JSON.parse((entries[0] as (typeof entries)[number]).content);
  expect(content.record.signatureSha256).toBe(sha256(SIGNATURE_SVG));
  expect(content.record.teacherSignatureSha256).toBe(sha256(SIGNATURE_SVG));
  const report = await verifySchoolRecords(app.handle.db, school);
  expect(report).toMatchObject({ ok: true, entries: 1, recordsChecked: 1 });
  expect(report.startedAt).not.toBeNull();

  // Every school has its chain now: the next sweep starts none, and appends nothing.
  expect(await startMissingChains(app.deps)).toBe(0);
  expect(await app.handle.db.$count(schema.recordChainEntries, eq(schema.recordChainEntries.schoolId, s.schoolId))).toBe(1);
});
