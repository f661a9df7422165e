// Teacher profiles (spec §3 teacher, legal-cz §8.2): the groups a teacher may teach and the licence expiry. An admin
// may add a teacher who has no login yet; such a teacher can already be planned, and an invite to the same e-mail
// links the account to the row when accepted (school-invite.service.ts).
import type { teacherProfileInput } from '@volant/shared/school/inputs';
import { schoolToday } from '@volant/shared/school-time';
import type { z } from 'zod';
import { recordEvent } from '../../events/record.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import type { Live } from '../../live/live.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { toTeacher } from './teacher.dto.ts';
import { findTeacher, insertTeacher, listStudentsForTrainingFields, listTeachers, type TeacherProfileValues, updateTeacherRow } from './teacher.queries.ts';

type Input = z.output<ReturnType<typeof teacherProfileInput>>;

const notFound = () => new AppError('TEACHER_NOT_FOUND');
export const teacherMessage = (live: Live, schoolId: string, memberId: string) => live.toSchool(schoolId, { TeacherMessage: { schoolId, memberId } });

const columns = (input: Input): TeacherProfileValues => ({
  firstName: input.firstName,
  lastName: input.lastName,
  degree: input.degree ?? null,
  birthDate: input.birthDate,
  phone: input.phone,
  email: input.email ?? null,
  groups: input.groups,
  teacherLicenceValidUntil: input.teacherLicenceValidUntil,
});

export async function getSchoolTeachers(deps: AppDeps, schoolId: SchoolId) {
  const today = schoolToday(deps.now());
  return (await listTeachers(deps.db, schoolId)).map((t) => toTeacher(t, today));
}

export function createTeacher(deps: AppDeps, schoolId: SchoolId, userId: string, input: Input) {
  return inTransaction(deps, async (tx, after) => {
    const { id } = await insertTeacher(tx, schoolId, columns(input));
    await recordEvent(deps, tx, after, { name: 'school.createTeacher', schoolId, userId, entityType: 'member', entityId: id, data: columns(input) });
    const row = await findTeacher(tx, schoolId, id);
    if (!row) throw notFound();
    return toTeacher(row, schoolToday(deps.now()));
  });
}

export function updateTeacher(deps: AppDeps, schoolId: SchoolId, userId: string, memberId: string, input: Input) {
  return inTransaction(deps, async (tx, after) => {
    const updated = await updateTeacherRow(tx, schoolId, memberId, columns(input));
    if (!updated) throw notFound();
    await recordEvent(deps, tx, after, { name: 'school.updateTeacher', schoolId, userId, entityType: 'member', entityId: memberId, data: columns(input) });
    const row = await findTeacher(tx, schoolId, memberId);
    if (!row) throw notFound();
    return toTeacher(row, schoolToday(deps.now()));
  });
}

export function getStudentsForTrainingFields(deps: AppDeps, schoolId: SchoolId) {
  return listStudentsForTrainingFields(deps.db, schoolId);
}
