// Exam helpers for the e2e specs: dates in the school's zone and a student whose training is ended.
import type { Api } from './api.ts';
import { registerRide, student } from './calendar.ts';
import type { SchoolSession } from './students.ts';

/** The school's calendar date `days` from today, as 'YYYY-MM-DD' and as the app prints it ('D.M.YYYY'). */
export function dayFromToday(days: number) {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Prague', day: 'numeric', month: 'numeric', year: 'numeric' }).formatToParts(new Date());
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const t = new Date(Date.UTC(get('year'), get('month') - 1, get('day')) + days * 86_400_000);
  const [y, m, d] = [t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate()];
  return { iso: `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`, cz: `${d}.${m}.${y}` };
}

type Lessons = { sections: { lessons: { id: string }[] }[] };

/**
 * Makes a started B student meet the legal minimum as the data would legally show it: every planned Výuka lesson
 * attended `daysAgo` days ago, and the 28 driving hours as 14 registered 90-minute rides on the days after (all past).
 */
export async function meetLegalMinimum(api: Api, school: SchoolSession, studentId: string, daysAgo: number) {
  const ids = { schoolId: school.schoolId, studentId };
  const plan = await api.query<Lessons>('teachingLessonRecord.getTeachingLessonRecords', ids, school.token);
  const day = dayFromToday(-daysAgo).iso;
  const data = plan.sections.flatMap((s) => s.lessons.map((l) => ({ id: l.id, date: day, userId: null, topic: null, attended: true })));
  await api.mutation('teachingLessonRecord.updateTeachingLessonRecord', { ...ids, data }, school.token);
  for (let n = 0; n < 14; n++) {
    const start = new Date(`${dayFromToday(-daysAgo + n).iso}T06:00:00Z`);
    await registerRide(api, school, { studentId, start });
  }
}

/** A student (group B) moved through 'Zahájit výcvik' and 'Ukončit výcvik' to FINISHED (Ukončen), the legal minimum met. */
export async function finishedStudent(api: Api, school: SchoolSession) {
  const s = await student(api, school);
  await api.mutation('student.setDateOfInProgress', { schoolId: school.schoolId, studentsIds: [s.id], date: dayFromToday(-30).iso }, school.token);
  await meetLegalMinimum(api, school, s.id, 29);
  await api.mutation('student.setDateOfFinished', { schoolId: school.schoolId, studentsIds: [s.id] }, school.token);
  return s;
}

export async function examTerm(api: Api, school: SchoolSession, date: string, types = ['PPV', 'ZP']) {
  return api.mutation<{ id: string }>('exam.createExam', { schoolId: school.schoolId, date, place: 'Magistrát města Brna', types }, school.token);
}

/**
 * A student (B) whose training ran from 90 to 40 days ago and who failed PPV B on three past terms (30, 20, 10 days
 * ago): new teaching/training is needed.
 */
export async function studentNeedingRetraining(api: Api, school: SchoolSession) {
  const s = await student(api, school);
  const ids = { schoolId: school.schoolId, studentsIds: [s.id] };
  await api.mutation('student.setDateOfInProgress', { ...ids, date: dayFromToday(-90).iso }, school.token);
  await meetLegalMinimum(api, school, s.id, 89);
  await api.mutation('student.setDateOfFinished', { ...ids, date: dayFromToday(-40).iso }, school.token);
  for (const days of [-30, -20, -10]) {
    const term = await examTerm(api, school, dayFromToday(days).iso);
    const key = { schoolId: school.schoolId, examId: term.id, studentId: s.id };
    await api.mutation('exam.addStudentToExam', { ...key, newType: { type: 'PPV', group: 'B' } }, school.token);
    await api.mutation('exam.setExamResult', { ...key, type: 'PPV', group: 'B', result: 'FAIL' }, school.token);
  }
  return s;
}
