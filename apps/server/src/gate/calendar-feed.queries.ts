// The calendar feed's secret (issue 19 §4, `GET /ics/<token>.ics`): the public rung of a feed. The token is looked up
// by its hash (one prepared statement on a unique index) and the stored hash compared with the presented one in
// constant time; the feed opens only while it is not revoked, its school not blocked and its owner's access lasts (the
// student not removed and not STORNO, the member active with a login). What it proves is handed down branded: the
// school, and the student or the member whose day it shows. Every refusal is the same `null`.
import type { Db } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { constantTimeEqual, hashToken } from '../lib/crypto.ts';
import { preparedPerDb } from '../lib/prepared.ts';
import { type ProvenStudent, proveSchoolId, proveStudent, type SchoolId } from '../lib/tenant.ts';

const { calendarFeeds, schools, students, schoolMembers } = schema;

/** Whose day an open feed shows. */
export type FeedOwner = { kind: 'student'; student: ProvenStudent } | { kind: 'member'; schoolId: SchoolId; memberId: string };

export interface OpenFeed {
  feedId: string;
  owner: FeedOwner;
  school: { name: string; street: string; streetCode: string; city: string; postCode: string };
  /** The owner's name (the student's, or the teacher's). */
  ownerName: string;
}

const openFeedStatement = preparedPerDb((db: Db) =>
  db
    .select({
      feedId: calendarFeeds.id,
      tokenHash: calendarFeeds.tokenHash,
      schoolId: calendarFeeds.schoolId,
      feedStudentId: calendarFeeds.studentId,
      feedMemberId: calendarFeeds.memberId,
      studentId: students.id,
      studentFirstName: students.firstName,
      studentLastName: students.lastName,
      memberId: schoolMembers.id,
      memberFirstName: schoolMembers.firstName,
      memberLastName: schoolMembers.lastName,
      name: schools.name,
      street: schools.street,
      streetCode: schools.streetCode,
      city: schools.city,
      postCode: schools.postCode,
    })
    .from(calendarFeeds)
    .innerJoin(schools, and(eq(schools.id, calendarFeeds.schoolId), eq(schools.isBlocked, false)))
    .leftJoin(
      students,
      and(eq(students.schoolId, calendarFeeds.schoolId), eq(students.id, calendarFeeds.studentId), isNull(students.removedAt), ne(students.state, 'STORNO')),
    )
    .leftJoin(
      schoolMembers,
      and(
        eq(schoolMembers.schoolId, calendarFeeds.schoolId),
        eq(schoolMembers.id, calendarFeeds.memberId),
        eq(schoolMembers.isActive, true),
        isNotNull(schoolMembers.userId),
      ),
    )
    .where(and(eq(calendarFeeds.tokenHash, sql.placeholder('tokenHash')), isNull(calendarFeeds.revokedAt)))
    .limit(1)
    .prepare('open_calendar_feed'),
);

/** The feed a token opens, or null (unknown, revoked, blocked school, the owner's access ended: all alike). */
export async function openCalendarFeed(db: Db, token: string): Promise<OpenFeed | null> {
  const presented = hashToken(token);
  const [row] = await openFeedStatement(db).execute({ tokenHash: presented });
  // The index found the row by equality; the secret itself is still compared in constant time, so no answer's timing
  // depends on how much of a guessed hash matched.
  if (!row || !constantTimeEqual(row.tokenHash, presented)) return null;
  const school = { name: row.name, street: row.street, streetCode: row.streetCode, city: row.city, postCode: row.postCode };
  if (row.feedStudentId) {
    if (!row.studentId) return null;
    return {
      feedId: row.feedId,
      owner: { kind: 'student', student: proveStudent(row.schoolId, row.studentId) },
      school,
      ownerName: `${row.studentFirstName} ${row.studentLastName}`,
    };
  }
  if (!row.feedMemberId || !row.memberId) return null;
  return {
    feedId: row.feedId,
    owner: { kind: 'member', schoolId: proveSchoolId(row.schoolId), memberId: row.memberId },
    school,
    ownerName: `${row.memberFirstName} ${row.memberLastName}`,
  };
}
