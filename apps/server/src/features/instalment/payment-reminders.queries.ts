import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, desc, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';

const { paymentReminderLog, paymentReminderSettings, schools, studentInstalments, students } = schema;

export async function findReminderSettings(db: DbOrTx, schoolId: SchoolId) {
  const [row] = await db.select().from(paymentReminderSettings).where(eq(paymentReminderSettings.schoolId, schoolId)).limit(1);
  return { daysBefore: row?.daysBefore ?? null, daysAfter: row?.daysAfter ?? null, text: row?.text ?? null };
}

export async function upsertReminderSettings(
  tx: DbOrTx,
  schoolId: SchoolId,
  values: { daysBefore: number | null; daysAfter: number | null; text: string | null },
  now: Date,
) {
  await tx
    .insert(paymentReminderSettings)
    .values({ schoolId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: paymentReminderSettings.schoolId, set: { ...values, updatedAt: now } });
}

export function listSentReminders(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  return db
    .select({
      id: paymentReminderLog.id,
      label: paymentReminderLog.label,
      dueOn: paymentReminderLog.dueOn,
      kind: paymentReminderLog.kind,
      amount: paymentReminderLog.amount,
      email: paymentReminderLog.email,
      sentAt: paymentReminderLog.sentAt,
    })
    .from(paymentReminderLog)
    .where(and(eq(paymentReminderLog.schoolId, schoolId), eq(paymentReminderLog.studentId, studentId)))
    .orderBy(desc(paymentReminderLog.sentAt), desc(paymentReminderLog.id))
    .limit(200);
}

export async function insertReminderLog(tx: DbOrTx, schoolId: SchoolId, values: Omit<typeof paymentReminderLog.$inferInsert, 'schoolId'>) {
  await tx.insert(paymentReminderLog).values({ ...values, schoolId });
}

/** The students with a plan and an e-mail in schools whose payment reminders are on. */
export function listCandidates(db: DbOrTx) {
  return db
    .selectDistinct({
      schoolId: students.schoolId,
      studentId: students.id,
      email: students.email,
      firstName: students.firstName,
      lastName: students.lastName,
      registrationNumber: students.registrationNumber,
      schoolName: schools.name,
      iban: schools.operatorBankIban,
      daysBefore: paymentReminderSettings.daysBefore,
      daysAfter: paymentReminderSettings.daysAfter,
      text: paymentReminderSettings.text,
    })
    .from(paymentReminderSettings)
    .innerJoin(schools, eq(schools.id, paymentReminderSettings.schoolId))
    .innerJoin(studentInstalments, eq(studentInstalments.schoolId, paymentReminderSettings.schoolId))
    .innerJoin(students, and(eq(students.schoolId, studentInstalments.schoolId), eq(students.id, studentInstalments.studentId)))
    .where(
      and(
        or(isNotNull(paymentReminderSettings.daysBefore), isNotNull(paymentReminderSettings.daysAfter)),
        isNotNull(students.email),
        isNull(students.removedAt),
      ),
    );
}
