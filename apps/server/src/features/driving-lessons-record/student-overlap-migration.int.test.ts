// The migration that adds the student's exclusion constraint (…_student_overlap.sql) must upgrade a database that
// already books a student twice (the service did not check students before issue 17): it reports those rows and
// leaves them out of the constraint by id, cancels nothing, and holds every other row to it. Run in a transaction that
// is rolled back, on the test database as it is after all migrations.
import { readdirSync, readFileSync } from 'node:fs';
import { schema } from '@volant/db/schema';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { exclusionViolation } from '../../lib/pg-error.ts';
import { createTestStudent } from '../student/student.testing.ts';

// By name, not number: migrations are renumbered when branches merge.
const MIGRATIONS = new URL('../../../../../packages/db/migrations/', import.meta.url);
const MIGRATION = readFileSync(new URL(readdirSync(MIGRATIONS).find((f) => f.endsWith('_student_overlap.sql')) as string, MIGRATIONS), 'utf8');
const CONSTRAINT = 'driving_lesson_records_student_overlap_excl';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

class Rollback extends Error {}

type Db = Pick<TestApp['handle']['db'], 'execute'>;
/** The constraint's definition as PostgreSQL prints it. */
async function constraintDef(db: Db): Promise<string> {
  const result = (await db.execute(sql`select pg_get_constraintdef(oid) as def from pg_constraint where conname = ${CONSTRAINT}`)) as unknown as {
    rows: { def: string }[];
  };
  return result.rows[0].def;
}

const T0 = new Date('2025-03-03T08:00:00Z');
const minutes = (d: Date, m: number) => new Date(d.getTime() + m * 60_000);

describe('0014_student_overlap on a database that already books a student twice', () => {
  it('upgrades, keeps both old rows as they are, exempts exactly them and refuses a new double booking', async () => {
    const s = await setupSchool(app);
    const studentId = await createTestStudent(s.caller, s.schoolId);
    const ride = (start: Date, state: 'SCHEDULED' | 'COMPLETED' | 'CANCELLED_BY_STUDENT' = 'COMPLETED') => ({
      schoolId: s.schoolId,
      type: 'DRIVING' as const,
      state,
      studentId,
      startTime: start,
      endTime: minutes(start, 90),
      length: 90,
    });
    let checked = false;
    await app.handle.db
      .transaction(async (tx) => {
        await tx.execute(sql.raw(`ALTER TABLE driving_lesson_records DROP CONSTRAINT ${CONSTRAINT}`));
        const old = await tx
          .insert(schema.drivingLessonRecords)
          .values([ride(T0), ride(minutes(T0, 30), 'SCHEDULED'), ride(minutes(T0, 60), 'CANCELLED_BY_STUDENT')])
          .returning({ id: schema.drivingLessonRecords.id, state: schema.drivingLessonRecords.state });

        await tx.execute(sql.raw(MIGRATION));

        const def = await constraintDef(tx);
        const exempt = old.filter((r) => r.state !== 'CANCELLED_BY_STUDENT').map((r) => r.id);
        for (const id of exempt) expect(def).toContain(id);
        expect(def).not.toContain(old[2].id);
        const rows = await tx.select().from(schema.drivingLessonRecords).where(eq(schema.drivingLessonRecords.schoolId, s.schoolId));
        expect(rows.map((r) => r.state).sort()).toEqual(['CANCELLED_BY_STUDENT', 'COMPLETED', 'SCHEDULED']);

        // Two new rows of the student on another day: the second is refused by the constraint.
        await tx.insert(schema.drivingLessonRecords).values(ride(minutes(T0, 24 * 60), 'SCHEDULED'));
        const refused = await tx
          .transaction((sp) => sp.insert(schema.drivingLessonRecords).values(ride(minutes(T0, 24 * 60 + 45), 'SCHEDULED')))
          .then(
            () => undefined,
            (err: unknown) => exclusionViolation(err),
          );
        expect(refused).toBe(CONSTRAINT);
        checked = true;
        throw new Rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Rollback)) throw err;
      });
    expect(checked).toBe(true);
  });

  it('is the plain constraint on a database without such rows (as after the migration here)', async () => {
    expect(await constraintDef(app.handle.db)).toMatch(
      /^EXCLUDE USING gist \(school_id WITH =, student_id WITH =, tstzrange\(start_time, end_time, '\[\)'::text\) WITH &&\) WHERE \(\(\(student_id IS NOT NULL\) AND \(state = ANY \(ARRAY\['SCHEDULED'::text, 'COMPLETED'::text\]\)\)\)\)$/,
    );
  });
});
