// The database schema: the single source of the row types. Each domain's tables live in schema/<domain>.ts.
import * as identity from './schema/identity.ts';
import * as interpreter from './schema/interpreter.ts';
import * as report from './schema/report.ts';
import * as school from './schema/school.ts';
import * as student from './schema/student.ts';
import * as tag from './schema/tag.ts';
import * as userSearch from './schema/user-search.ts';
import * as schoolCar from './schema/school-car.ts';
import * as drivingLessonsRecord from './schema/driving-lessons-record.ts';
import * as teachingLessonRecord from './schema/teaching-lesson-record.ts';
import * as studentDefaultTeacher from './schema/student-default-teacher.ts';
import * as lessonPlan from './schema/lesson-plan.ts';
import * as paymentItem from './schema/payment-item.ts';
import * as exam from './schema/exam.ts';
import * as invoice from './schema/invoice.ts';
import * as pdf from './schema/pdf.ts';
import * as studentPass from './schema/student-pass.ts';
import * as studentSession from './schema/student-session.ts';
import * as applicationForm from './schema/application-form.ts';
import * as print from './schema/print.ts';
import * as booking from './schema/booking.ts';
import * as calendarFeed from './schema/calendar-feed.ts';
import * as recordDispute from './schema/record-dispute.ts';
import * as myDay from './schema/my-day.ts';
import * as course from './schema/course.ts';
import * as bankStatement from './schema/bank-statement.ts';
import * as instalment from './schema/instalment.ts';
import * as deadline from './schema/deadline.ts';
import * as recordChain from './schema/record-chain.ts';
import * as inspectionPack from './schema/inspection-pack.ts';
import * as transfer from './schema/transfer.ts';

export const schema = {
  ...identity,
  ...school,
  ...interpreter,
  ...student,
  ...report,
  ...tag,
  ...userSearch,
  ...schoolCar,
  ...drivingLessonsRecord,
  ...teachingLessonRecord,
  ...studentDefaultTeacher,
  ...lessonPlan,
  ...paymentItem,
  ...exam,
  ...invoice,
  ...pdf,
  ...studentPass,
  ...booking,
  ...recordDispute,
  ...studentSession,
  ...applicationForm,
  ...print,
  ...calendarFeed,
  ...myDay,
  ...course,
  ...bankStatement,
  ...instalment,
  ...deadline,
  ...recordChain,
  ...inspectionPack,
  ...transfer,
};
export type Schema = typeof schema;
export {
  calendarFeed,
  course,
  identity,
  interpreter,
  report,
  school,
  student,
  tag,
  userSearch,
  schoolCar,
  drivingLessonsRecord,
  teachingLessonRecord,
  studentDefaultTeacher,
  lessonPlan,
  paymentItem,
  exam,
  invoice,
  pdf,
  studentPass,
  studentSession,
};
