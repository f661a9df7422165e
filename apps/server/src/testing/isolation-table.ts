// Every feature's isolation rows in one table: the isolation test walks it, and the permission test reads from it which
// procedures are school procedures and how to call them. A new feature adds its rows here; a procedure a student
// reaches also adds its row to the student half.
import { courseIsolation } from '../features/course/course.isolation.ts';
import { dashboardIsolation } from '../features/dashboard/dashboard.isolation.ts';
import { interpreterIsolation } from '../features/interpreter/interpreter.isolation.ts';
import { reportIsolation } from '../features/report/report.isolation.ts';
import { schoolIsolation } from '../features/school/school.isolation.ts';
import { studentIsolation } from '../features/student/student.isolation.ts';
import { tagIsolation } from '../features/tag/tag.isolation.ts';
import { userSearchIsolation } from '../features/user-search/user-search.isolation.ts';
import { userIsolation } from '../features/user/user.isolation.ts';
import { schoolCarIsolation } from '../features/school-car/school-car.isolation.ts';
import { drivingLessonsRecordIsolation } from '../features/driving-lessons-record/driving-lessons-record.isolation.ts';
import { teachingLessonRecordIsolation } from '../features/teaching-lesson-record/teaching-lesson-record.isolation.ts';
import { studentDefaultTeacherIsolation } from '../features/student-default-teacher/student-default-teacher.isolation.ts';
import { lessonPlanIsolation } from '../features/lesson-plan/lesson-plan.isolation.ts';
import { paymentItemIsolation } from '../features/payment-item/payment-item.isolation.ts';
import { bankStatementIsolation } from '../features/bank-statement/bank-statement.isolation.ts';
import { instalmentIsolation } from '../features/instalment/instalment.isolation.ts';
import { examIsolation } from '../features/exam/exam.isolation.ts';
import { deadlineIsolation } from '../features/deadline/deadline.isolation.ts';
import { invoiceIsolation } from '../features/invoice/invoice.isolation.ts';
import { accountingExportIsolation } from '../features/accounting-export/accounting-export.isolation.ts';
import { inspectionPackIsolation } from '../features/inspection-pack/inspection-pack.isolation.ts';
import { pdfFileIsolation } from '../features/pdf-file/pdf-file.isolation.ts';
import { printIsolation } from '../features/print/print.isolation.ts';
import { ownPassStudentIsolation, studentPassIsolation, studentPassStudentIsolation } from '../features/student-pass/student-pass.isolation.ts';
import { applicationFormIsolation } from '../features/application-form/application-form.isolation.ts';
import { notificationIsolation } from '../features/notification/notification.isolation.ts';
import { userSettingsIsolation } from '../features/user/user-settings.isolation.ts';
import { tierUpgradeIsolation } from '../features/account/tier-upgrade.isolation.ts';
import { studentPortalIsolation, studentPortalStudentIsolation } from '../features/student-portal/student-portal.isolation.ts';
import { calendarFeedIsolation, calendarFeedStudentIsolation } from '../features/calendar-feed/calendar-feed.isolation.ts';
import { recordDisputeIsolation, recordDisputeStudentIsolation } from '../features/record-dispute/record-dispute.isolation.ts';
import { recordChainIsolation, recordChainStudentIsolation } from '../features/record-chain/record-chain.isolation.ts';
import { studentAccessIsolation } from '../features/student-access/student-access.isolation.ts';
import { availabilityIsolation } from '../features/availability/availability.isolation.ts';
import { bookingSettingsIsolation } from '../features/booking-settings/booking-settings.isolation.ts';
import { bookingIsolation, bookingStudentIsolation } from '../features/booking/booking.isolation.ts';
import { myDayIsolation } from '../features/my-day/my-day.isolation.ts';
import { examReadinessIsolation, examReadinessStudentIsolation } from '../features/exam-readiness/exam-readiness.isolation.ts';
import { transferIsolation } from '../features/transfer/transfer.isolation.ts';
import type { IsolationTable, StudentIsolationTable } from './isolation.ts';

export const ISOLATION_TABLE: IsolationTable = {
  ...userIsolation,
  ...schoolIsolation,
  ...studentIsolation,
  ...userSearchIsolation,
  ...interpreterIsolation,
  ...tagIsolation,
  ...reportIsolation,
  ...schoolCarIsolation,
  ...drivingLessonsRecordIsolation,
  ...teachingLessonRecordIsolation,
  ...studentDefaultTeacherIsolation,
  ...lessonPlanIsolation,
  ...paymentItemIsolation,
  ...bankStatementIsolation,
  ...instalmentIsolation,
  ...examIsolation,
  ...deadlineIsolation,
  ...invoiceIsolation,
  ...accountingExportIsolation,
  ...inspectionPackIsolation,
  ...transferIsolation,
  ...pdfFileIsolation,
  ...printIsolation,
  ...studentPassIsolation,
  ...applicationFormIsolation,
  ...notificationIsolation,
  ...userSettingsIsolation,
  ...tierUpgradeIsolation,
  ...studentPortalIsolation,
  ...calendarFeedIsolation,
  ...recordDisputeIsolation,
  ...recordChainIsolation,
  ...studentAccessIsolation,
  ...availabilityIsolation,
  ...bookingSettingsIsolation,
  ...bookingIsolation,
  ...myDayIsolation,
  ...courseIsolation,
  ...dashboardIsolation,
  ...examReadinessIsolation,
};

/** The student half: every procedure a student reaches, tried student against student (trpc/isolation.int.test.ts). */
export const STUDENT_ISOLATION_TABLE: StudentIsolationTable = {
  ...studentPassStudentIsolation,
  ...studentPortalStudentIsolation,
  ...calendarFeedStudentIsolation,
  ...recordDisputeStudentIsolation,
  ...recordChainStudentIsolation,
  ...ownPassStudentIsolation,
  ...bookingStudentIsolation,
  ...examReadinessStudentIsolation,
};
