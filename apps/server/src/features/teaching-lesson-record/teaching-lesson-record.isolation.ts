import { entity, type IsolationTable, type Victim } from '../../testing/isolation.ts';
import { aStudent } from '../student/student.testing.ts';

/** A student whose training has started (so the plan's lessons exist), and one of its lessons. */
export async function aStartedStudent(app: unknown, v: Victim) {
  const { studentId } = await aStudent(app, v);
  await v.caller.student.setDateOfInProgress({ schoolId: v.schoolId, studentsIds: [studentId], date: '2026-03-02' });
  const records = await v.caller.teachingLessonRecord.getTeachingLessonRecords({ schoolId: v.schoolId, studentId });
  return { studentId, lessonId: records.sections[0].lessons[0].id };
}

export const teachingLessonRecordIsolation: IsolationTable = {
  'teachingLessonRecord.getTeachingLessonRecords': entity(aStartedStudent, (c, schoolId, { studentId }) =>
    c.teachingLessonRecord.getTeachingLessonRecords({ schoolId, studentId }),
  ),
  'teachingLessonRecord.updateTeachingLessonRecord': entity(aStartedStudent, (c, schoolId, { studentId, lessonId }) =>
    c.teachingLessonRecord.updateTeachingLessonRecord({ schoolId, studentId, data: [{ id: lessonId, date: '2026-03-05', userId: null, topic: 'Úvod' }] }),
  ),
  'teachingLessonRecord.planTeachingLessons': entity(aStudent, (c, schoolId, { studentId }) =>
    c.teachingLessonRecord.planTeachingLessons({ schoolId, studentId }),
  ),
};
