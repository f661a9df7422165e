import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { schoolMembers, schools } from './school.ts';
import { students } from './student.ts';

/**
 * A secret calendar subscription ('Odkaz pro kalendář', issue 19 §4): `GET /ics/<token>.ics` answers the owner's rides
 * and lessons as iCalendar. The owner is a student of the school or a school member (a teacher's own day); exactly one
 * of the two. Only the token's hash is kept, so the URL is shown once, when it is made; 'Vygenerovat nový odkaz'
 * revokes the live feed and makes another (one live feed per owner). The feed also stops when its owner's access ends:
 * the student removed or STORNO, the member no longer active (checked when it is served).
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    studentId: uuid(),
    memberId: uuid(),
    tokenHash: text().notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('calendar_feeds_token_hash_key').on(t.tokenHash),
    uniqueIndex('calendar_feeds_live_student_key').on(t.schoolId, t.studentId).where(sql`${t.revokedAt} is null and ${t.studentId} is not null`),
    uniqueIndex('calendar_feeds_live_member_key').on(t.schoolId, t.memberId).where(sql`${t.revokedAt} is null and ${t.memberId} is not null`),
    index('calendar_feeds_school_idx').on(t.schoolId),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.schoolId, t.memberId], foreignColumns: [schoolMembers.schoolId, schoolMembers.id] }).onDelete('cascade'),
    check('calendar_feeds_owner_check', sql`(${t.studentId} is null) <> (${t.memberId} is null)`),
  ],
);
