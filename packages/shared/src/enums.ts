// Enumerations of spec §3 with their Czech labels. One place for web, server, PDFs and e-mails.

export const STUDENT_STATES = ['WAITING_FOR_ADMISSION', 'NOT_STARTED', 'IN_PROGRESS', 'FINISHED', 'TO_EXAM', 'EXAM_CORRECTION', 'DONE', 'STORNO'] as const;
export type StudentState = (typeof STUDENT_STATES)[number];
export const STUDENT_STATE_LABELS: Record<StudentState, string> = {
  NOT_STARTED: 'Nezahájen',
  WAITING_FOR_ADMISSION: 'Čeká na přijetí',
  IN_PROGRESS: 'Probíhající',
  FINISHED: 'Ukončen',
  TO_EXAM: 'Ke zkouškám',
  EXAM_CORRECTION: 'Oprava',
  DONE: 'Absolvován',
  STORNO: 'Stornován',
};

export const LICENCE_GROUPS = ['B', 'Ba', 'B96', 'BpE', 'AM', 'A1', 'A2', 'A', 'C', 'CpE', 'D', 'DpE', 'T', 'C1', 'C1pE', 'D1', 'D1pE', 'B1'] as const;
export type LicenceGroup = (typeof LICENCE_GROUPS)[number];
export const LICENCE_GROUP_LABELS: Record<LicenceGroup, string> = Object.fromEntries(LICENCE_GROUPS.map((g) => [g, g.replace('pE', '+E')])) as Record<
  LicenceGroup,
  string
>;
export const LICENCE_GROUPINGS: { label: string; groups: LicenceGroup[] }[] = [
  { label: 'Osobní automobily a přívěsy', groups: ['B', 'Ba', 'B96', 'BpE'] },
  { label: 'Motocykly', groups: ['AM', 'A1', 'A2', 'A'] },
  { label: 'Nákladní automobily, autobusy a traktory', groups: ['C', 'CpE', 'D', 'DpE', 'T'] },
  { label: 'Ostatní', groups: ['C1', 'C1pE', 'D1', 'D1pE', 'B1'] },
];

export const TRAINING_KINDS = ['BASIC', 'EXPANDING', 'ASSOCIATED', 'COMPLEMENTARY'] as const;
export type TrainingKind = (typeof TRAINING_KINDS)[number];
export const TRAINING_KIND_LABELS: Record<TrainingKind, string> = {
  BASIC: 'Základní',
  EXPANDING: 'Rozšiřující',
  ASSOCIATED: 'Sdružený',
  COMPLEMENTARY: 'Doplňovací',
};

export const TRAINING_TYPES = ['ISP', 'COURSE', 'VRP'] as const;
export type TrainingType = (typeof TRAINING_TYPES)[number];
export const TRAINING_TYPE_LABELS: Record<TrainingType, string> = {
  ISP: 'ISP (individuální studijní plán)',
  COURSE: 'Kurz',
  VRP: 'VRP',
};

export const TIERS = ['STARTER', 'PREMIUM', 'ENTERPRISE'] as const;
export type Tier = (typeof TIERS)[number];
export const TIER_LABELS: Record<Tier, string> = {
  STARTER: 'Starter',
  PREMIUM: 'Premium',
  ENTERPRISE: 'Enterprise',
};

export const STAFF_ROLES = ['ADMIN', 'TEACHER', 'ASSISTANT', 'PARAMEDIC'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  ADMIN: 'Administrátor',
  TEACHER: 'Učitel',
  ASSISTANT: 'Asistent',
  PARAMEDIC: 'Zdravotník',
};

export const USER_ROLES = ['ADMIN', 'USER'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const NOTIFICATION_TYPES = ['GENERIC', 'UNPAID_GROUP'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const FEATURE_FLAGS = ['DEBUG', 'VERSION_2_1'] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export const FEATURE_FLAG_LABELS: Record<FeatureFlag, string> = { DEBUG: 'Debug', VERSION_2_1: 'Verze 2.1' };
/**
 * What a flag is with no row for it: version 2.1 (Přihláškový formulář, Uživatelské Nastavení) is built and on for
 * everybody; the operator can still switch it off for all or for one user (a row with isEnabled false).
 */
export const FEATURE_FLAG_DEFAULTS: Record<FeatureFlag, boolean> = { DEBUG: false, VERSION_2_1: true };

/**
 * What caused a staff notification (issue 11). Null on a notification is the operator's own message (GENERIC or
 * UNPAID_GROUP), shown in the notification modal; an event notification goes to the bell's list only.
 */
export const NOTIFICATION_EVENTS = [
  'NEW_APPLICATION',
  'REPORT_STUDENT_ADDED',
  'EXAM_RESULT',
  'PDF_READY',
  'INVITE_ACCEPTED',
  'TIER_UPGRADE_REQUEST',
  'RECORD_DISPUTED',
  'DEADLINE',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];
export const NOTIFICATION_EVENT_LABELS: Record<NotificationEvent, string> = {
  NEW_APPLICATION: 'Nová přihláška z formuláře',
  REPORT_STUDENT_ADDED: 'Žák přidán do hlášenky',
  EXAM_RESULT: 'Zapsaný výsledek zkoušky',
  PDF_READY: 'PDF je připraveno',
  INVITE_ACCEPTED: 'Přijatá pozvánka do autoškoly',
  TIER_UPGRADE_REQUEST: 'Žádost o změnu tarifu',
  RECORD_DISPUTED: 'Žák nesouhlasí se záznamem',
  DEADLINE: 'Blížící se lhůta žáka',
};

/** What a student disputes ('Nesouhlasím se záznamem', issue 19 §2): a ride (or PV lesson) or a theory lesson. */
export const DISPUTE_RECORD_KINDS = ['RIDE', 'LESSON'] as const;
export type DisputeRecordKind = (typeof DISPUTE_RECORD_KINDS)[number];
/** A dispute's state as both sides see it on the record. */
export const DISPUTE_STATE_LABELS = { OPEN: 'Rozporováno', RESOLVED: 'Vyřešeno' } as const;

/** The page a user lands on after login (user settings). */
export const LANDING_PAGES = ['home', 'calendar', 'trainings', 'exams', 'payments', 'reporting'] as const;
export type LandingPage = (typeof LANDING_PAGES)[number];
export const LANDING_PAGE_LABELS: Record<LandingPage, string> = {
  home: 'Přehled',
  calendar: 'Kalendář',
  trainings: 'Výcviky',
  exams: 'Zkoušky',
  payments: 'Platby',
  reporting: 'Hlášenky',
};

/** The calendar's view a user starts in (user settings). */
export const CALENDAR_VIEWS = ['day', 'week', 'month'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
export const CALENDAR_VIEW_LABELS: Record<CalendarView, string> = { day: 'Den', week: 'Týden', month: 'Měsíc' };

/** An application sent through a school's public form: waiting, admitted (a student) or rejected. */
export const APPLICATION_STATUSES = ['PENDING', 'ADMITTED', 'REJECTED'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = { PENDING: 'Čeká na přijetí', ADMITTED: 'Přijat', REJECTED: 'Zamítnut' };

/** A school's request for another tier, until the operator settles it. */
export const TIER_UPGRADE_STATUSES = ['PENDING', 'DONE', 'CANCELLED'] as const;
export type TierUpgradeStatus = (typeof TIER_UPGRADE_STATUSES)[number];

export const TAG_ENTITY_TYPES = ['STUDENT'] as const;
export type TagEntityType = (typeof TAG_ENTITY_TYPES)[number];

export const CZECH_CITIZENSHIP = 'Česká republika';

/** What an e-mail link of a user is for: confirming the address, or resetting the password. */
export const EMAIL_TOKEN_KINDS = ['CONFIRM', 'RESET'] as const;
export type EmailTokenKind = (typeof EMAIL_TOKEN_KINDS)[number];

/** The kinds of mail in the outbox (each with its own hourly limit per recipient). */
export const MAIL_KINDS = [
  'CONFIRM',
  'RESET',
  'INVITE',
  'CONTACT',
  'ACCOUNT_EXISTS',
  'STUDENT_PASS',
  /** A staff notification that the user asked to get by e-mail too (user settings). */
  'NOTIFICATION',
  /** To an applicant: the application was received, or rejected. */
  'APPLICATION',
  /** To the operator: a school asks for another tier. */
  'TIER_UPGRADE',
  /** To a student: the office gave access to 'Můj výcvik' (issue 19 §1). */
  'STUDENT_INVITE',
  /** To a student: the single-use sign-in link of /zak. */
  'STUDENT_LOGIN',
  /** Issue 19 §4: a student's ride reminder, a teacher's morning agenda, the office's end-of-day list. */
  'REMINDER',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

// ——— teaching and training (spec §3, §4, §9) ———

/** The timed items of training (spec §3 driving lessons record), and the car reservation the calendar also holds. */
export const LESSON_KINDS = ['DRIVING', 'PV_UV', 'PV_ZP'] as const;
export type LessonKind = (typeof LESSON_KINDS)[number];
export const CALENDAR_EVENT_TYPES = [...LESSON_KINDS, 'CAR_RESERVATION'] as const;
export type CalendarEventType = (typeof CALENDAR_EVENT_TYPES)[number];
export const CALENDAR_EVENT_TYPE_LABELS: Record<CalendarEventType, string> = {
  DRIVING: 'Jízda',
  PV_UV: 'PV-ÚV',
  PV_ZP: 'PV-ZP',
  CAR_RESERVATION: 'Blokace vozidla',
};
/** The tables of the Výcvik tab (spec §9 labels). */
export const LESSON_KIND_TABLE_LABELS: Record<LessonKind, string> = { DRIVING: 'Jízdy', PV_UV: 'PV-ÚV', PV_ZP: 'PV-ZP' };

export const LESSON_STATES = ['SCHEDULED', 'COMPLETED', 'CANCELLED_BY_STUDENT', 'CANCELLED_BY_TEACHER'] as const;
export type LessonState = (typeof LESSON_STATES)[number];
export const LESSON_STATE_LABELS: Record<LessonState, string> = {
  SCHEDULED: 'Naplánováno',
  COMPLETED: 'Absolvována',
  CANCELLED_BY_STUDENT: 'Zrušena žákem',
  CANCELLED_BY_TEACHER: 'Zrušena autoškolou',
};
/** States that hold the teacher and the car (a cancelled ride frees both). */
export const BOOKING_STATES = ['SCHEDULED', 'COMPLETED'] as const satisfies readonly LessonState[];
export const isCancelled = (state: LessonState) => state === 'CANCELLED_BY_STUDENT' || state === 'CANCELLED_BY_TEACHER';

/** Theory sections of the Výuka tab, in the spec's order (§2, §9). */
export const TEACHING_SECTIONS = ['TZBJ', 'PPV', 'OUV', 'ZP', 'OP', 'PV_UV', 'PV_ZP'] as const;
export type TeachingSection = (typeof TEACHING_SECTIONS)[number];
export const TEACHING_SECTION_LABELS: Record<TeachingSection, string> = {
  TZBJ: 'TZBJ',
  PPV: 'PPV',
  OUV: 'OUV',
  ZP: 'ZP',
  OP: 'OP',
  PV_UV: 'PV-UV',
  PV_ZP: 'PV-ZP',
};

/** Which default teacher of a student (spec §7 studentDefaultTeacher): the Výuka one or the Výcvik one. */
export const DEFAULT_TEACHER_TYPES = ['TEACHING', 'TRAINING'] as const;
export type DefaultTeacherType = (typeof DEFAULT_TEACHER_TYPES)[number];

/** Driving lesson lengths offered in the form (spec §9); 90 by default. Training counts in 45-minute units (legal-cz §3). */
export const DRIVING_LENGTHS = [45, 60, 90, 120] as const;
export const DEFAULT_DRIVING_LENGTH = 90;
export const LESSON_UNIT_MINUTES = 45;
/** PV lessons end one hour after they start (spec §9). */
export const PV_LENGTH_MINUTES = 60;
/** The reserved 'not chosen' value of a select (spec §5), sent as no value. */
export const EMPTY_SELECT = '__empty';

/** How a payment was made (issue 9 Platba). */
export const PAYMENT_METHODS = ['CASH', 'CARD', 'TRANSFER'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  CASH: 'Hotově',
  CARD: 'Kartou',
  TRANSFER: 'Převodem',
};

/** Exam types (spec §3). */
export const EXAM_TYPES = ['PPV', 'OUV', 'TZBJ', 'ZP', 'OP'] as const;
export type ExamType = (typeof EXAM_TYPES)[number];
/** Exam results (spec §3) with their labels. */
export const EXAM_RESULTS = ['SUCCESS', 'FAIL', 'DID_NOT_TAKE_PLACE'] as const;
export type ExamResult = (typeof EXAM_RESULTS)[number];
export const EXAM_RESULT_LABELS: Record<ExamResult, string> = {
  SUCCESS: 'Prospěl',
  FAIL: 'Neprospěl',
  DID_NOT_TAKE_PLACE: 'Nekonalo se',
};

/** Extras of the school's price list beyond the course (issue 9), charged to a student on tab 4 Platba. */
export const PRICE_EXTRAS = ['EXTRA_RIDE', 'PV_LESSON', 'EXTRA_LESSON', 'EXAM_REPEAT', 'ADMIN_FEE', 'LATE_CANCELLATION', 'OTHER'] as const;
export type PriceExtra = (typeof PRICE_EXTRAS)[number];
export const PRICE_EXTRA_LABELS: Record<PriceExtra, string> = {
  EXTRA_RIDE: 'Kondiční jízda (45 min)',
  PV_LESSON: 'Praktická údržba vozidla (45 min)',
  EXTRA_LESSON: 'Doplňovací výuka (45 min)',
  EXAM_REPEAT: 'Opravná zkouška',
  ADMIN_FEE: 'Administrativní poplatek',
  LATE_CANCELLATION: 'Pozdní zrušení jízdy',
  OTHER: 'Jiná položka',
};

/** Documents of the invoice series (issue 9): an invoice, a receipt for a payment, a credit note to a cancelled one. */
export const INVOICE_KINDS = ['INVOICE', 'RECEIPT', 'CREDIT_NOTE'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = {
  INVOICE: 'Faktura',
  RECEIPT: 'Příjmový doklad',
  CREDIT_NOTE: 'Opravný doklad',
};

/** Whether the supplier is a VAT payer; a non-payer's documents carry no VAT. */
export const VAT_MODES = ['NON_PAYER', 'PAYER'] as const;
export type VatMode = (typeof VAT_MODES)[number];
export const VAT_MODE_LABELS: Record<VatMode, string> = {
  NON_PAYER: 'Neplátce DPH',
  PAYER: 'Plátce DPH',
};
/** Czech VAT rates since 2024 (per cent). */
export const VAT_RATES = [21, 12, 0] as const;
export type VatRate = (typeof VAT_RATES)[number];

/** Kinds of generated PDF documents (spec §3 PDF file message `type`; the last two are the decree's, legal-cz §6). */
export const PDF_KINDS = [
  'REPORT',
  'INVOICE',
  'EXAM',
  'REPORT_VEHICLE_DRIVING_TRAINING',
  'REPORT_CLASS_BOOK',
  'REGISTER_BOOK',
  'PARTIAL_COMPLETION',
  'COURSE_CLASS_BOOK',
] as const;
export type PdfKind = (typeof PDF_KINDS)[number];
export const PDF_KIND_LABELS: Record<PdfKind, string> = {
  REPORT: 'Hlášenka',
  INVOICE: 'Faktura / doklad',
  EXAM: 'Přihláška ke zkoušce',
  REPORT_VEHICLE_DRIVING_TRAINING: 'Evidence o výcviku v řízení vozidla',
  REPORT_CLASS_BOOK: 'Třídní kniha',
  REGISTER_BOOK: 'Evidenční kniha',
  PARTIAL_COMPLETION: 'Potvrzení o částečném absolvování',
  COURSE_CLASS_BOOK: 'Třídní kniha kurzu',
};
/**
 * 'Hlášenka je připravena', 'Potvrzení … je připraveno': each label's predicate in its grammatical gender (issue 17);
 * 'Faktura / doklad' agrees with its nearest word, 'doklad'.
 */
export const PDF_KIND_READY: Record<PdfKind, string> = {
  REPORT: 'je připravena',
  INVOICE: 'je připraven',
  EXAM: 'je připravena',
  REPORT_VEHICLE_DRIVING_TRAINING: 'je připravena',
  REPORT_CLASS_BOOK: 'je připravena',
  REGISTER_BOOK: 'je připravena',
  PARTIAL_COMPLETION: 'je připraveno',
  COURSE_CLASS_BOOK: 'je připravena',
};
/** A PDF job's status (spec §3): NEW → PROCESSING → DONE | ERROR. */
export const PDF_STATUSES = ['NEW', 'PROCESSING', 'DONE', 'ERROR'] as const;
export type PdfStatus = (typeof PDF_STATUSES)[number];
export const PDF_STATUS_LABELS: Record<PdfStatus, string> = {
  NEW: 'Čeká',
  PROCESSING: 'Zpracovává se',
  DONE: 'Hotovo',
  ERROR: 'Chyba',
};

/** Whom a student may book a ride with (Nastavení → 'Rezervace jízd'): their default training teacher, or any teacher. */
export const BOOKING_TEACHER_CHOICES = ['DEFAULT_TEACHER', 'ANY_TEACHER'] as const;
export type BookingTeacherChoice = (typeof BOOKING_TEACHER_CHOICES)[number];
