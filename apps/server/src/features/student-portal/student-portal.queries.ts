// The student's own portal (the next issue's 'Můj výcvik'): reads for the student proven by the student rung.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, eq, isNull } from 'drizzle-orm';
import type { ProvenStudent } from '../../lib/tenant.ts';

const { students, schools } = schema;

/** The student's name, registration number, school name and the school's contact; undefined once the student is removed. */
export async function findPortalStudent(db: DbOrTx, { schoolId, studentId }: ProvenStudent) {
  const [row] = await db
    .select({
      firstName: students.firstName,
      lastName: students.lastName,
      registrationNumber: students.registrationNumber,
      schoolName: schools.name,
      schoolContact: {
        email: schools.contactEmail,
        phone: schools.contactPhone,
        web: schools.contactWeb,
        street: schools.street,
        streetCode: schools.streetCode,
        city: schools.city,
        postCode: schools.postCode,
      },
    })
    .from(students)
    .innerJoin(schools, eq(schools.id, students.schoolId))
    .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId), isNull(students.removedAt)))
    .limit(1);
  return row;
}
