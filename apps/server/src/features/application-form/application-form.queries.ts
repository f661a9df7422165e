// Reads and writes of the public application form: the school's forms with their courses, and the applications.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import type { ApplicationStatus } from '@volant/shared/enums';
import type { Halere } from '@volant/shared/money';
import { and, asc, count, desc, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';

const { applicationForms, applicationFormCourses, applications, schools, students, users } = schema;

/** The school's forms, oldest first, each with its courses in order and its pending applications. */
export async function listForms(db: DbOrTx, schoolId: SchoolId) {
  const forms = await db
    .select({
      id: applicationForms.id,
      name: applicationForms.name,
      colorPrimary: applicationForms.colorPrimary,
      colorError: applicationForms.colorError,
      origins: applicationForms.origins,
      createdAt: applicationForms.createdAt,
      // The outer columns named in full: in a one-table select drizzle leaves them unqualified, and inside the subquery
      // an unqualified "id" would be the application's own.
      pendingCount: sql<number>`(select count(*)::int from applications a where a.school_id = application_forms.school_id and a.form_id = application_forms.id and a.status = 'PENDING')`,
    })
    .from(applicationForms)
    .where(eq(applicationForms.schoolId, schoolId))
    .orderBy(asc(applicationForms.createdAt), asc(applicationForms.id));
  const courses = forms.length
    ? await listCourses(
        db,
        schoolId,
        forms.map((f) => f.id),
      )
    : [];
  return forms.map((f) => ({ ...f, courses: courses.filter((c) => c.formId === f.id).map(({ formId: _, ...c }) => c) }));
}

export function listCourses(db: DbOrTx, schoolId: string, formIds: string[]) {
  return db
    .select({
      id: applicationFormCourses.id,
      formId: applicationFormCourses.formId,
      name: applicationFormCourses.name,
      description: applicationFormCourses.description,
      price: applicationFormCourses.price,
    })
    .from(applicationFormCourses)
    .where(and(eq(applicationFormCourses.schoolId, schoolId), inArray(applicationFormCourses.formId, formIds)))
    .orderBy(asc(applicationFormCourses.position), asc(applicationFormCourses.createdAt));
}

/** A form by its id alone (the public page): the form proves its school. */
export async function findPublicForm(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      form: applicationForms,
      schoolName: schools.name,
      schoolIsBlocked: schools.isBlocked,
      operatorName: schools.operatorName,
      operatorCompanyNumber: schools.operatorCompanyNumber,
      contactEmail: schools.contactEmail,
      contactPhone: schools.contactPhone,
      contactWeb: schools.contactWeb,
      street: schools.street,
      streetCode: schools.streetCode,
      city: schools.city,
      postCode: schools.postCode,
    })
    .from(applicationForms)
    .innerJoin(schools, eq(schools.id, applicationForms.schoolId))
    .where(eq(applicationForms.id, id))
    .limit(1);
  return row;
}

/** Only the origins of a form (the /apply page's frame-ancestors and the CORS answers). */
export async function findFormOrigins(db: DbOrTx, id: string) {
  const [row] = await db.select({ origins: applicationForms.origins }).from(applicationForms).where(eq(applicationForms.id, id)).limit(1);
  return row?.origins ?? null;
}

export async function insertForm(tx: DbOrTx, schoolId: SchoolId, values: { name: string; colorPrimary: string; colorError: string; origins: string[] }) {
  const [row] = await tx
    .insert(applicationForms)
    .values({ schoolId, ...values })
    .returning({ id: applicationForms.id });
  return row.id;
}

export async function updateForm(
  tx: DbOrTx,
  schoolId: SchoolId,
  id: string,
  values: { name: string; colorPrimary: string; colorError: string; origins: string[]; updatedAt: Date },
) {
  const rows = await tx
    .update(applicationForms)
    .set(values)
    .where(and(eq(applicationForms.schoolId, schoolId), eq(applicationForms.id, id)))
    .returning({ id: applicationForms.id });
  return rows.length > 0;
}

/** Replaces a form's courses: the ids that come back keep their rows (updated), new ones are inserted, the rest go. */
export async function replaceCourses(
  tx: DbOrTx,
  schoolId: SchoolId,
  formId: string,
  courses: { id?: string; name: string; description: string; price: Halere }[],
) {
  const kept = courses.flatMap((c) => (c.id ? [c.id] : []));
  const inForm = and(eq(applicationFormCourses.schoolId, schoolId), eq(applicationFormCourses.formId, formId));
  await tx.delete(applicationFormCourses).where(kept.length ? and(inForm, notInArray(applicationFormCourses.id, kept)) : inForm);
  const existing = kept.length
    ? new Set(
        (
          await tx
            .select({ id: applicationFormCourses.id })
            .from(applicationFormCourses)
            .where(and(inForm, inArray(applicationFormCourses.id, kept)))
        ).map((r) => r.id),
      )
    : new Set<string>();
  for (const [position, c] of courses.entries()) {
    const values = { name: c.name, description: c.description, price: c.price, position };
    if (c.id && existing.has(c.id)) {
      await tx
        .update(applicationFormCourses)
        .set(values)
        .where(and(inForm, eq(applicationFormCourses.id, c.id)));
    } else {
      await tx.insert(applicationFormCourses).values({ schoolId, formId, ...values });
    }
  }
}

export async function deleteForm(tx: DbOrTx, schoolId: SchoolId, id: string) {
  const rows = await tx
    .delete(applicationForms)
    .where(and(eq(applicationForms.schoolId, schoolId), eq(applicationForms.id, id)))
    .returning({ id: applicationForms.id });
  return rows.length > 0;
}

export async function findCourse(db: DbOrTx, schoolId: SchoolId, formId: string, courseId: string) {
  const [row] = await db
    .select({ id: applicationFormCourses.id, name: applicationFormCourses.name, price: applicationFormCourses.price })
    .from(applicationFormCourses)
    .where(and(eq(applicationFormCourses.schoolId, schoolId), eq(applicationFormCourses.formId, formId), eq(applicationFormCourses.id, courseId)))
    .limit(1);
  return row;
}

export async function insertApplication(tx: DbOrTx, values: typeof applications.$inferInsert) {
  const [row] = await tx.insert(applications).values(values).returning({ id: applications.id });
  return row.id;
}

/** The school's applications (of one status), newest first, with the applicant's current data and who decided. */
export function listApplications(db: DbOrTx, schoolId: SchoolId, status: ApplicationStatus | undefined) {
  const where = status ? and(eq(applications.schoolId, schoolId), eq(applications.status, status)) : eq(applications.schoolId, schoolId);
  return db
    .select({
      id: applications.id,
      status: applications.status,
      createdAt: applications.createdAt,
      formId: applications.formId,
      formName: applicationForms.name,
      courseName: applications.courseName,
      coursePrice: applications.coursePrice,
      firstName: applications.firstName,
      lastName: applications.lastName,
      email: applications.email,
      phone: students.phone,
      birthDate: students.birthDate,
      city: students.city,
      note: students.note,
      studentId: applications.studentId,
      registrationNumber: students.registrationNumber,
      decidedAt: applications.decidedAt,
      decidedByName: sql<string | null>`case when ${users.id} is null then null else ${users.firstName} || ' ' || ${users.lastName} end`,
      rejectReason: applications.rejectReason,
    })
    .from(applications)
    .leftJoin(applicationForms, and(eq(applicationForms.schoolId, applications.schoolId), eq(applicationForms.id, applications.formId)))
    .leftJoin(students, and(eq(students.schoolId, applications.schoolId), eq(students.id, applications.studentId)))
    .leftJoin(users, eq(users.id, applications.decidedBy))
    .where(where)
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(500);
}

export async function countPending(db: DbOrTx, schoolId: SchoolId) {
  const [row] = await db
    .select({ count: count() })
    .from(applications)
    .where(and(eq(applications.schoolId, schoolId), eq(applications.status, 'PENDING')));
  return row?.count ?? 0;
}

/** The application, locked for a decision. */
/** The applicant and course of one of the school's applications (what the staff's bell names). */
export async function findApplication(db: DbOrTx, schoolId: SchoolId, id: string) {
  const [row] = await db
    .select({ studentId: applications.studentId, firstName: applications.firstName, lastName: applications.lastName, courseName: applications.courseName })
    .from(applications)
    .where(and(eq(applications.schoolId, schoolId), eq(applications.id, id)));
  return row;
}

export async function lockApplication(tx: DbOrTx, schoolId: SchoolId, id: string) {
  const [row] = await tx
    .select()
    .from(applications)
    .where(and(eq(applications.schoolId, schoolId), eq(applications.id, id)))
    .for('update')
    .limit(1);
  return row;
}

export async function decideApplication(
  tx: DbOrTx,
  schoolId: SchoolId,
  id: string,
  values: { status: ApplicationStatus; decidedAt: Date; decidedBy: string; rejectReason?: string | null; studentId?: string | null },
) {
  await tx
    .update(applications)
    .set(values)
    .where(and(eq(applications.schoolId, schoolId), eq(applications.id, id)));
}

/** Removes the never-admitted student row of a rejected applicant (its logs go with it). False when something holds it. */
export async function deleteApplicantStudent(tx: DbOrTx, schoolId: SchoolId, studentId: string) {
  const rows = await tx
    .delete(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId), eq(students.state, 'WAITING_FOR_ADMISSION')))
    .returning({ id: students.id });
  return rows.length > 0;
}

/** The school's name and web (the applicant's e-mails). */
export async function findSchoolContact(db: DbOrTx, schoolId: SchoolId) {
  const [row] = await db.select({ name: schools.name, web: schools.contactWeb }).from(schools).where(eq(schools.id, schoolId)).limit(1);
  return row;
}

/**
 * Marks a fill token used, in the application's transaction; false when it already was (a second send of one page).
 * The primary key decides between two sends at once: the second waits for the first's commit and then finds it.
 * Tokens past their expiry are swept here (the fill token refuses them anyway).
 */
export async function useFillToken(tx: DbOrTx, schoolId: SchoolId, tokenId: string, expiresAt: Date, now: Date): Promise<boolean> {
  const tokens = schema.applicationFillTokens;
  await tx.delete(tokens).where(and(eq(tokens.schoolId, schoolId), lt(tokens.expiresAt, now)));
  const rows = await tx.insert(tokens).values({ schoolId, tokenId, expiresAt }).onConflictDoNothing().returning({ tokenId: tokens.tokenId });
  return rows.length === 1;
}
