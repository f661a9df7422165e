// Who may call which school procedure (issue 17 item 16; spec §6 names the roles, not what each may do). One table,
// enforced by the school rung of the procedure ladder (apps/server/src/trpc/procedures.ts: a path not listed here is
// refused, so a new school procedure is closed until it gets its row), read by the web to hide what a role may not do
// (mayCall), and printed as docs/permissions.md (renderPermissionsMarkdown; a test keeps the file equal to it).
//
// The roles, as a driving school works:
// - ADMIN (Administrátor): everything, and alone the school's settings, team, prices, cars and the plan of lessons.
// - ASSISTANT (Asistent, the office): the students' records and their states, money (payments, charges and their
//   removal, invoices), exams, hlášenky, application forms, interpreters and tags; not settings, prices or the team.
// - TEACHER (Učitel) and PARAMEDIC (Zdravotník, who teaches first aid and is a teaching member like a teacher): read
//   the school's records, keep the students' data, record theory lessons, rides and exam results, take a payment or
//   add a charge; they remove no student, payment or charge, change no state of training and issue no invoice.
import type { StaffRole } from './enums.ts';

const ALL = ['ADMIN', 'ASSISTANT', 'TEACHER', 'PARAMEDIC'] as const satisfies readonly StaffRole[];
const OFFICE = ['ADMIN', 'ASSISTANT'] as const satisfies readonly StaffRole[];
const ADMIN = ['ADMIN'] as const satisfies readonly StaffRole[];

/** Every school procedure (a procedure behind the school gate) with the roles that may call it. */
export const SCHOOL_PERMISSIONS = {
  // ——— the shell: the school, the caller's membership, the tier ———
  'user.getGroupUserSettings': ALL,
  'user.setMorningAgenda': ALL,
  'user.getCalendarFilters': ALL,
  'user.setCalendarFilter': ALL,
  'user.getGroupSettings': ALL,
  'user.getIsGroupBlocked': ALL,
  'user.setActiveSchool': ALL,
  'account.getTier': ALL,
  'account.getTierUpgradeRequest': ALL,
  'account.requestTierUpgrade': ADMIN,
  'account.cancelTierUpgradeRequest': ADMIN,
  'userSearch.getUserLastSearch': ALL,
  'student.reportUserSearch': ALL,

  // ——— the school's settings and team ———
  'school.updateSchool': ADMIN,
  'school.getMembers': ALL,
  'school.getPendingInvites': ADMIN,
  'school.inviteMember': ADMIN,
  'school.cancelInvite': ADMIN,
  'school.resendInvite': ADMIN,
  'school.removeMember': ADMIN,
  'school.getSchoolTeachers': ALL,
  'school.createTeacher': ADMIN,
  'school.updateTeacher': ADMIN,
  'school.getStudentsForTrainingFields': ALL,
  'schoolCar.getSchoolCar': ALL,
  'schoolCar.createSchoolCar': ADMIN,
  'schoolCar.updateSchoolCar': ADMIN,
  'schoolCar.retireSchoolCar': ADMIN,
  'schoolCar.restoreSchoolCar': ADMIN,
  'schoolCar.removeSchoolCar': ADMIN,
  'lessonPlan.getLessonPlan': ALL,
  'lessonPlan.setLessonPlanRaise': ADMIN,
  'interpreter.getInterpreters': ALL,
  'interpreter.createInterpreter': OFFICE,
  'interpreter.updateInterpreter': OFFICE,
  'interpreter.removeInterpreter': OFFICE,
  'tag.getTagsBySchoolId': ALL,
  'tag.createTag': OFFICE,
  'tag.updateTag': OFFICE,
  'tag.removeTag': OFFICE,
  'tag.getEntityTags': ALL,
  'tag.addTagToEntity': ALL,
  'tag.removeTagFromEntity': ALL,
  'studentPass.getSchoolPassCode': ALL,
  'studentPass.regenerateSchoolPassCode': ADMIN,
  // Nastavení → 'Rezervace jízd' (issue 19 §3): everyone reads the rules, the admin sets them.
  'bookingSettings.get': ALL,
  'bookingSettings.update': ADMIN,
  // A teacher's 'Dostupnost' (hours, absences, usual cars): every member reads any teacher's; the writes are open to
  // every role here, and the service lets the office (ADMIN, ASSISTANT) write any teacher's and a teacher or paramedic
  // only their own (AVAILABILITY_NOT_OWN otherwise; AVAILABILITY_OWN_ONLY below, printed in docs/permissions.md).
  'availability.get': ALL,
  'availability.getSchool': ALL,
  'availability.setWeek': ALL,
  'availability.addAbsence': ALL,
  'availability.removeAbsence': ALL,
  'availability.setCars': ALL,

  // ——— students ———
  'student.students': ALL,
  'student.student': ALL,
  'student.getStudentCardHeaderInfo': ALL,
  'student.getStudentDateOfInProgress': ALL,
  'student.getStudentDateOfFinished': ALL,
  'student.getLegalMinimum': ALL,
  'student.getNextRegistrationNumber': ALL,
  'student.createStudent': ALL,
  'student.updateStudent': ALL,
  'student.updateStudentLog': OFFICE,
  'student.setStudentState': OFFICE,
  'student.setDateOfInProgress': OFFICE,
  'student.setDateOfFinished': OFFICE,
  'student.removeStudent': OFFICE,
  'student.getStudentPass': ALL,
  'student.getStudentPassShareInfo': ALL,
  'student.sendStudentPassInfo': ALL,
  // 'Přístup žáka' (issue 19 §1): everyone sees it; the office grants and revokes, as it changes the states.
  'studentAccess.getAccess': ALL,
  'studentAccess.invite': OFFICE,
  'studentAccess.revoke': OFFICE,
  'studentDefaultTeacher.getDefaultTeacher': ALL,
  'studentDefaultTeacher.setDefaultTeacher': ALL,
  'applicationForm.getApplicationForms': ALL,
  'applicationForm.saveApplicationForm': OFFICE,
  'applicationForm.removeApplicationForm': OFFICE,
  'applicationForm.getApplications': ALL,
  'applicationForm.getPendingApplicationCount': ALL,
  'applicationForm.admitApplication': OFFICE,
  'applicationForm.rejectApplication': OFFICE,

  // ——— theory and rides ———
  'teachingLessonRecord.getTeachingLessonRecords': ALL,
  'teachingLessonRecord.updateTeachingLessonRecord': ALL,
  'teachingLessonRecord.planTeachingLessons': ALL,
  'drivingLessonsRecord.getDrivingLessonsRecords': ALL,
  'drivingLessonsRecord.getDrivingLessonsRecord': ALL,
  'drivingLessonsRecord.hasCollision': ALL,
  'drivingLessonsRecord.getTrainingWarnings': ALL,
  'drivingLessonsRecord.createPlanDrivingLessonsRecordPlanV2': ALL,
  'drivingLessonsRecord.createRecurring': ALL,
  'drivingLessonsRecord.updatePlanDrivingLessonsRecordV2': ALL,
  'drivingLessonsRecord.deleteDrivingLessonsRecord': ALL,
  'drivingLessonsRecord.getCalendarEvents': ALL,
  'drivingLessonsRecord.getTrainings': ALL,
  // 'Přehled školy' (issue 21 §4): the owner's figures, ADMIN only.
  'dashboard.getOverview': ADMIN,
  'dashboard.getDrill': ADMIN,
  // Group theory (issue 20 §3): the office keeps Kurzy and Učebny; everyone plans group lessons; attendance and a
  // lesson's changes are the lesson's teacher's or the office's (the service refuses another teacher's lesson,
  // GROUP_LESSON_NOT_OWN).
  'course.getClassrooms': ALL,
  'course.createClassroom': OFFICE,
  'course.updateClassroom': OFFICE,
  'course.getCourses': ALL,
  'course.getCourse': ALL,
  'course.createCourse': OFFICE,
  'course.updateCourse': OFFICE,
  'course.setCourseEnded': OFFICE,
  'course.addCourseStudents': OFFICE,
  'course.removeCourseStudent': OFFICE,
  'course.createGroupLessons': ALL,
  'course.updateGroupLesson': ALL,
  'course.removeGroupLesson': ALL,
  'course.getGroupLesson': ALL,
  'course.markAttendance': ALL,
  'course.getMyGroupLessons': ALL,
  // A student's disputes of their records ('Nesouhlasím se záznamem'): everyone who reads the records sees them; the
  // office answers them.
  'recordDispute.getStudentDisputes': ALL,
  'recordDispute.resolveDispute': OFFICE,
  'recordChain.getCorrections': OFFICE,

  // ——— exams ———
  'exam.exams': ALL,
  'exam.getExam': ALL,
  'exam.getStudentExams': ALL,
  'exam.getApplicationDeadlines': ALL,
  'exam.createExam': OFFICE,
  'exam.updateExam': OFFICE,
  'exam.removeExam': OFFICE,
  'exam.addStudentToExam': OFFICE,
  'exam.setExamResult': ALL,
  'exam.recordRetraining': ALL,
  'exam.removeRetraining': OFFICE,
  'exam.getWaitlist': OFFICE,
  'exam.addToWaitlist': OFFICE,
  'exam.removeFromWaitlist': OFFICE,
  'exam.signUpProposed': OFFICE,
  'exam.skipProposed': OFFICE,
  'deadline.getSettings': OFFICE,
  'deadline.setSettings': ADMIN,
  // 'Cesta ke zkoušce' (issue 22 §3): the forecast on the card and the list for planning exam terms.
  'examReadiness.getStudentForecast': ALL,
  'examReadiness.listReadiness': ALL,

  // ——— money ———
  'paymentItem.getPaymentItems': ALL,
  'paymentItem.createPayment': ALL,
  'paymentItem.removePayment': OFFICE,
  'paymentItem.addCharge': ALL,
  'paymentItem.removeCharge': OFFICE,
  'paymentItem.getStudentPrice': ALL,
  'paymentItem.setStudentPrice': ADMIN,
  'paymentItem.getPriceList': ALL,
  'paymentItem.setPriceListItem': ADMIN,
  'paymentItem.getPriceExtras': ALL,
  'paymentItem.setPriceExtra': ADMIN,
  'paymentItem.getOwingStudents': ALL,
  // Issue 21 §1 'Import výpisu': the office's work with the school's account (teachers take payments, not statements).
  'bankStatement.previewBankStatement': OFFICE,
  'bankStatement.confirmBankStatement': OFFICE,
  'bankStatement.getCsvMapping': OFFICE,
  'bankStatement.saveCsvMapping': OFFICE,
  'instalment.getStudentInstalments': ALL,
  'instalment.setStudentInstalments': OFFICE,
  'instalment.applyTemplate': OFFICE,
  'instalment.getTemplates': ALL,
  'instalment.saveTemplate': ADMIN,
  'instalment.removeTemplate': ADMIN,
  'instalment.getReminderSettings': ALL,
  'instalment.setReminderSettings': ADMIN,
  'instalment.getSentReminders': ALL,
  'instalment.getAutoCharges': ALL,
  'instalment.setAutoCharges': ADMIN,
  'invoice.getInvoices': ALL,
  'invoice.getInvoiceYears': ALL,
  'invoice.getInvoice': ALL,
  'invoice.issueInvoice': OFFICE,
  'invoice.cancelInvoice': OFFICE,
  'accountingExport.getAccountingExport': OFFICE,
  // 'Převod žáka' (issue 22 §4): the office exports the signed record and imports another school's; every member
  // sees the imported hours on the card.
  'transfer.exportTransfer': OFFICE,
  'transfer.previewTransferImport': OFFICE,
  'transfer.importTransfer': OFFICE,
  'transfer.getPriorTrainings': ALL,

  // ——— records and documents ———
  'report.getReports': ALL,
  'report.getReport': ALL,
  'report.addStudentToReport': OFFICE,
  'report.removeStudentFromReport': OFFICE,
  'report.markReportSent': OFFICE,
  'report.markReportUnsent': OFFICE,
  'pdfFile.requestPdf': ALL,
  'pdfFile.getPdfFiles': ALL,
  'pdfFile.getPdfFile': ALL,
  'student.exportReportClassBook': ALL,
  'student.exportReportVehicleDrivingTraining': ALL,
  'print.createPrintToken': ALL,
  // Issue 22 §2 'Podklady pro kontrolu': every student's records of a period in one ZIP — the school's owner only.
  'inspectionPack.createPack': ADMIN,
  'inspectionPack.getPacks': ADMIN,
  'inspectionPack.getPack': ADMIN,

  // ——— the caller's own calendar feed ('Odkaz pro kalendář': their rides and lessons as the teacher) ———
  'calendarFeed.getMine': ALL,
  'calendarFeed.rotateMine': ALL,

  // ——— 'Můj den': the caller's own day as the teacher (their rides only; the service checks the member id) ———
  'myDay.getDay': ALL,
  'myDay.act': ALL,
} as const satisfies Record<string, readonly StaffRole[]>;

export type SchoolProcedurePath = keyof typeof SCHOOL_PERMISSIONS;

/** Procedures a role of the table may call for its own teacher record only (the service checks the member id). */
export const AVAILABILITY_OWN_ONLY: Partial<Record<SchoolProcedurePath, readonly StaffRole[]>> = {
  'availability.setWeek': ['TEACHER', 'PARAMEDIC'],
  'availability.addAbsence': ['TEACHER', 'PARAMEDIC'],
  'availability.removeAbsence': ['TEACHER', 'PARAMEDIC'],
  'availability.setCars': ['TEACHER', 'PARAMEDIC'],
};

/** Whether `role` may call `path` only for its own teacher record (AVAILABILITY_OWN_ONLY). */
export function isOwnOnly(path: string, role: StaffRole | null | undefined): boolean {
  return !!role && Object.hasOwn(AVAILABILITY_OWN_ONLY, path) && (AVAILABILITY_OWN_ONLY[path as SchoolProcedurePath] ?? []).includes(role);
}

/** Whether `role` may call the school procedure at `path`; a path not in the table is refused (closed by default). */
export function mayCall(path: string, role: StaffRole | null | undefined): boolean {
  if (!role || !Object.hasOwn(SCHOOL_PERMISSIONS, path)) return false;
  return (SCHOOL_PERMISSIONS[path as SchoolProcedurePath] as readonly StaffRole[]).includes(role);
}

/**
 * What a student reaches. A student is no staff role and has no row above: the student rungs of the ladder prove the
 * student (docs/decisions/0005-student-rung.md), and that proof is the whole permission — a student reaches only their
 * own data, which the isolation test's student half proves. PASS: opened by the pass's codes (the pass rung); SESSION:
 * by the student's own session (the student rung). The permission test keeps this list equal to the procedures a
 * student rung marks.
 */
export const STUDENT_PROCEDURES = {
  'student.getStudentPass': 'PASS',
  'drivingLessonsRecord.getDrivingLessonsRecords': 'PASS',
  'studentPassSignature.getStudentPassSignature': 'PASS',
  'studentPassSignature.createStudentPassSignature': 'PASS',
  'studentPortal.getMe': 'SESSION',
  'calendarFeed.getMyFeed': 'SESSION',
  'calendarFeed.rotateMyFeed': 'SESSION',
  'studentDispute.disputeRecord': 'SESSION',
  'studentDispute.getMyDisputes': 'SESSION',
  'studentRecordChain.getMyRecordChain': 'SESSION',
  'ownPass.getPass': 'SESSION',
  'ownPass.getSignature': 'SESSION',
  'ownPass.createSignature': 'SESSION',
  'studentPortal.getProgress': 'SESSION',
  'studentPortal.getRides': 'SESSION',
  'studentPortal.getMoney': 'SESSION',
  'studentPortal.getInvoicePdf': 'SESSION',
  'studentPortal.getExams': 'SESSION',
  'studentPortal.logout': 'SESSION',
  'booking.getBookingOptions': 'SESSION',
  'booking.getFreeSlots': 'SESSION',
  'booking.bookRide': 'SESSION',
  'booking.getMyBookings': 'SESSION',
  'booking.getCancelTerms': 'SESSION',
  'booking.cancelRide': 'SESSION',
  'booking.getMyWaitlist': 'SESSION',
  'booking.joinWaitlist': 'SESSION',
  'booking.leaveWaitlist': 'SESSION',
  'examReadiness.getMyForecast': 'SESSION',
} as const satisfies Record<string, 'PASS' | 'SESSION'>;

const STUDENT_PROOF_LABELS = { PASS: 'the pass’s codes (no login)', SESSION: 'the student’s own session' } as const;

const COLUMNS = ['ADMIN', 'ASSISTANT', 'TEACHER', 'PARAMEDIC'] as const satisfies readonly StaffRole[];
const COLUMN_LABELS: Record<(typeof COLUMNS)[number], string> = {
  ADMIN: 'Administrátor',
  ASSISTANT: 'Asistent',
  TEACHER: 'Učitel',
  PARAMEDIC: 'Zdravotník',
};

/** docs/permissions.md: the table above as Markdown, one row per procedure in the table's order. */
export function renderPermissionsMarkdown(): string {
  const lines = [
    '# Who may do what (roles and school procedures)',
    '',
    'Generated from `packages/shared/src/permissions.ts` (the one table the server enforces in the procedure ladder and',
    'the web reads to hide actions); `apps/server/src/trpc/permissions.int.test.ts` fails when this file differs from it',
    '(`UPDATE_PERMISSIONS_DOC=1` rewrites it). A school procedure missing from the table is refused to every role.',
    '',
    '- **Administrátor** (ADMIN): everything; alone the school’s settings, team, prices, cars and lesson plan.',
    '- **Asistent** (ASSISTANT, the office): students’ records and states of training, removing a student, payments,',
    '  charges and their removal, invoices, exams, hlášenky, application forms, interpreters and tags.',
    '- **Učitel** (TEACHER) and **Zdravotník** (PARAMEDIC, a teaching member for first aid): read the school’s records,',
    '  keep students’ data, record theory lessons, rides and exam results, take a payment or add a charge; no removal of',
    '  a student, payment or charge, no change of a state of training, no invoice.',
    '',
    `| Procedure | ${COLUMNS.map((r) => `${COLUMN_LABELS[r]} (${r})`).join(' | ')} |`,
    `|---|${COLUMNS.map(() => ':-:').join('|')}|`,
  ];
  for (const [path, roles] of Object.entries(SCHOOL_PERMISSIONS)) {
    const own = AVAILABILITY_OWN_ONLY[path as SchoolProcedurePath] ?? [];
    const cell = (r: StaffRole) => ((roles as readonly StaffRole[]).includes(r) ? (own.includes(r) ? 'own' : '✓') : '—');
    lines.push(`| \`${path}\` | ${COLUMNS.map(cell).join(' | ')} |`);
  }
  lines.push('', '**own**: only for the caller’s own teacher record (their own Dostupnost); any other teacher’s is refused (FORBIDDEN, AVAILABILITY_NOT_OWN).');
  lines.push(
    '',
    '## Students',
    '',
    'A student is no staff role. The procedures below are opened by a student rung of the procedure ladder, which proves',
    'the school and the student; a student reaches only their own data (the isolation test’s student half). A student’s',
    'session opens no staff procedure, and a staff session no student one.',
    '',
    '| Procedure | Opened by |',
    '|---|---|',
  );
  for (const [path, proof] of Object.entries(STUDENT_PROCEDURES)) lines.push(`| \`${path}\` | ${STUDENT_PROOF_LABELS[proof]} |`);
  return `${lines.join('\n')}\n`;
}
