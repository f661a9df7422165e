// Teachers are the school's active members who teach (ADMIN, TEACHER, PARAMEDIC); a teacher may have no login yet
// (userId null) and is linked to an account when an invite to the same e-mail is accepted.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import type { StaffRole } from '@volant/shared/enums';
import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { czechSortKey } from '../../lib/czech-order.ts';
import type { SchoolId } from '../../lib/tenant.ts';

const { schoolMembers, users, students } = schema;

/** The roles of the members who teach and can be planned for lessons and rides. */
export const TEACHING_ROLES = ['ADMIN', 'TEACHER', 'PARAMEDIC'] as const satisfies readonly StaffRole[];

export type TeacherProfileValues = Pick<
  typeof schoolMembers.$inferInsert,
  'firstName' | 'lastName' | 'degree' | 'birthDate' | 'phone' | 'email' | 'groups' | 'teacherLicenceValidUntil'
>;

const teacherColumns = {
  id: schoolMembers.id,
  userId: schoolMembers.userId,
  role: schoolMembers.role,
  firstName: schoolMembers.firstName,
  lastName: schoolMembers.lastName,
  degree: schoolMembers.degree,
  birthDate: schoolMembers.birthDate,
  phone: schoolMembers.phone,
  /** A member with a login and no e-mail of their own shows the account's. */
  email: sql<string | null>`coalesce(${schoolMembers.email}, ${users.email})`,
  groups: schoolMembers.groups,
  teacherLicenceValidUntil: schoolMembers.teacherLicenceValidUntil,
};
export type TeacherRow = {
  [K in keyof typeof teacherColumns]: K extends 'email' ? string | null : (typeof schoolMembers.$inferSelect)[K & keyof typeof schoolMembers.$inferSelect];
};

const activeTeacher = (schoolId: SchoolId) =>
  and(eq(schoolMembers.schoolId, schoolId), eq(schoolMembers.isActive, true), inArray(schoolMembers.role, TEACHING_ROLES));

export function listTeachers(db: DbOrTx, schoolId: SchoolId): Promise<TeacherRow[]> {
  return db
    .select(teacherColumns)
    .from(schoolMembers)
    .leftJoin(users, eq(users.id, schoolMembers.userId))
    .where(activeTeacher(schoolId))
    .orderBy(asc(czechSortKey(schoolMembers.lastName)), asc(czechSortKey(schoolMembers.firstName)), asc(schoolMembers.id));
}

export async function findTeacher(db: DbOrTx, schoolId: SchoolId, memberId: string): Promise<TeacherRow | undefined> {
  const [row] = await db
    .select(teacherColumns)
    .from(schoolMembers)
    .leftJoin(users, eq(users.id, schoolMembers.userId))
    .where(and(eq(schoolMembers.schoolId, schoolId), eq(schoolMembers.isActive, true), eq(schoolMembers.id, memberId)))
    .limit(1);
  return row;
}

/** A teacher without a login: a member row with no user, role TEACHER. */
export async function insertTeacher(tx: DbOrTx, schoolId: SchoolId, values: TeacherProfileValues) {
  const [row] = await tx
    .insert(schoolMembers)
    .values({ ...values, schoolId, userId: null, role: 'TEACHER' })
    .returning({ id: schoolMembers.id });
  return row;
}

/** The profile of an active member of the school (with a login or without). */
export async function updateTeacherRow(tx: DbOrTx, schoolId: SchoolId, memberId: string, values: TeacherProfileValues) {
  const [row] = await tx
    .update(schoolMembers)
    .set(values)
    .where(and(eq(schoolMembers.schoolId, schoolId), eq(schoolMembers.isActive, true), eq(schoolMembers.id, memberId)))
    .returning({ id: schoolMembers.id });
  return row;
}

/**
 * Links the account to the school's active member without a login who has the same e-mail (the oldest such row),
 * giving it the invite's role; returns the member id, or undefined when there is none to link, or when the user
 * already has a row in the school (a former membership, which the caller re-activates instead).
 */
export async function linkTeacherWithoutLogin(tx: DbOrTx, schoolId: string, userId: string, email: string, role: StaffRole) {
  const [existing] = await tx
    .select({ id: schoolMembers.id })
    .from(schoolMembers)
    .where(and(eq(schoolMembers.schoolId, schoolId), eq(schoolMembers.userId, userId)))
    .limit(1);
  if (existing) return undefined;
  const [candidate] = await tx
    .select({ id: schoolMembers.id })
    .from(schoolMembers)
    .where(
      and(
        eq(schoolMembers.schoolId, schoolId),
        eq(schoolMembers.isActive, true),
        isNull(schoolMembers.userId),
        sql`lower(${schoolMembers.email}) = lower(${email})`,
      ),
    )
    .orderBy(asc(schoolMembers.createdAt), asc(schoolMembers.id))
    .limit(1)
    .for('update');
  if (!candidate) return undefined;
  const [row] = await tx
    .update(schoolMembers)
    .set({ userId, role })
    .where(and(eq(schoolMembers.schoolId, schoolId), eq(schoolMembers.id, candidate.id), isNull(schoolMembers.userId)))
    .returning({ id: schoolMembers.id });
  return row?.id;
}

/** The students a ride or lesson can be planned for in the calendar: not removed, not finished (DONE) nor cancelled (STORNO). */
export function listStudentsForTrainingFields(db: DbOrTx, schoolId: SchoolId) {
  return db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      registrationNumber: students.registrationNumber,
      groups: students.groups,
    })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), isNull(students.removedAt), notInArray(students.state, ['DONE', 'STORNO'])))
    .orderBy(asc(czechSortKey(students.lastName)), asc(czechSortKey(students.firstName)), asc(students.registrationNumber), asc(students.id));
}
