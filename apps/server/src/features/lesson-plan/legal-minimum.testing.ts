// Test data for the legal minimum: a started student made to meet it as the data would legally show it — every
// planned Výuka lesson attended on a past day, and completed 90-minute rides (and PV lessons) that ended in the past.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { LICENCE_GROUPS, type LicenceGroup } from '@volant/shared/enums';
import { studentPlan } from '@volant/shared/lesson-plan/law';
import { addDays, type CalendarDate, schoolMidnight } from '@volant/shared/school-time';
import { and, eq } from 'drizzle-orm';

const isGroup = (g: string): g is LicenceGroup => (LICENCE_GROUPS as readonly string[]).includes(g);

/**
 * Marks every planned lesson of the student attended on `from` and registers the plan's driving hours as 90-minute
 * rides at 8:00 on the days from `from` (PV-ÚV and PV-ZP are covered by their Výuka lessons). `from` must be in the
 * past; the student must have been started (so the lessons are planned).
 */
export async function meetLegalMinimum(db: DbOrTx, schoolId: string, studentId: string, from: CalendarDate) {
  const [s] = await db
    .select({ groups: schema.students.groups, kind: schema.students.trainingKind, type: schema.students.trainingType })
    .from(schema.students)
    .where(and(eq(schema.students.schoolId, schoolId), eq(schema.students.id, studentId)));
  await db
    .update(schema.teachingLessonRecords)
    .set({ date: from, attendedAt: schoolMidnight(from) })
    .where(and(eq(schema.teachingLessonRecords.schoolId, schoolId), eq(schema.teachingLessonRecords.studentId, studentId)));
  const plan = studentPlan({ groups: s.groups.filter(isGroup), kind: s.kind, type: s.type }, [], from).items;
  const rides = Math.ceil(plan.DRIVING.hours / 2);
  const rows = Array.from({ length: rides }, (_, n) => {
    const start = new Date(schoolMidnight(addDays(from, n)).getTime() + 8 * 3_600_000);
    return {
      schoolId,
      studentId,
      type: 'DRIVING' as const,
      state: 'COMPLETED' as const,
      startTime: start,
      endTime: new Date(start.getTime() + 90 * 60_000),
      length: 90,
    };
  });
  if (rows.length) await db.insert(schema.drivingLessonRecords).values(rows);
}
