// A student's default teacher per kind (spec §7 studentDefaultTeacher): the Výuka one prefills the teacher of the
// planned theory lessons and of those given a date; the Výcvik one the teacher of new rides.
import type { DefaultTeacherType } from '@volant/shared/enums';
import { AppError } from '../../lib/app-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { recordEvent } from '../../events/record.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { lockStudents, studentExists } from '../student/student.queries.ts';
import { deleteDefaultTeacher, findActiveTeacherIds, findDefaultTeacher, upsertDefaultTeacher } from './student-default-teacher.queries.ts';

const studentNotFound = () => new AppError('STUDENT_NOT_FOUND');

/** Refuses a teacher who is not an active teaching member of the school. */
export async function assertTeachers(db: Parameters<typeof findActiveTeacherIds>[0], schoolId: SchoolId, memberIds: (string | null)[]) {
  const wanted = [...new Set(memberIds.filter((id): id is string => Boolean(id)))];
  const found = await findActiveTeacherIds(db, schoolId, wanted);
  if (wanted.some((id) => !found.has(id))) throw new AppError('TEACHER_NOT_FOUND');
}

export async function getDefaultTeacher(deps: AppDeps, schoolId: SchoolId, input: { studentId: string; type: DefaultTeacherType }) {
  if (!(await studentExists(deps.db, schoolId, input.studentId))) throw studentNotFound();
  const teacherId = await findDefaultTeacher(deps.db, schoolId, input.studentId, input.type);
  return teacherId ? { userId: teacherId } : null;
}

/** Sets (or with userId null clears) the default teacher; the Výuka tabs open on the student hear of it. */
export async function setDefaultTeacher(
  deps: AppDeps,
  schoolId: SchoolId,
  userId: string,
  input: { studentId: string; userId: string | null; type: DefaultTeacherType },
) {
  return inTransaction(deps, async (tx, after) => {
    const [student] = await lockStudents(tx, schoolId, [input.studentId]);
    if (!student) throw studentNotFound();
    await assertTeachers(tx, schoolId, [input.userId]);
    const before = await findDefaultTeacher(tx, schoolId, input.studentId, input.type);
    if (input.userId) await upsertDefaultTeacher(tx, schoolId, input.studentId, input.type, input.userId, deps.now());
    else await deleteDefaultTeacher(tx, schoolId, input.studentId, input.type);
    await recordEvent(deps, tx, after, {
      name: 'studentDefaultTeacher.set',
      schoolId,
      userId,
      entityType: 'student',
      entityId: input.studentId,
      data: { type: input.type, before, after: input.userId },
    });
    return input.userId ? { userId: input.userId } : null;
  });
}
