// Výuka (spec §2): the student's theory lessons, planned from the lesson plan when training starts (the student
// hooks, teaching-lesson-record.hooks.ts), re-planned when the groups, training kind or type change, and given a
// date, a teacher and a topic on the card. A date plans a lesson; it counts as done only once marked attended, which
// needs its date to be today or earlier in the school's zone (issue 17: planned is not attended).
import type { DbOrTx } from '@volant/db/client';
import { LICENCE_GROUPS, type LicenceGroup, TEACHING_SECTIONS, type TeachingSection } from '@volant/shared/enums';
import { type PlanRaise, type StudentPlan, studentPlan } from '@volant/shared/lesson-plan/law';
import { type CalendarDate, schoolToday } from '@volant/shared/school-time';
import type { updateTeachingLessonsInput } from '@volant/shared/teaching-lesson-record/inputs';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { type After, inTransaction } from '../../lib/unit-of-work.ts';
import { chainRecords, openChain } from '../record-chain/record-chain.ts';
import { recordEvent } from '../../events/record.ts';
import type { Live } from '../../live/live.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { findSchoolRaises } from '../lesson-plan/lesson-plan.queries.ts';
import { assertTeachers } from '../student-default-teacher/student-default-teacher.service.ts';
import { findDefaultTeacher } from '../student-default-teacher/student-default-teacher.queries.ts';
import { lockStudents } from '../student/student.queries.ts';
import {
  deleteLessons,
  findPlanStudent,
  insertLessons,
  listLessons,
  listLessonsWithTeacher,
  type TeachingLessonWithTeacher,
  type TeachingLessonRow,
  updateLesson,
} from './teaching-lesson-record.queries.ts';
import { replan } from './teaching-lesson-record.rules.ts';

const studentNotFound = () => new AppError('STUDENT_NOT_FOUND');

/** Tells the school's open screens that a student's Výuka changed. */
export const teachingLessonRecordMessage = (live: Live, schoolId: SchoolId, studentId: string) =>
  live.toSchool(schoolId, { TeachingLessonRecordMessage: { schoolId, studentId } });

type PlanStudent = NonNullable<Awaited<ReturnType<typeof findPlanStudent>>>;

const isGroup = (g: string): g is LicenceGroup => (LICENCE_GROUPS as readonly string[]).includes(g);

/** The student's plan per section, from the law in force on the training's start (or today) and the school's raises. */
async function sectionPlan(db: DbOrTx, schoolId: SchoolId, student: PlanStudent, today: CalendarDate, raises?: PlanRaise[]) {
  const plan = studentPlan(
    { groups: student.groups.filter(isGroup), kind: student.trainingKind, type: student.trainingType },
    raises ?? (await findSchoolRaises(db, schoolId)),
    student.dateOfInProgress ?? today,
  );
  return plan.items;
}

/**
 * Brings the student's lessons to the plan (see `replan`); new rows get the student's Výuka default teacher. Call
 * with the student locked. Returns what changed (nothing on a second call).
 */
export async function planLessons(tx: DbOrTx, schoolId: SchoolId, studentId: string, today: CalendarDate, raises?: PlanRaise[]) {
  const student = await findPlanStudent(tx, schoolId, studentId);
  if (!student) throw studentNotFound();
  const plan = await sectionPlan(tx, schoolId, student, today, raises);
  const lessons = await listLessons(tx, schoolId, studentId);
  const hours = Object.fromEntries(TEACHING_SECTIONS.map((s) => [s, plan[s].hours])) as Record<TeachingSection, number>;
  const { add, remove } = replan(lessons, hours);
  const teacherId = add.length > 0 ? await findDefaultTeacher(tx, schoolId, studentId, 'TEACHING') : null;
  await deleteLessons(tx, schoolId, studentId, remove);
  await insertLessons(
    tx,
    schoolId,
    studentId,
    add.map((a) => ({ ...a, teacherId })),
  );
  return { added: add.length, removed: remove.length, hadLessons: lessons.length > 0 };
}

function toDto(plan: StudentPlan['items'], lessons: TeachingLessonWithTeacher[]) {
  const sections = TEACHING_SECTIONS.map((type) => {
    const mine = lessons.filter((l) => l.type === type).sort((a, b) => a.position - b.position);
    // Only attended lessons are done: a planned one (a date, maybe in the future) is not.
    const done = mine.filter((l) => l.attendedAt !== null).length;
    return {
      type,
      /** The plan's count of lessons (45 minutes each). */
      required: plan[type].hours,
      /** Whether the figure is the law's verified one (or the school's own); false: the school should set it. */
      verified: plan[type].verified,
      done,
      total: Math.max(plan[type].hours, mine.length),
      lessons: mine.map((l) => ({
        id: l.id,
        position: l.position,
        userId: l.teacherId,
        user: l.teacher,
        date: l.date,
        topic: l.topic,
        attended: l.attendedAt !== null,
        /** Filled from a group lesson's attendance (Kurzy): changed there, not here. */
        fromGroupLesson: l.groupLessonId !== null,
      })),
    };
  });
  return {
    sections,
    /** Whether the lessons were planned (a student started before Výuka existed has none; a plan of none needs none). */
    planned: lessons.length > 0 || TEACHING_SECTIONS.every((s) => plan[s].hours === 0),
    progress: { done: sections.reduce((n, s) => n + s.done, 0), total: sections.reduce((n, s) => n + s.total, 0) },
  };
}

export async function getTeachingLessonRecords(deps: AppDeps, schoolId: SchoolId, studentId: string) {
  const student = await findPlanStudent(deps.db, schoolId, studentId);
  if (!student) throw studentNotFound();
  const [plan, lessons] = await Promise.all([
    sectionPlan(deps.db, schoolId, student, schoolToday(deps.now())),
    listLessonsWithTeacher(deps.db, schoolId, studentId),
  ]);
  return toDto(plan, lessons);
}

/** 'Vytvořit osnovu výuky': plans (or re-plans) the student's lessons on request, e.g. one started before Výuka existed. */
export async function planTeachingLessons(deps: AppDeps, schoolId: SchoolId, userId: string, studentId: string) {
  await inTransaction(deps, async (tx, after) => {
    const [student] = await lockStudents(tx, schoolId, [studentId]);
    if (!student) throw studentNotFound();
    const changed = await planLessons(tx, schoolId, studentId, schoolToday(deps.now()));
    if (changed.added + changed.removed === 0) return;
    await recordEvent(deps, tx, after, { name: 'teachingLessonRecord.plan', schoolId, userId, entityType: 'student', entityId: studentId, data: changed });
  });
  return getTeachingLessonRecords(deps, schoolId, studentId);
}

type UpdateInput = z.output<typeof updateTeachingLessonsInput>;

/** Saves the changed lessons only, all or nothing: each must be this student's, each teacher one of the school's. */
export async function updateTeachingLessonRecords(deps: AppDeps, schoolId: SchoolId, userId: string, input: UpdateInput) {
  const { studentId } = input;
  // One change per lesson: a repeated id keeps its last values.
  const changes = [...new Map(input.data.map((c) => [c.id, c])).values()];
  await inTransaction(deps, async (tx, after) => {
    // The record chain's head first (issue 22 §1), before any student lock, as every write that appends.
    await openChain(tx, schoolId, deps.now());
    const [student] = await lockStudents(tx, schoolId, [studentId]);
    if (!student) throw studentNotFound();
    const current = new Map((await listLessons(tx, schoolId, studentId)).map((l) => [l.id, l]));
    if (changes.some((c) => !current.has(c.id))) throw new AppError('NOT_FOUND');
    // A new teacher must teach at the school now; a lesson keeps the one it has even if they have left since.
    await assertTeachers(
      tx,
      schoolId,
      changes.filter((c) => c.userId !== current.get(c.id)?.teacherId).map((c) => c.userId),
    );
    const today = schoolToday(deps.now());
    const before = [];
    for (const c of changes) {
      const row = current.get(c.id) as TeachingLessonRow;
      // A lesson filled from a group lesson's attendance ('Docházka', issue 20 §3) follows that attendance only.
      if (row.groupLessonId !== null) throw new AppError('TEACHING_LESSON_FROM_GROUP');
      // Without a word on attendance a lesson keeps its own; a cleared date makes it planned again (not given).
      if (c.attended === true && c.date === null) throw new AppError('LESSON_ATTENDED_WITHOUT_DATE');
      const attended = c.date !== null && (c.attended ?? row.attendedAt !== null);
      if (attended && c.date !== null && c.date > today) throw new AppError('LESSON_ATTENDED_IN_FUTURE');
      const attendedAt = attended ? (row.attendedAt ?? deps.now()) : null;
      before.push({ id: c.id, userId: row.teacherId, date: row.date, topic: row.topic, attended: row.attendedAt !== null });
      await updateLesson(tx, schoolId, studentId, c.id, { teacherId: c.userId, date: c.date, topic: c.topic, attendedAt, updatedAt: deps.now() });
    }
    await recordEvent(deps, tx, after, {
      name: 'teachingLessonRecord.update',
      schoolId,
      userId,
      entityType: 'student',
      entityId: studentId,
      data: { before, after: changes },
    });
    // Hours marked attended, unmarked or changed after the fact go into the chain (a change as a CORRECTION).
    // Without 'Důvod opravy' the chain refuses a correction and nothing is saved.
    await chainRecords(tx, schoolId, { studentIds: [studentId] }, { userId }, { now: deps.now(), reason: input.correctionReason });
  });
  return getTeachingLessonRecords(deps, schoolId, studentId);
}

/** The student hooks' side: plan when training starts; re-plan, if planned already, when the study info changes. */
export async function planOnStart(tx: DbOrTx, schoolId: SchoolId, studentIds: string[], day: CalendarDate) {
  const raises = await findSchoolRaises(tx, schoolId);
  for (const studentId of studentIds) await planLessons(tx, schoolId, studentId, day, raises);
}

export async function replanOnStudyInfo(tx: DbOrTx, schoolId: SchoolId, studentId: string, today: CalendarDate, after: After) {
  if ((await listLessons(tx, schoolId, studentId)).length === 0) return;
  const changed = await planLessons(tx, schoolId, studentId, today);
  if (changed.added + changed.removed > 0) after.live((live) => teachingLessonRecordMessage(live, schoolId, studentId));
}
