// The typed view-model of each document (issue 10). The server builds one from the database (each feature's
// <feature>.pdf.ts, registered in apps/server/src/pdf/documents.ts) and renders it twice: as a PDF (pdfmake) and, on the print routes, as printable A4 HTML
// (apps/web/src/features/print/*). Plain JSON on purpose: calendar dates 'YYYY-MM-DD', instants as ISO strings,
// money in integer haléře, signatures as the stored SVG text (in the safe subset), enum values with their labels
// looked up by the renderers. Both renderers format with packages/shared/src/format.ts.
import {
  EXAM_RESULT_LABELS,
  INVOICE_KIND_LABELS,
  type ExamResult,
  type ExamType,
  type InvoiceKind,
  type LessonKind,
  type PaymentMethod,
  type StudentState,
  type TeachingSection,
  type TrainingKind,
  type TrainingType,
  type VatMode,
} from '../enums.ts';
import { formatDate, groupsText } from '../format.ts';
import type { VatRow } from '../invoice/totals.ts';

// ——— shared parts ———

/** The school as the header of every document prints it (legal-cz §7.1: name, number, address, operator). */
export interface SchoolVm {
  name: string;
  number: string;
  address: string;
  /** The place the school signs in (the address's city). */
  city: string;
  /** The municipal office (ORP) the school reports to, and the Prague number where it applies. */
  office: string;
  numberPrague: string | null;
  operator: { name: string; companyNumber: string | null; address: string | null } | null;
  phone: string | null;
  email: string | null;
}

/** A student as the documents name one. */
export interface StudentVm {
  id: string;
  registrationNumber: string;
  firstName: string;
  lastName: string;
  degree: string | null;
  birthDate: string;
  address: string;
  /** Groups applied for. */
  groups: string[];
  /** Groups already held. */
  currentGroups: string[];
  trainingKind: TrainingKind;
  trainingType: TrainingType;
  startedOn: string | null;
  finishedOn: string | null;
  /** Training ended short of the legal minimum ('Ukončit předčasně'), with the reason; null otherwise. */
  earlyEndReason: string | null;
}

/** Every view-model says when it was built (the school's calendar day), printed in the footer. */
interface Base {
  generatedOn: string;
}

// ——— 1. Hlášenka (REPORT, legal-cz §7.1) ———

export interface ReportVm extends Base {
  kind: 'REPORT';
  school: SchoolVm;
  reportId: string;
  /** The day training starts for the students on it. */
  date: string;
  sentAt: string | null;
  students: StudentVm[];
}

// ——— 2. Evidence o výcviku v řízení vozidla (REPORT_VEHICLE_DRIVING_TRAINING, decree §11) ———

export interface RideVm {
  id: string;
  start: string;
  end: string;
  minutes: number;
  tachometerBefore: number | null;
  tachometerAfter: number | null;
  teacher: string;
  /** SVG text (safe subset) or null when not signed. */
  signature: string | null;
  teacherSignature: string | null;
  note: string | null;
}

export interface VehicleSectionVm {
  /** null: rides without a vehicle. */
  vehicle: { brand: string; plate: string } | null;
  rides: RideVm[];
  minutes: number;
  km: number;
}

export interface DrivingRecordVm extends Base {
  kind: 'REPORT_VEHICLE_DRIVING_TRAINING';
  school: SchoolVm;
  student: StudentVm;
  vehicles: VehicleSectionVm[];
  totals: { rides: number; minutes: number; km: number };
}

// ——— 3. Třídní kniha (REPORT_CLASS_BOOK, decree §10) ———

export interface InterpreterVm {
  name: string;
  birthDate: string;
  address: string;
}

export interface ClassBookStudentVm extends StudentVm {
  interpreter: InterpreterVm | null;
  /** Lessons attended per section. */
  attended: Partial<Record<TeachingSection, number>>;
}

/** One teaching hour of the course: the lessons of the course's students with the same day, section, topic and teacher. */
export interface ClassBookHourVm {
  date: string;
  section: TeachingSection;
  topic: string | null;
  teacher: string;
  /** Registration numbers of the course's students present and absent. */
  present: string[];
  absent: string[];
}

export interface ClassBookVm extends Base {
  kind: 'REPORT_CLASS_BOOK';
  school: SchoolVm;
  /**
   * The course: the students on the same hlášenka as the subject student (they started together), or the student
   * alone when on none. Kind, type and groups are the subject student's.
   */
  course: {
    reportDate: string | null;
    startDate: string | null;
    trainingKind: TrainingKind;
    trainingType: TrainingType;
    groups: string[];
    /** Planned lessons per section (the subject student's lesson plan). */
    scope: { section: TeachingSection; lessons: number }[];
  };
  students: ClassBookStudentVm[];
  hours: ClassBookHourVm[];
}

// ——— 4. Přihláška ke zkoušce (EXAM, legal-cz §7.2) ———

export interface ExamApplicantVm extends StudentVm {
  /** Per group the parts the student is signed up for, with the attempt number. */
  parts: { group: string; type: ExamType; attempt: number; result: ExamResult | null }[];
}

export interface ExamApplicationVm extends Base {
  kind: 'EXAM';
  school: SchoolVm;
  exam: { id: string; date: string; place: string; types: ExamType[]; note: string | null };
  students: ExamApplicantVm[];
  /**
   * Whether every applicant met the legal minimum on the document's day (lesson-plan/legal-minimum): only then is the
   * completion statement printed. The server refuses to build the document otherwise; this keeps the renderers honest.
   */
  trainingCompleted: boolean;
}

// ——— 5. Faktura / doklad (INVOICE, issue 9) ———

export interface InvoicePartyVm {
  name: string;
  companyNumber: string | null;
  vatId: string | null;
  address: string | null;
}

export interface InvoiceVm extends Base {
  kind: 'INVOICE';
  invoiceKind: InvoiceKind;
  number: string;
  issuedOn: string;
  dueOn: string;
  taxableOn: string | null;
  variableSymbol: string;
  paymentMethod: PaymentMethod;
  bankAccount: string | null;
  /** The account's IBAN as copied at issue (issue 17). */
  iban: string | null;
  /** The QR Platba (SPAYD) text of a bank-transfer document with an amount to pay; null otherwise. */
  qrPayment: string | null;
  supplier: InvoicePartyVm;
  customer: InvoicePartyVm;
  student: { registrationNumber: string; name: string } | null;
  vatMode: VatMode;
  lines: { text: string; quantity: number; unitPrice: number; vatRate: number; total: number }[];
  total: number;
  totalVat: number;
  vatRows: VatRow[];
  note: string | null;
  cancelled: { at: string | null; reason: string | null } | null;
  /** A credit note names the document it cancels; a cancelled document names its credit note. */
  creditNoteFor: string | null;
  creditNote: string | null;
}

// ——— 6. Evidenční kniha (REGISTER_BOOK, decree §9) ———

export interface RegisterRowVm extends StudentVm {
  admittedOn: string;
  state: StudentState;
  removedOn: string | null;
  /** The latest sign-up per exam part and group. */
  exams: { group: string; type: ExamType; date: string; result: ExamResult | null; attempt: number }[];
}

export interface RegisterBookVm extends Base {
  kind: 'REGISTER_BOOK';
  school: SchoolVm;
  from: string;
  to: string;
  rows: RegisterRowVm[];
}

// ——— 7. Potvrzení o částečném absolvování výuky a výcviku (PARTIAL_COMPLETION, decree §13a) ———

export interface PartialCompletionVm extends Base {
  kind: 'PARTIAL_COMPLETION';
  school: SchoolVm;
  student: StudentVm;
  theory: { section: TeachingSection; planned: number; done: number; first: string | null; last: string | null }[];
  practical: { kind: LessonKind; planned: number; lessons: number; minutes: number; first: string | null; last: string | null }[];
  /**
   * Hours from previous schools' verified transfer records (issue 22 §4), each printed as 'Z předchozí autoškoly:
   * <name>', never among this school's own lessons and rides. Absent or empty: none.
   */
  prior?: PriorSchoolVm[];
  /** This school's key fingerprint for the signed record that goes with the certificate (null: no key yet). */
  keyFingerprint?: string | null;
}

/** One previous school's hours as its signed record showed them. */
export interface PriorSchoolVm {
  school: string;
  companyNumber: string | null;
  keyFingerprint: string;
  theory: { section: TeachingSection; lessons: number }[];
  practical: { kind: LessonKind; minutes: number }[];
}

export type DocumentVm = ReportVm | DrivingRecordVm | ClassBookVm | ExamApplicationVm | InvoiceVm | RegisterBookVm | PartialCompletionVm;

// ——— texts both renderers print ———

export const DOCUMENT_TITLES: Record<DocumentVm['kind'], string> = {
  REPORT: 'Seznam žadatelů zařazených do výuky a výcviku',
  REPORT_VEHICLE_DRIVING_TRAINING: 'Evidence o výcviku v řízení vozidla',
  REPORT_CLASS_BOOK: 'Třídní kniha',
  EXAM: 'Přihláška ke zkoušce',
  INVOICE: 'Faktura / doklad',
  REGISTER_BOOK: 'Evidenční kniha',
  PARTIAL_COMPLETION: 'Potvrzení o částečném absolvování výuky a výcviku',
};

/** 'Faktura – daňový doklad č. …', 'Příjmový doklad č. …', 'Opravný daňový doklad č. …' (a payer's are tax documents). */
export function invoiceTitle(vm: Pick<InvoiceVm, 'invoiceKind' | 'vatMode' | 'number'>): string {
  const payer = vm.vatMode === 'PAYER';
  const base =
    vm.invoiceKind === 'INVOICE'
      ? payer
        ? 'Faktura – daňový doklad'
        : 'Faktura'
      : vm.invoiceKind === 'CREDIT_NOTE' && payer
        ? 'Opravný daňový doklad'
        : INVOICE_KIND_LABELS[vm.invoiceKind];
  return `${base} č. ${vm.number}`;
}

/** The document's heading as printed. */
export const documentTitle = (vm: DocumentVm) => (vm.kind === 'INVOICE' ? invoiceTitle(vm) : DOCUMENT_TITLES[vm.kind]);

/** The line under the heading: the legal basis and the subject. */
export function documentSubtitle(vm: DocumentVm): string | undefined {
  switch (vm.kind) {
    case 'REPORT':
      return `Oznámení o zahájení výuky a výcviku podle § 25 odst. 1 zákona č. 247/2000 Sb. · zahájení ${formatDate(vm.date)}`;
    case 'REPORT_VEHICLE_DRIVING_TRAINING':
      return 'podle § 11 vyhlášky č. 167/2002 Sb. · záznamy o jízdách žadatele potvrzené podpisem žadatele a učitele';
    case 'REPORT_CLASS_BOOK':
      return `podle § 10 vyhlášky č. 167/2002 Sb.${vm.course.reportDate ? ` · kurz zahájený ${formatDate(vm.course.reportDate)} (žadatelé z hlášenky téhož dne)` : ''}`;
    case 'EXAM':
      return 'z odborné způsobilosti k řízení motorových vozidel podle zákona č. 247/2000 Sb. · seznam přihlášených žadatelů';
    case 'INVOICE':
      return vm.student ? `${vm.student.name} · ev. č. ${vm.student.registrationNumber}` : undefined;
    case 'REGISTER_BOOK':
      return `podle § 9 vyhlášky č. 167/2002 Sb. · žadatelé přijatí od ${formatDate(vm.from)} do ${formatDate(vm.to)}`;
    case 'PARTIAL_COMPLETION':
      return 'podle § 13a vyhlášky č. 167/2002 Sb.';
  }
}

/** Landscape for the wide tables; the invoice and the certificate are portrait. */
export const isLandscape = (kind: DocumentVm['kind']) => kind !== 'INVOICE' && kind !== 'PARTIAL_COMPLETION';

/** The subjects as the decree names them (legal-cz §3.2 mapping), for headings and the class book's rows. */
export const SECTION_NAMES: Record<TeachingSection, string> = {
  PPV: 'Předpisy o provozu vozidel',
  OUV: 'Ovládání a údržba vozidla',
  TZBJ: 'Teorie řízení a zásady bezpečné jízdy',
  ZP: 'Zdravotnická příprava',
  OP: 'Opakování a přezkoušení',
  PV_UV: 'Praktický výcvik údržby vozidla',
  PV_ZP: 'Praktický výcvik zdravotnické přípravy',
};
/** Short labels with Czech diacritics (PV-ÚV), for narrow columns. */
export const SECTION_SHORT: Record<TeachingSection, string> = {
  PPV: 'PPV',
  OUV: 'OÚV',
  TZBJ: 'TZBJ',
  ZP: 'ZP',
  OP: 'OP',
  PV_UV: 'PV-ÚV',
  PV_ZP: 'PV-ZP',
};
export const PRACTICAL_NAMES: Record<LessonKind, string> = {
  DRIVING: 'Výcvik v řízení vozidla',
  PV_UV: 'Praktický výcvik údržby vozidla',
  PV_ZP: 'Praktický výcvik zdravotnické přípravy',
};

/** legal-cz §7.2: the school's statement on the exam application. */
export const TRAINING_COMPLETED_STATEMENT =
  'Žadatel absolvoval výuku a výcvik v rozsahu stanoveném zákonem č. 247/2000 Sb. a prováděcí vyhláškou č. 167/2002 Sb. a byl z nich přezkoušen.';

/** An applicant's parts per group, one line each: 'B: PPV, ZP (2. pokus)'. */
export function examPartsText(parts: ExamApplicantVm['parts']): string {
  return [...new Set(parts.map((p) => p.group))]
    .map((g) => {
      const list = parts
        .filter((p) => p.group === g)
        .map((p) => `${SECTION_SHORT[p.type]}${p.attempt > 1 ? ` (${p.attempt}. pokus)` : ''}${p.result ? ` – ${EXAM_RESULT_LABELS[p.result]}` : ''}`);
      return `${groupsText([g])}: ${list.join(', ')}`;
    })
    .join('\n');
}

/** A register row's exams, one line each: 'B PPV: Prospěl 14.5.2026'; a part without a result yet is 'přihlášen'. */
export function registerExamsText(list: RegisterRowVm['exams']): string {
  return list
    .map(
      (e) =>
        `${groupsText([e.group])} ${SECTION_SHORT[e.type]}: ${e.result ? EXAM_RESULT_LABELS[e.result] : 'přihlášen'} ${formatDate(e.date)}${e.attempt > 1 ? ` (${e.attempt}. pokus)` : ''}`,
    )
    .join('\n');
}

/** Minutes in 45-minute teaching hours, to two decimals: 90 → 2, 60 → 1.33. */
export const teachingHours = (minutes: number) => Math.round((minutes / 45) * 100) / 100;

const hoursFmt = new Intl.NumberFormat('cs-CZ', { maximumFractionDigits: 2 });
/** '2', '1,33' */
export const formatHours = (minutes: number) => hoursFmt.format(teachingHours(minutes));

const kmFmt = new Intl.NumberFormat('cs-CZ', { maximumFractionDigits: 0 });
/** '12 345' (a thin no-break space as the Czech grouping, normalised to a plain no-break space). */
export const formatKm = (km: number) => kmFmt.format(km).replace(/\u202f/g, '\u00a0');

/** 'Dvořák Jan, Ing.': lists sorted by surname print it first. */
export const surnameFirst = (s: { firstName: string; lastName: string; degree?: string | null }) =>
  `${s.lastName} ${s.firstName}${s.degree ? `, ${s.degree}` : ''}`;

/** 'Lidická 12, 602 00 Brno' from the stored parts (a five-digit post code is printed as 602 00). */
export function addressLine(a: { street: string | null; streetCode: string | null; city: string | null; postCode: string | null }): string {
  const pc = a.postCode && /^\d{5}$/.test(a.postCode.replace(/\s/g, '')) ? a.postCode.replace(/\s/g, '').replace(/^(\d{3})(\d{2})$/, '$1 $2') : a.postCode;
  const street = [a.street, a.streetCode].filter(Boolean).join(' ');
  const city = [pc, a.city].filter(Boolean).join(' ');
  return [street, city].filter(Boolean).join(', ');
}
