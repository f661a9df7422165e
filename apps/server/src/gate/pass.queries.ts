// The pass rung's reads and writes (gate/pass-check.ts): the school of a pass code, the student of a registration
// number with the code to compare, and the counts of wrong codes per address and per pass.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, eq, isNull, sql } from 'drizzle-orm';

const { schools, students, studentPassAddressAttempts: addressAttempts, studentPassAttempts: passAttempts } = schema;

/** The school whose pass code this is (normalised: upper case), when exactly one has it. */
export async function findSchoolIdByPassCode(db: DbOrTx, code: string): Promise<string | undefined> {
  const rows = await db.select({ id: schools.id }).from(schools).where(sql`upper(${schools.passCode}) = ${code}`).limit(2);
  return rows.length === 1 ? rows[0].id : undefined;
}

/**
 * The address's count of wrong codes, its row held (FOR UPDATE) until the transaction ends, so attempts sent at once
 * from one address are looked at one after another and each sees the wait the previous one set. The row is made on
 * the address's first attempt (a burst of first attempts must queue too).
 */
export async function holdAddressAttempts(tx: DbOrTx, address: string) {
  await tx.insert(addressAttempts).values({ address }).onConflictDoNothing();
  const [row] = await tx
    .select({ failures: addressAttempts.failures, lastFailedAt: addressAttempts.lastFailedAt, blockedUntil: addressAttempts.blockedUntil })
    .from(addressAttempts)
    .where(eq(addressAttempts.address, address))
    .for('update');
  return row;
}

export async function setAddressAttempts(tx: DbOrTx, address: string, values: { failures: number; lastFailedAt: Date; blockedUntil: Date | null }) {
  await tx.update(addressAttempts).set(values).where(eq(addressAttempts.address, address));
}

/**
 * Counts one wrong code on an existing student's pass in one statement (parallel guesses each take a place) and
 * returns the count; a count whose last wrong code is older than `forgetBefore` starts again at 1.
 */
export async function countPassFailure(db: DbOrTx, schoolId: string, studentId: string, now: Date, forgetBefore: Date): Promise<number> {
  const [row] = await db
    .insert(passAttempts)
    .values({ schoolId, studentId, failures: 1, lastFailedAt: now })
    .onConflictDoUpdate({
      target: [passAttempts.schoolId, passAttempts.studentId],
      set: {
        failures: sql`case when ${passAttempts.lastFailedAt} < ${forgetBefore.toISOString()}::timestamptz then 1 else ${passAttempts.failures} + 1 end`,
        lastFailedAt: now,
      },
    })
    .returning({ failures: passAttempts.failures });
  return row.failures;
}

/** The (not removed) student with this registration number in the school, with the code to compare. */
export async function findPassStudent(db: DbOrTx, schoolId: string, registrationNumber: string) {
  const [row] = await db
    .select({ id: students.id, secretCode: students.secretCode })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.registrationNumber, registrationNumber), isNull(students.removedAt)))
    .limit(1);
  return row;
}
