import type { Db, DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import type { StaffRole } from '@volant/shared/enums';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { hashToken, newToken } from '../lib/crypto.ts';
import { preparedPerDb } from '../lib/prepared.ts';

const { sessions, users, schoolMembers, schools } = schema;

export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: 'ADMIN' | 'USER';
  activeSchoolId: string | null;
}

const sessionUserColumns = {
  sessionId: sessions.id,
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  activeSchoolId: users.activeSchoolId,
};

export async function findSessionUser(db: Db, token: string, now: Date): Promise<{ id: string; user: SessionUser } | null> {
  const [row] = await db
    .select(sessionUserColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  const { sessionId, ...user } = row;
  return { id: sessionId, user };
}

export async function createSession(db: DbOrTx, userId: string, now: Date, days: number): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + days * 86_400_000),
  });
  return token;
}

export async function revokeSession(db: DbOrTx, sessionId: string, now: Date) {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

export async function revokeAllSessions(db: DbOrTx, userId: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/**
 * The gate of every school procedure, prepared once per database (a named statement on PostgreSQL: parsed once per
 * connection, and no query building per request).
 */
const sessionWithMembership = preparedPerDb((db: Db) =>
  db
    .select({
      ...sessionUserColumns,
      expiresAt: sessions.expiresAt,
      memberId: schoolMembers.id,
      memberRole: schoolMembers.role,
      isBlocked: schools.isBlocked,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(schoolMembers, and(eq(schoolMembers.userId, users.id), eq(schoolMembers.schoolId, sql.placeholder('schoolId')), eq(schoolMembers.isActive, true)))
    .leftJoin(schools, eq(schools.id, schoolMembers.schoolId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_with_membership'),
);

/** The session's user and their active membership of one school (undefined when not a member), in one statement. */
export function findSessionWithMembership(db: Db, token: string, schoolId: string, now: Date) {
  return findSessionWithMembershipByHash(db, hashToken(token), schoolId, now);
}

/** The same, from the token's hash (the key of lib/session-cache.ts), with when the session runs out. */
export async function findSessionWithMembershipByHash(db: Db, tokenHash: string, schoolId: string, now: Date) {
  const [row] = await sessionWithMembership(db).execute({ tokenHash, schoolId, now });
  if (!row) return null;
  const { sessionId, expiresAt, memberId, memberRole, isBlocked, ...user } = row;
  const membership = memberId && memberRole ? { memberId, role: memberRole as StaffRole, isBlocked: isBlocked ?? false } : undefined;
  return { session: { id: sessionId, user }, membership, expiresAt };
}

/** When a live session ends, or null when it is revoked or over. */
export async function findSessionExpiry(db: Db, sessionId: string, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return row?.expiresAt ?? null;
}
