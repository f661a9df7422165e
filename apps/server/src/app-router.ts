import { recordChainRouter, studentRecordChainRouter } from './features/record-chain/record-chain.router.ts';
import { accountRouter } from './features/account/account.router.ts';
import { appInfoRouter } from './features/app/app.router.ts';
import { contactRouter } from './features/contact/contact.router.ts';
import { interpreterRouter } from './features/interpreter/interpreter.router.ts';
import { operatorRouter } from './features/operator/operator.router.ts';
import { reportRouter } from './features/report/report.router.ts';
import { schoolInviteRouter } from './features/school-invite/school-invite.router.ts';
import { schoolRouter } from './features/school/school.router.ts';
import { studentRouter } from './features/student/student.router.ts';
import { tagRouter } from './features/tag/tag.router.ts';
import { userSearchRouter, userSearchStudentRouter } from './features/user-search/user-search.router.ts';
import { userRouter } from './features/user/user.router.ts';
import { schoolCarRouter } from './features/school-car/school-car.router.ts';
import { drivingLessonsRecordRouter } from './features/driving-lessons-record/driving-lessons-record.router.ts';
import { teachingLessonRecordRouter } from './features/teaching-lesson-record/teaching-lesson-record.router.ts';
import { studentDefaultTeacherRouter } from './features/student-default-teacher/student-default-teacher.router.ts';
import { lessonPlanRouter } from './features/lesson-plan/lesson-plan.router.ts';
import { paymentItemRouter } from './features/payment-item/payment-item.router.ts';
import { bankStatementRouter } from './features/bank-statement/bank-statement.router.ts';
import { instalmentRouter } from './features/instalment/instalment.router.ts';
import { deadlineRouter } from './features/deadline/deadline.router.ts';
import { examRouter } from './features/exam/exam.router.ts';
import { examReadinessRouter } from './features/exam-readiness/exam-readiness.router.ts';
import { invoiceRouter } from './features/invoice/invoice.router.ts';
import { accountingExportRouter } from './features/accounting-export/accounting-export.router.ts';
import { inspectionPackRouter } from './features/inspection-pack/inspection-pack.router.ts';
import { transferRouter } from './features/transfer/transfer.router.ts';
import { pdfFileRouter, pdfFileStudentRouter } from './features/pdf-file/pdf-file.router.ts';
import { printRouter } from './features/print/print.router.ts';
import { ownPassRouter, studentPassRouter, studentPassSignatureRouter, studentPassStudentRouter } from './features/student-pass/student-pass.router.ts';
import { applicationFormRouter } from './features/application-form/application-form.router.ts';
import { notificationUserRouter } from './features/notification/notification.router.ts';
import { userSettingsRouter } from './features/user/user-settings.router.ts';
import { tierUpgradeOperatorRouter, tierUpgradeRouter } from './features/account/tier-upgrade.router.ts';
import { bookingRouter } from './features/booking/booking.router.ts';
import { studentPortalRouter } from './features/student-portal/student-portal.router.ts';
import { calendarFeedRouter } from './features/calendar-feed/calendar-feed.router.ts';
import { myDayRouter } from './features/my-day/my-day.router.ts';
import { recordDisputeRouter, studentDisputeRouter } from './features/record-dispute/record-dispute.router.ts';
import { studentLoginRouter } from './features/student-portal/student-login.router.ts';
import { studentAccessRouter } from './features/student-access/student-access.router.ts';
import { availabilityRouter } from './features/availability/availability.router.ts';
import { bookingSettingsRouter } from './features/booking-settings/booking-settings.router.ts';
import { courseRouter } from './features/course/course.router.ts';
import { dashboardRouter } from './features/dashboard/dashboard.router.ts';
import { router, t } from './trpc/init.ts';

export const appRouter = router({
  app: appInfoRouter,
  // Notifications and the user's own settings are their own domains; spec §7 keeps them under `user`.
  user: t.mergeRouters(userRouter, notificationUserRouter, userSettingsRouter),
  school: schoolRouter,
  schoolInvite: schoolInviteRouter,
  account: t.mergeRouters(accountRouter, tierUpgradeRouter),
  contact: contactRouter,
  operator: t.mergeRouters(operatorRouter, tierUpgradeOperatorRouter),
  // student.reportUserSearch is the user-search domain's, the two exports the PDF files' and the pass calls the student
  // pass's (spec §7 keeps the paths), merged in here.
  student: t.mergeRouters(studentRouter, userSearchStudentRouter, pdfFileStudentRouter, studentPassStudentRouter),
  userSearch: userSearchRouter,
  interpreter: interpreterRouter,
  tag: tagRouter,
  report: reportRouter,
  schoolCar: schoolCarRouter,
  drivingLessonsRecord: drivingLessonsRecordRouter,
  teachingLessonRecord: teachingLessonRecordRouter,
  studentDefaultTeacher: studentDefaultTeacherRouter,
  lessonPlan: lessonPlanRouter,
  paymentItem: paymentItemRouter,
  bankStatement: bankStatementRouter,
  instalment: instalmentRouter,
  deadline: deadlineRouter,
  exam: examRouter,
  examReadiness: examReadinessRouter,
  invoice: invoiceRouter,
  // 'Export pro účetní' (issue 21 §3).
  accountingExport: accountingExportRouter,
  inspectionPack: inspectionPackRouter,
  transfer: transferRouter,
  pdfFile: pdfFileRouter,
  print: printRouter,
  studentPassSignature: studentPassSignatureRouter,
  studentPass: studentPassRouter,
  applicationForm: applicationFormRouter,
  // A teacher's Dostupnost and the school's rules for rides students book (issue 19 §3).
  availability: availabilityRouter,
  bookingSettings: bookingSettingsRouter,
  // The student's own session (the student rung), not staff.
  studentPortal: studentPortalRouter,
  calendarFeed: calendarFeedRouter,
  // The teacher's own day on the phone, offline-first (issue 20).
  myDay: myDayRouter,
  studentDispute: studentDisputeRouter,
  recordDispute: recordDisputeRouter,
  recordChain: recordChainRouter,
  studentRecordChain: studentRecordChainRouter,
  ownPass: ownPassRouter,
  studentLogin: studentLoginRouter,
  studentAccess: studentAccessRouter,
  booking: bookingRouter,
  // Group theory: Kurzy, Učebny, Hodiny výuky, Docházka (issue 20 §3).
  course: courseRouter,
  dashboard: dashboardRouter,
});

export type AppRouter = typeof appRouter;
