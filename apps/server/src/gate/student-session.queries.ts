// A student's own sessions (schema student_sessions): made by the student's login (the next issue's e-mail link; the
// tests' factory today), proven by the student rung of the ladder (trpc/procedures.ts).
import type { Db, DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { hashToken, newToken } from '../lib/crypto.ts';
import { preparedPerDb } from '../lib/prepared.ts';

const { studentSessions, students } = schema;

/** A new session of the student for `days`; the token is returned once, only its hash is kept. */
export async function createStudentSession(db: DbOrTx, schoolId: string, studentId: string, now: Date, days: number): Promise<string> {
  const token = newToken();
  await db.insert(studentSessions).values({ schoolId, studentId, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + days * 86_400_000) });
  return token;
}

/** Ends one session now (the student's 'Odhlásit se'). */
export async function revokeStudentSession(db: DbOrTx, sessionId: string, now: Date) {
  await db
    .update(studentSessions)
    .set({ revokedAt: now })
    .where(and(eq(studentSessions.id, sessionId), isNull(studentSessions.revokedAt)));
}

/** Ends every live session of the student at once (the office's 'Zrušit přístup'). */
export async function revokeAllStudentSessions(db: DbOrTx, schoolId: string, studentId: string, now: Date) {
  await db
    .update(studentSessions)
    .set({ revokedAt: now })
    .where(and(eq(studentSessions.schoolId, schoolId), eq(studentSessions.studentId, studentId), isNull(studentSessions.revokedAt)));
}

/**
 * The student rung's one statement, prepared once per database: the live session of this token's hash with its
 * school and student, the student not removed and not cancelled (STORNO: the student left the school). The join is on both columns of the session's foreign key, so the
 * student is the school's.
 */
const liveStudentSession = preparedPerDb((db: Db) =>
  db
    .select({ sessionId: studentSessions.id, schoolId: studentSessions.schoolId, studentId: studentSessions.studentId })
    .from(studentSessions)
    .innerJoin(students, and(eq(students.schoolId, studentSessions.schoolId), eq(students.id, studentSessions.studentId)))
    .where(
      and(
        eq(studentSessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(studentSessions.revokedAt),
        gt(studentSessions.expiresAt, sql.placeholder('now')),
        isNull(students.removedAt),
        ne(students.state, 'STORNO'),
      ),
    )
    .limit(1)
    .prepare('live_student_session'),
);

export async function findLiveStudentSession(db: Db, token: string, now: Date) {
  const [row] = await liveStudentSession(db).execute({ tokenHash: hashToken(token), now });
  return row ?? null;
}
