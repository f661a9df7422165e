// The layout model of each document (issue 10): what the form says and in which order — the labelled field grid,
// the section titles, the table columns and their formatted cells, the conditional texts — as plain data from the
// view-model. Both renderers map it to their medium: the PDF (apps/server/src/pdf/documents/<kind>.ts, widths and
// styles) and the print route (apps/web/src/features/print/<kind>-print.tsx, CSS). Signatures and other
// medium-specific pieces stay in the renderers.
import { STUDENT_STATE_LABELS, TRAINING_KIND_LABELS, TRAINING_TYPE_LABELS } from '../enums.ts';
import { formatDate, groupsText } from '../format.ts';
import {
  type ExamApplicationVm,
  examPartsText,
  type RegisterBookVm,
  type ReportVm,
  registerExamsText,
  SECTION_SHORT,
  type SchoolVm,
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
  /** Numbers, right-aligned. */
  align?: 'right';
  /** The cell is emphasised (the applicant's name). */
  strong?: boolean;
}

export interface TableLayout {
  columns: LayoutColumn[];
  rows: (string | null)[][];
  /** Printed instead of the table when there are no rows. */
  empty: string;
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
      columns: [
        NUMBER,
        { header: 'Ev. č.' },
        NAME,
        { header: 'Datum narození' },
        { header: 'Adresa pobytu' },
        { header: 'Skupina' },
        { header: 'Druh výuky a výcviku' },
        { header: 'Zahájení' },
      ],
      rows: vm.students.map((s, i) => [
        String(i + 1),
        s.registrationNumber,
        surnameFirst(s),
        formatDate(s.birthDate),
        s.address,
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
      columns: [
        NUMBER,
        { header: 'Ev. č.' },
        NAME,
        { header: 'Datum narození' },
        { header: 'Adresa pobytu' },
        { header: 'Druh výcviku' },
        { header: 'Skupina a části zkoušky' },
        { header: 'Ukončení výcviku' },
      ],
      rows: vm.students.map((s, i) => [
        String(i + 1),
        s.registrationNumber,
        surnameFirst(s),
        formatDate(s.birthDate),
        s.address,
        TRAINING_KIND_LABELS[s.trainingKind],
        examPartsText(s.parts),
        formatDate(s.finishedOn),
      ]),
    },
    statement: TRAINING_COMPLETED_STATEMENT,
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
        NUMBER,
        { header: 'Ev. č.' },
        NAME,
        { header: 'Datum narození' },
        { header: 'Adresa pobytu' },
        { header: 'Skupina' },
        { header: 'Druh výuky a výcviku' },
        { header: 'Přijat' },
        { header: 'Zahájení' },
        { header: 'Ukončení' },
        { header: 'Stav' },
        { header: 'Zkoušky' },
      ],
      rows: vm.rows.map((r, i) => [
        String(i + 1),
        r.registrationNumber,
        surnameFirst(r),
        formatDate(r.birthDate),
        r.address,
        groupsText(r.groups),
        `${TRAINING_KIND_LABELS[r.trainingKind]}${r.trainingType === 'COURSE' ? '' : `, ${TRAINING_TYPE_LABELS[r.trainingType].split(' ')[0]}`}`,
        formatDate(r.admittedOn),
        formatDate(r.startedOn),
        formatDate(r.finishedOn),
        r.removedOn ? `Vyřazen z evidence ${formatDate(r.removedOn)}` : STUDENT_STATE_LABELS[r.state],
        registerExamsText(r.exams),
      ]),
    },
  };
}
