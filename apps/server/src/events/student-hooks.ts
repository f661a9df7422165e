// The higher domains' part in student writes (features/student/student.hooks.ts), in the order they run inside the
// write's transaction. The one place they are named: the student service reaches them through this list, never
// through a module that some entry point may not load.
import { paymentItemStudentHooks } from '../features/payment-item/payment-item.hooks.ts';
import { reportStudentHooks } from '../features/report/report.hooks.ts';
import type { StudentHooks } from '../features/student/student.hooks.ts';
import { teachingLessonRecordStudentHooks } from '../features/teaching-lesson-record/teaching-lesson-record.hooks.ts';

/** The list (a function: the hooks' modules import the student domain, which imports this file). */
export const studentHooks = (): readonly StudentHooks[] => [reportStudentHooks, teachingLessonRecordStudentHooks, paymentItemStudentHooks];
