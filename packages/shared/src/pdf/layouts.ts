// The layout model of each document (issue 10): what the form says and in which order — the labelled field grid,
// the section titles, the table columns and their formatted cells, the conditional texts — as plain data from the
// view-model. Both renderers map it to their medium: the PDF (apps/server/src/features/<feature>/<feature>.pdf.ts, widths and
// styles) and the print route (apps/web/src/features/print/<kind>-print.tsx, CSS). Signatures and other
// medium-specific pieces stay in the renderers.
import { PAYMENT_METHOD_LABELS, STUDENT_STATE_LABELS, type TeachingSection, TRAINING_KIND_LABELS, TRAINING_TYPE_LABELS } from '../enums.ts';
import { formatDate, formatMoney, formatTime, fullName, groupsText, pluralCs } from '../format.ts';
import {
  type ClassBookVm,
  type DrivingRecordVm,
  type ExamApplicationVm,
  type PartialCompletionVm,
  PRACTICAL_NAMES,
  SECTION_NAMES,
  formatHours,
  formatKm,
  teachingHours,
  type InvoicePartyVm,
  type InvoiceVm,
  examPartsText,
  type RegisterBookVm,
  type ReportVm,
  registerExamsText,
  SECTION_SHORT,
  type SchoolVm,
  type StudentVm,
  surnameFirst,
  TRAINING_COMPLETED_STATEMENT,
} from './view-models.ts';

export interface LayoutField {
  label: string;
  /** Empty or missing leaves the box empty (to be written in by hand). */
  value: string | null | undefined;
  /** Columns of the grid this field spans (default 1). */
  span?: number;
}

export interface FieldGridLayout {
  fields: LayoutField[];
  columns: number;
}

export interface LayoutColumn {
  header: string;
  /** Numbers right-aligned, signatures centred. */
  align?: 'right' | 'center';
  /** The cell is emphasised (the applicant's name). */
  strong?: boolean;
}

export interface TableLayout {
  columns: LayoutColumn[];
  rows: (string | null)[][];
  /** Printed instead of the table when there are no rows (null: the table, even empty). */
  empty: string | null;
  /** The totals row under the table. */
  totals?: string[];
}

/** A form of the list kind: the field grid, one titled table of applicants, an optional statement under it. */
export interface ListLayout {
  grid: FieldGridLayout;
  section: string;
  table: TableLayout;
  statement?: string;
}

/** The school block every form starts with: name, number, address, operator, office. */
export function schoolFields(school: SchoolVm, o: { withOffice?: boolean } = {}): LayoutField[] {
  const operator = school.operator
    ? [school.operator.name, school.operator.companyNumber ? `IČO ${school.operator.companyNumber}` : null, school.operator.address].filter(Boolean).join(', ')
    : null;
  return [
    { label: 'Autoškola', value: school.name, span: 2 },
    { label: 'Číslo registrace autoškoly', value: school.number },
    { label: 'Adresa provozovny', value: school.address, span: 2 },
    { label: 'Kontakt', value: [school.phone, school.email].filter(Boolean).join(', ') },
    { label: 'Provozovatel', value: operator, span: 3 },
    ...(o.withOffice
      ? [
          { label: 'Obecní úřad obce s rozšířenou působností', value: school.office, span: 2 },
          { label: 'Číslo pro Magistrát hl. m. Prahy', value: school.numberPrague },
        ]
      : []),
  ];
}

const NUMBER: LayoutColumn = { header: 'Č.', align: 'right' };
const NAME: LayoutColumn = { header: 'Příjmení a jméno, titul', strong: true };
/** The columns every list of applicants starts with, and their cells. */
const APPLICANT_COLUMNS: LayoutColumn[] = [NUMBER, { header: 'Ev. č.' }, NAME, { header: 'Datum narození' }, { header: 'Adresa pobytu' }];
const applicantCells = (s: StudentVm, i: number) => [String(i + 1), s.registrationNumber, surnameFirst(s), formatDate(s.birthDate), s.address];

/** 1. Hlášenka. */
export function reportLayout(vm: ReportVm): ListLayout {
  return {
    grid: {
      columns: 3,
      fields: [
        ...schoolFields(vm.school, { withOffice: true }),
        { label: 'Datum zahájení výuky a výcviku', value: formatDate(vm.date) },
        { label: 'Počet žadatelů', value: String(vm.students.length) },
        { label: 'Datum odeslání', value: vm.sentAt ? formatDate(vm.sentAt) : null },
      ],
    },
    section: 'Žadatelé',
    table: {
      empty: 'Na hlášence není žádný žadatel.',
      columns: [...APPLICANT_COLUMNS, { header: 'Skupina' }, { header: 'Druh výuky a výcviku' }, { header: 'Zahájení' }],
      rows: vm.students.map((s, i) => [
        ...applicantCells(s, i),
        groupsText(s.groups),
        `${TRAINING_KIND_LABELS[s.trainingKind]}${s.trainingType === 'COURSE' ? '' : `, ${TRAINING_TYPE_LABELS[s.trainingType]}`}`,
        formatDate(s.startedOn ?? vm.date),
      ]),
    },
  };
}

/** 4. Přihláška ke zkoušce. */
export function examApplicationLayout(vm: ExamApplicationVm): ListLayout {
  return {
    grid: {
      columns: 3,
      fields: [
        ...schoolFields(vm.school, { withOffice: true }),
        { label: 'Termín zkoušky', value: formatDate(vm.exam.date) },
        { label: 'Místo konání', value: vm.exam.place },
        { label: 'Druhy zkoušky', value: vm.exam.types.map((t) => SECTION_SHORT[t]).join(', ') },
        { label: 'Poznámka', value: vm.exam.note, span: 2 },
        { label: 'Počet žadatelů', value: String(vm.students.length) },
      ],
    },
    section: 'Přihlášení žadatelé',
    table: {
      empty: 'Na termín zatím není přihlášen žádný žadatel.',
      columns: [...APPLICANT_COLUMNS, { header: 'Druh výcviku' }, { header: 'Skupina a části zkoušky' }, { header: 'Ukončení výcviku' }],
      rows: vm.students.map((s, i) => [...applicantCells(s, i), TRAINING_KIND_LABELS[s.trainingKind], examPartsText(s.parts), formatDate(s.finishedOn)]),
    },
    // Only for applicants who met the legal minimum on the document's day (issue 17).
    statement: vm.trainingCompleted && vm.students.length > 0 ? TRAINING_COMPLETED_STATEMENT : undefined,
  };
}

/** 6. Evidenční kniha. */
export function registerBookLayout(vm: RegisterBookVm): ListLayout {
  return {
    grid: {
      columns: 3,
      fields: [
        ...schoolFields(vm.school),
        { label: 'Období', value: `${formatDate(vm.from)} – ${formatDate(vm.to)}`, span: 2 },
        { label: 'Počet žadatelů', value: String(vm.rows.length) },
      ],
    },
    section: 'Žadatelé',
    table: {
      empty: 'V tomto období nebyl přijat žádný žadatel.',
      columns: [
        ...APPLICANT_COLUMNS,
        { header: 'Skupina' },
        { header: 'Druh výuky a výcviku' },
        { header: 'Přijat' },
        { header: 'Zahájení' },
        { header: 'Ukončení' },
        { header: 'Stav' },
        { header: 'Zkoušky' },
      ],
      rows: vm.rows.map((r, i) => [
        ...applicantCells(r, i),
        groupsText(r.groups),
        `${TRAINING_KIND_LABELS[r.trainingKind]}${r.trainingType === 'COURSE' ? '' : `, ${TRAINING_TYPE_LABELS[r.trainingType].split(' ')[0]}`}`,
        formatDate(r.admittedOn),
        formatDate(r.startedOn),
        formatDate(r.finishedOn),
        r.removedOn
          ? `Vyřazen z evidence ${formatDate(r.removedOn)}`
          : r.earlyEndReason
            ? `${STUDENT_STATE_LABELS[r.state]} – ukončen předčasně (${r.earlyEndReason})`
            : STUDENT_STATE_LABELS[r.state],
        registerExamsText(r.exams),
      ]),
    },
  };
}

/** Kilometres the tachometer moved on a ride (0 when not both readings or they go backwards). */
export const distance = (r: { tachometerBefore: number | null; tachometerAfter: number | null }) =>
  r.tachometerBefore !== null && r.tachometerAfter !== null && r.tachometerAfter >= r.tachometerBefore ? r.tachometerAfter - r.tachometerBefore : 0;

const rideCount = (n: number) => `${n} ${pluralCs(n, ['jízda', 'jízdy', 'jízd'])}`;
/** The word after formatHours(minutes): '1 hodina', '2 hodiny', '5 hodin', '1,5 hodiny'. */
export const hoursWord = (minutes: number) => pluralCs(teachingHours(minutes), ['hodina', 'hodiny', 'hodin', 'hodiny']);
const km = (n: number | null) => (n === null ? '' : formatKm(n));

/** 'B, B+E' with a dash for none. */
export const orDash = (text: string | null | undefined) => (text?.trim() ? text : '–');

export interface DrivingRecordLayout {
  grid: FieldGridLayout;
  /** The heading printed instead of the sections when there is no ride. */
  empty: string | null;
  /**
   * One per vehicle: the title and the rides. The last two columns are the signatures: their cells are left to the
   * renderer (the row's ride is `vm.vehicles[section].rides[row]`), the rows carry only the text cells before them.
   */
  sections: { title: string; table: TableLayout }[];
  total: { label: string; text: string };
}

/** 2. Evidence o výcviku v řízení vozidla. */
export function drivingRecordLayout(vm: DrivingRecordVm): DrivingRecordLayout {
  const s = vm.student;
  return {
    grid: {
      columns: 4,
      fields: [
        { label: 'Autoškola', value: vm.school.name, span: 2 },
        { label: 'Číslo registrace autoškoly', value: vm.school.number },
        { label: 'Zahájení výcviku', value: formatDate(s.startedOn) },
        { label: 'Adresa provozovny', value: vm.school.address, span: 2 },
        { label: 'Žadatel', value: fullName(s), span: 2 },
        { label: 'Evidenční číslo žadatele', value: s.registrationNumber },
        { label: 'Datum narození', value: formatDate(s.birthDate) },
        { label: 'Skupina řidičského oprávnění', value: groupsText(s.groups) },
        { label: 'Druh výcviku', value: TRAINING_KIND_LABELS[s.trainingKind] },
        { label: 'Adresa žadatele', value: s.address, span: 3 },
        { label: 'Ukončení výcviku', value: formatDate(s.finishedOn) },
      ],
    },
    empty: vm.vehicles.length === 0 ? 'Žadatel zatím nemá žádnou zapsanou jízdu.' : null,
    sections: vm.vehicles.map((v) => ({
      title: v.vehicle ? `Vozidlo: ${v.vehicle.brand}, RZ ${v.vehicle.plate}` : 'Jízdy bez zapsaného vozidla',
      table: {
        empty: null,
        columns: [
          NUMBER,
          { header: 'Datum' },
          { header: 'Od–do' },
          { header: 'Hodin (45 min)', align: 'right' },
          { header: 'Tachometr před (km)', align: 'right' },
          { header: 'Tachometr po (km)', align: 'right' },
          { header: 'Ujeto (km)', align: 'right' },
          { header: 'Učitel' },
          { header: 'Podpis žadatele', align: 'center' },
          { header: 'Podpis učitele', align: 'center' },
        ],
        rows: v.rides.map((r, i) => [
          String(i + 1),
          formatDate(r.start),
          `${formatTime(r.start)}–${formatTime(r.end)}`,
          formatHours(r.minutes),
          km(r.tachometerBefore),
          km(r.tachometerAfter),
          km(distance(r)),
          orDash(r.teacher),
        ]),
        totals: ['', 'Celkem', rideCount(v.rides.length), formatHours(v.minutes), '', '', formatKm(v.km), '', '', ''],
      },
    })),
    total: {
      label: 'Celkem: ',
      text: `${rideCount(vm.totals.rides)}, ${formatHours(vm.totals.minutes)} ${hoursWord(vm.totals.minutes)} výcviku v řízení (po 45 minutách), ujeto ${formatKm(vm.totals.km)} km`,
    },
  };
}

/** A period of days: one day, 'from – to', or a dash when none. */
export const period = (first: string | null, last: string | null) =>
  first ? (first === last ? formatDate(first) : `${formatDate(first)} – ${formatDate(last)}`) : '–';

export interface PartialCompletionLayout {
  school: FieldGridLayout;
  intro: string;
  student: FieldGridLayout;
  theory: { title: string; table: TableLayout };
  practical: { title: string; table: TableLayout };
  /** One block per previous school (issue 22 §4): 'Z předchozí autoškoly: <name>'. */
  prior: { title: string; table: TableLayout }[];
  note: string;
  /** The fingerprint of the key that signs the machine-readable record going with the certificate, or null. */
  keyLine: string | null;
}

/** 7. Potvrzení o částečném absolvování. */
export function partialCompletionLayout(vm: PartialCompletionVm): PartialCompletionLayout {
  const s = vm.student;
  return {
    school: { fields: schoolFields(vm.school), columns: 3 },
    intro: 'Autoškola potvrzuje, že níže uvedený žadatel absolvoval v autoškole část výuky a výcviku v tomto rozsahu:',
    student: {
      columns: 3,
      fields: [
        { label: 'Žadatel (jméno, příjmení, titul)', value: fullName(s), span: 2 },
        { label: 'Evidenční číslo žadatele', value: s.registrationNumber },
        { label: 'Datum narození', value: formatDate(s.birthDate) },
        { label: 'Adresa pobytu', value: s.address, span: 2 },
        { label: 'Skupina řidičského oprávnění', value: groupsText(s.groups) },
        { label: 'Druh výuky a výcviku', value: `${TRAINING_KIND_LABELS[s.trainingKind]} · ${TRAINING_TYPE_LABELS[s.trainingType]}` },
        { label: 'Zahájení výuky a výcviku', value: formatDate(s.startedOn) },
        {
          label: 'Ukončení výuky a výcviku',
          value: s.earlyEndReason ? `${formatDate(s.finishedOn)} – předčasně (${s.earlyEndReason})` : formatDate(s.finishedOn),
        },
      ],
    },
    theory: {
      title: 'Výuka',
      table: {
        empty: 'Žadatel neabsolvoval žádnou výuku.',
        columns: [{ header: 'Předmět' }, { header: 'Odučeno hodin', align: 'right' }, { header: 'Z plánu hodin', align: 'right' }, { header: 'Období' }],
        rows: vm.theory.map((t) => [`${SECTION_SHORT[t.section]} – ${SECTION_NAMES[t.section]}`, String(t.done), String(t.planned), period(t.first, t.last)]),
        totals: ['Celkem', String(vm.theory.reduce((n, t) => n + t.done, 0)), String(vm.theory.reduce((n, t) => n + t.planned, 0)), ''],
      },
    },
    practical: {
      title: 'Výcvik',
      table: {
        empty: 'Žadatel neabsolvoval žádný výcvik.',
        columns: [
          { header: 'Druh výcviku' },
          { header: 'Lekcí', align: 'right' },
          { header: 'Hodin (45 min)', align: 'right' },
          { header: 'Z plánu hodin', align: 'right' },
          { header: 'Období' },
        ],
        rows: vm.practical.map((p) => [PRACTICAL_NAMES[p.kind], String(p.lessons), formatHours(p.minutes), String(p.planned), period(p.first, p.last)]),
      },
    },
    prior: (vm.prior ?? []).map((p) => ({
      title: `Z předchozí autoškoly: ${p.school}${p.companyNumber ? ` (IČO ${p.companyNumber})` : ''}`,
      table: {
        empty: 'Záznam předchozí autoškoly neobsahuje žádné hodiny.',
        columns: [{ header: 'Předmět / druh výcviku' }, { header: 'Lekcí výuky', align: 'right' }, { header: 'Hodin výcviku (45 min)', align: 'right' }],
        rows: [
          ...p.theory.map((t) => [`${SECTION_SHORT[t.section]} – ${SECTION_NAMES[t.section]}`, String(t.lessons), '']),
          ...p.practical.map((r) => [PRACTICAL_NAMES[r.kind], '', formatHours(r.minutes)]),
        ],
      },
    })),
    note: 'Hodinou se rozumí vyučovací hodina v délce 45 minut. Potvrzení slouží k pokračování ve výuce a výcviku v jiné autoškole.',
    keyLine: vm.keyFingerprint ? `Elektronický záznam o převodu (volant.transfer/1) je podepsán klíčem autoškoly s otiskem ${vm.keyFingerprint}.` : null,
  };
}

export interface ClassBookLayout {
  grid: FieldGridLayout;
  students: { title: string; table: TableLayout };
  /** Only when some applicant has an interpreter. */
  interpreters: { title: string; table: TableLayout } | null;
  hours: { title: string; table: TableLayout };
}

const attendedTotal = (a: Partial<Record<TeachingSection, number>>) => Object.values(a).reduce((s, n) => s + (n ?? 0), 0);

/** 3. Třídní kniha. The last column of the hours is the teacher's signature, left blank to sign by hand. */
export function classBookLayout(vm: ClassBookVm): ClassBookLayout {
  const c = vm.course;
  const planned = c.scope.reduce((s, x) => s + x.lessons, 0);
  const interpreted = vm.students.filter((s) => s.interpreter);
  const interpreters = [...new Map(interpreted.map((s) => [`${s.interpreter?.name}|${s.interpreter?.birthDate}`, s.interpreter])).values()];
  return {
    grid: {
      columns: 3,
      fields: [
        ...schoolFields(vm.school),
        { label: 'Druh výuky a výcviku', value: `${TRAINING_KIND_LABELS[c.trainingKind]} · ${TRAINING_TYPE_LABELS[c.trainingType]}` },
        { label: 'Skupina řidičského oprávnění', value: groupsText(c.groups) },
        { label: 'Zahájení výuky', value: formatDate(c.startDate) },
        {
          label: 'Rozsah výuky (vyučovacích hodin po 45 minutách)',
          value: c.scope.length ? `${c.scope.map((s) => `${SECTION_SHORT[s.section]} ${s.lessons}`).join(', ')} · celkem ${planned}` : null,
          span: 2,
        },
        { label: 'Počet žadatelů v kurzu', value: String(vm.students.length) },
      ],
    },
    students: {
      title: 'Žadatelé',
      table: {
        empty: null,
        columns: [
          NUMBER,
          { header: 'Ev. č.' },
          NAME,
          { header: 'Datum narození' },
          { header: 'Držené skupiny' },
          { header: 'Žádá o skupinu' },
          ...c.scope.map((s): LayoutColumn => ({ header: SECTION_SHORT[s.section], align: 'right' })),
          { header: 'Celkem', align: 'right' },
          { header: 'Tlumočník' },
        ],
        rows: vm.students.map((s, i) => [
          String(i + 1),
          s.registrationNumber,
          surnameFirst(s),
          formatDate(s.birthDate),
          orDash(groupsText(s.currentGroups)),
          groupsText(s.groups),
          ...c.scope.map((x) => `${s.attended[x.section] ?? 0}/${x.lessons}`),
          `${attendedTotal(s.attended)}/${planned}`,
          s.interpreter?.name ?? '–',
        ]),
      },
    },
    interpreters: interpreted.length
      ? {
          title: 'Tlumočníci',
          table: {
            empty: null,
            columns: [
              { header: 'Tlumočník (příjmení a jméno, titul)', strong: true },
              { header: 'Datum narození' },
              { header: 'Adresa' },
              { header: 'Pro žadatele (ev. č.)' },
            ],
            rows: interpreters.map((it) => [
              it?.name ?? '',
              formatDate(it?.birthDate),
              it?.address ?? '',
              interpreted
                .filter((s) => s.interpreter?.name === it?.name && s.interpreter?.birthDate === it?.birthDate)
                .map((s) => s.registrationNumber)
                .join(', '),
            ]),
          },
        }
      : null,
    hours: {
      title: 'Průběh výuky',
      table: {
        empty: 'Zatím nebyla zapsána žádná vyučovací hodina.',
        columns: [
          NUMBER,
          { header: 'Datum' },
          { header: 'Předmět' },
          { header: 'Téma' },
          { header: 'Učitel' },
          { header: 'Přítomno', align: 'center' },
          { header: 'Nepřítomni (ev. č.)' },
          { header: 'Podpis učitele' },
        ],
        rows: vm.hours.map((h, i) => [
          String(i + 1),
          formatDate(h.date),
          `${SECTION_SHORT[h.section]} – ${SECTION_NAMES[h.section]}`,
          h.topic ?? '',
          orDash(h.teacher),
          `${h.present.length}/${h.present.length + h.absent.length}`,
          h.absent.length ? h.absent.join(', ') : '–',
          '',
        ]),
      },
    },
  };
}

export interface InvoiceLayout {
  /** The cancellation banner: the word in bold, then the day, the reason and the credit note. */
  cancelled: { label: string; text: string } | null;
  /** Supplier and customer: the title, the name (emphasised), then one line each. */
  parties: { title: string; name: string; lines: string[] }[];
  grid: FieldGridLayout;
  items: { title: string; table: TableLayout };
  /** The VAT summary, for a VAT payer with VAT rows. */
  vat: { title: string; table: TableLayout } | null;
  /** Beside the total: the VAT in it or the non-payer line; the total's label and amount (emphasised). */
  total: { note: string; label: string; amount: string };
  /** The QR Platba of a bank-transfer invoice to pay (issue 17): the SPAYD text and the lines beside the code. */
  qr: { payload: string; title: string; lines: string[] } | null;
  note: string | null;
  signature: string;
}

const partyLayout = (title: string, p: InvoicePartyVm, extra: string[] = []) => ({
  title,
  name: p.name,
  lines: [...(p.address ? [p.address] : []), ...(p.companyNumber ? [`IČO: ${p.companyNumber}`] : []), ...(p.vatId ? [`DIČ: ${p.vatId}`] : []), ...extra],
});

/** 'CZ65 0800 0000 1920 0014 5399': an IBAN as printed, in groups of four. */
const ibanGroups = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

/** 5. Faktura / doklad. */
export function invoiceLayout(vm: InvoiceVm): InvoiceLayout {
  const payer = vm.vatMode === 'PAYER';
  const transfer = vm.paymentMethod === 'TRANSFER';
  return {
    cancelled: vm.cancelled
      ? {
          label: 'STORNOVÁNO',
          text: `${vm.cancelled.at ? ` dne ${formatDate(vm.cancelled.at)}` : ''}${vm.cancelled.reason ? ` · důvod: ${vm.cancelled.reason}` : ''}${vm.creditNote ? ` · opravný doklad č. ${vm.creditNote}` : ''}`,
        }
      : null,
    parties: [
      partyLayout('Dodavatel', vm.supplier, payer ? [] : ['Neplátce DPH']),
      partyLayout('Odběratel', vm.customer, vm.student && vm.customer.name !== vm.student.name ? [`Žák: ${vm.student.name}`] : []),
    ],
    grid: {
      columns: 3,
      fields: [
        { label: 'Datum vystavení', value: formatDate(vm.issuedOn) },
        { label: 'Datum splatnosti', value: formatDate(vm.dueOn) },
        payer
          ? { label: 'Datum uskutečnění zdanitelného plnění', value: formatDate(vm.taxableOn) }
          : { label: 'Evidenční číslo žáka', value: vm.student?.registrationNumber ?? null },
        { label: 'Variabilní symbol', value: vm.variableSymbol },
        // A transfer names the account to pay to (and its IBAN when the account is written the Czech way).
        ...(transfer
          ? [
              { label: 'Způsob úhrady', value: PAYMENT_METHOD_LABELS[vm.paymentMethod] },
              { label: 'Bankovní účet', value: vm.bankAccount },
              ...(vm.iban && vm.iban !== vm.bankAccount?.replace(/\s/g, '') ? [{ label: 'IBAN', value: ibanGroups(vm.iban), span: 3 }] : []),
            ]
          : [{ label: 'Způsob úhrady', value: PAYMENT_METHOD_LABELS[vm.paymentMethod], span: 2 }]),
        ...(vm.creditNoteFor ? [{ label: 'Opravný doklad k dokladu', value: `č. ${vm.creditNoteFor}`, span: 3 }] : []),
      ],
    },
    items: {
      title: 'Položky',
      table: {
        empty: null,
        columns: [
          NUMBER,
          { header: 'Označení dodávky' },
          { header: 'Množství', align: 'right' },
          { header: payer ? 'Cena za jednotku s DPH' : 'Cena za jednotku', align: 'right' },
          ...(payer ? [{ header: 'DPH', align: 'right' as const }] : []),
          { header: 'Celkem', align: 'right' },
        ],
        rows: vm.lines.map((l, i) => [
          String(i + 1),
          l.text,
          String(l.quantity),
          formatMoney(l.unitPrice),
          ...(payer ? [`${l.vatRate} %`] : []),
          formatMoney(l.total),
        ]),
      },
    },
    vat:
      payer && vm.vatRows.length
        ? {
            title: 'Rekapitulace DPH',
            table: {
              empty: null,
              columns: [
                { header: 'Sazba', align: 'right' },
                { header: 'Základ', align: 'right' },
                { header: 'DPH', align: 'right' },
                { header: 'Celkem', align: 'right' },
              ],
              rows: vm.vatRows.map((r) => [`${r.rate} %`, formatMoney(r.base), formatMoney(r.vat), formatMoney(r.gross)]),
            },
          }
        : null,
    total: {
      note: payer ? `z toho DPH ${formatMoney(vm.totalVat)}` : 'Dodavatel není plátcem DPH.',
      label: vm.invoiceKind === 'RECEIPT' ? 'Přijato celkem: ' : 'Celkem k úhradě: ',
      amount: formatMoney(vm.total),
    },
    qr: vm.qrPayment
      ? {
          payload: vm.qrPayment,
          title: 'QR Platba',
          lines: [
            'Naskenujte v aplikaci své banky.',
            `Účet: ${vm.bankAccount ?? ''}`,
            `Částka: ${formatMoney(vm.total)}`,
            `Variabilní symbol: ${vm.variableSymbol}`,
          ],
        }
      : null,
    note: vm.note || null,
    signature: vm.invoiceKind === 'RECEIPT' ? 'Přijal (razítko a podpis)' : 'Vystavil (razítko a podpis)',
  };
}
