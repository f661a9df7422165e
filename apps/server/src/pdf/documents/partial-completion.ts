// 7. Potvrzení o částečném absolvování výuky a výcviku (PARTIAL_COMPLETION, decree §13a): for a student who leaves
// part-way (moves to another school, stops): the theory lessons taught per subject and the practical training given
// (rides, PV-ÚV, PV-ZP) in 45-minute hours, with the dates, against the student's plan; the school's stamp and signature.
import type { DbOrTx } from '@volant/db/client';
import { LESSON_KINDS, LICENCE_GROUPS, type LicenceGroup, TEACHING_SECTIONS, TRAINING_KIND_LABELS, TRAINING_TYPE_LABELS } from '@volant/shared/enums';
import { formatDate, fullName, groupsText } from '@volant/shared/format';
import { studentPlan } from '@volant/shared/lesson-plan/law';
import {
  documentSubtitle,
  documentTitle,
  formatHours,
  type PartialCompletionVm,
  PRACTICAL_NAMES,
  SECTION_NAMES,
  SECTION_SHORT,
} from '@volant/shared/pdf/view-models';
import { schoolDateOf, schoolToday } from '@volant/shared/school-time';
import { findSchoolRaises } from '../../features/lesson-plan/lesson-plan.queries.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import type { PdfDocument } from '../document.ts';
import { fieldGrid, page, schoolFields, signatureLines, table } from '../layout.ts';
import { sumPractical, sumTheory } from './partial-completion.queries.ts';
import { getStudentVm, loadSchoolVm } from './school-and-student.queries.ts';

const isGroup = (g: string): g is LicenceGroup => (LICENCE_GROUPS as readonly string[]).includes(g);
const day = (v: Date | string | null) => (v === null ? null : schoolDateOf(new Date(v)));

async function load(db: DbOrTx, schoolId: SchoolId, subject: { entityId: string | null }, now: Date): Promise<PartialCompletionVm> {
  const student = await getStudentVm(db, schoolId, subject.entityId);
  const school = await loadSchoolVm(db, schoolId);
  const theory = await sumTheory(db, schoolId, student.id);
  const practical = await sumPractical(db, schoolId, student.id);
  const today = schoolToday(now);
  const plan = studentPlan(
    { groups: student.groups.filter(isGroup), kind: student.trainingKind, type: student.trainingType },
    await findSchoolRaises(db, schoolId),
    student.startedOn ?? today,
  ).items;
  return {
    kind: 'PARTIAL_COMPLETION',
    generatedOn: today,
    school,
    student,
    theory: TEACHING_SECTIONS.flatMap((section) => {
      const t = theory.find((x) => x.type === section);
      return t ? [{ section, planned: t.planned, done: t.done, first: t.first, last: t.last }] : [];
    }),
    practical: LESSON_KINDS.flatMap((kind) => {
      const p = practical.find((x) => x.type === kind);
      const planned = plan[kind].hours;
      if (!p && planned === 0) return [];
      return [{ kind, planned, lessons: p?.lessons ?? 0, minutes: p?.minutes ?? 0, first: day(p?.first ?? null), last: day(p?.last ?? null) }];
    }),
  };
}

const period = (first: string | null, last: string | null) =>
  first ? (first === last ? formatDate(first) : `${formatDate(first)} – ${formatDate(last)}`) : '–';

function render(vm: PartialCompletionVm) {
  const s = vm.student;
  const taught = vm.theory.reduce((n, t) => n + t.done, 0);
  const planned = vm.theory.reduce((n, t) => n + t.planned, 0);
  return page({
    title: documentTitle(vm),
    subtitle: documentSubtitle(vm),
    school: vm.school,
    generatedOn: vm.generatedOn,
    content: [
      fieldGrid(schoolFields(vm.school), 3),
      {
        margin: [0, 12, 0, 8],
        text: 'Autoškola potvrzuje, že níže uvedený žadatel absolvoval v autoškole část výuky a výcviku v tomto rozsahu:',
      },
      fieldGrid(
        [
          { label: 'Žadatel (jméno, příjmení, titul)', value: fullName(s), span: 2 },
          { label: 'Evidenční číslo žadatele', value: s.registrationNumber },
          { label: 'Datum narození', value: formatDate(s.birthDate) },
          { label: 'Adresa pobytu', value: s.address, span: 2 },
          { label: 'Skupina řidičského oprávnění', value: groupsText(s.groups) },
          { label: 'Druh výuky a výcviku', value: `${TRAINING_KIND_LABELS[s.trainingKind]} · ${TRAINING_TYPE_LABELS[s.trainingType]}` },
          { label: 'Zahájení výuky a výcviku', value: formatDate(s.startedOn) },
          { label: 'Ukončení výuky a výcviku', value: formatDate(s.finishedOn) },
        ],
        3,
      ),
      { text: 'Výuka', style: 'h2' },
      vm.theory.length === 0
        ? { text: 'Žadatel neabsolvoval žádnou výuku.', style: 'small' }
        : table(
            [
              { header: 'Předmět', width: '*' },
              { header: 'Odučeno hodin', width: 62, align: 'right' },
              { header: 'Z plánu hodin', width: 62, align: 'right' },
              { header: 'Období', width: 120 },
            ],
            vm.theory.map((t) => [`${SECTION_SHORT[t.section]} – ${SECTION_NAMES[t.section]}`, String(t.done), String(t.planned), period(t.first, t.last)]),
            { footer: [['Celkem', String(taught), String(planned), '']] },
          ),
      { text: 'Výcvik', style: 'h2' },
      vm.practical.length === 0
        ? { text: 'Žadatel neabsolvoval žádný výcvik.', style: 'small' }
        : table(
            [
              { header: 'Druh výcviku', width: '*' },
              { header: 'Lekcí', width: 40, align: 'right' },
              { header: 'Hodin (45 min)', width: 62, align: 'right' },
              { header: 'Z plánu hodin', width: 62, align: 'right' },
              { header: 'Období', width: 120 },
            ],
            vm.practical.map((p) => [PRACTICAL_NAMES[p.kind], String(p.lessons), formatHours(p.minutes), String(p.planned), period(p.first, p.last)]),
          ),
      {
        margin: [0, 10, 0, 0],
        style: 'small',
        text: 'Hodinou se rozumí vyučovací hodina v délce 45 minut. Potvrzení slouží k pokračování ve výuce a výcviku v jiné autoškole.',
      },
      signatureLines(['Razítko autoškoly a podpis provozovatele'], { place: vm.school.city, date: vm.generatedOn }),
    ],
  });
}

export const partialCompletionDocument: PdfDocument<PartialCompletionVm> = { kind: 'PARTIAL_COMPLETION', load, render };
