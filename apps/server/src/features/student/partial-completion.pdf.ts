// 7. Potvrzení o částečném absolvování výuky a výcviku (PARTIAL_COMPLETION, decree §13a): for a student who leaves
// part-way (moves to another school, stops): the theory lessons taught per subject and the practical training given
// (rides, PV-ÚV, PV-ZP) in 45-minute hours, with the dates, against the student's plan; the school's stamp and signature.
import type { DbOrTx } from '@volant/db/client';
import { LESSON_KINDS, LICENCE_GROUPS, type LicenceGroup, TEACHING_SECTIONS } from '@volant/shared/enums';
import { studentPlan } from '@volant/shared/lesson-plan/law';
import { partialCompletionLayout } from '@volant/shared/pdf/layouts';
import type { PartialCompletionVm } from '@volant/shared/pdf/view-models';
import { schoolDateOf, schoolToday } from '@volant/shared/school-time';
import { findSchoolRaises } from '../lesson-plan/lesson-plan.queries.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import type { PdfDocument } from '../../pdf/document.ts';
import { layoutGrid, layoutTable, documentPage, signatureLines } from '../../pdf/layout.ts';
import { findKeyFingerprint, listPriorSchoolHours, sumPractical, sumTheory } from './partial-completion.pdf.queries.ts';
import { loadSchoolVm } from '../school/school.pdf.queries.ts';
import { getStudentVm } from './student.pdf.queries.ts';

const isGroup = (g: string): g is LicenceGroup => (LICENCE_GROUPS as readonly string[]).includes(g);
const day = (v: Date | string | null) => (v === null ? null : schoolDateOf(new Date(v)));

async function load(db: DbOrTx, schoolId: SchoolId, subject: { entityId: string | null }, now: Date): Promise<PartialCompletionVm> {
  const student = await getStudentVm(db, schoolId, subject.entityId);
  const school = await loadSchoolVm(db, schoolId);
  const today = schoolToday(now);
  const theory = await sumTheory(db, schoolId, student.id, today);
  const practical = await sumPractical(db, schoolId, student.id, now);
  const plan = studentPlan(
    { groups: student.groups.filter(isGroup), kind: student.trainingKind, type: student.trainingType },
    await findSchoolRaises(db, schoolId),
    student.startedOn ?? today,
  ).items;
  const prior = await listPriorSchoolHours(db, schoolId, student.id, now);
  return {
    kind: 'PARTIAL_COMPLETION',
    prior: prior.map((p) => ({
      school: p.school,
      companyNumber: p.companyNumber,
      keyFingerprint: p.keyFingerprint,
      theory: TEACHING_SECTIONS.flatMap((section) => {
        const lessons = p.hours.find((h) => h.item === section)?.lessons ?? 0;
        return lessons > 0 ? [{ section, lessons }] : [];
      }),
      practical: LESSON_KINDS.flatMap((kind) => {
        const minutes = p.hours.find((h) => h.item === kind)?.minutes ?? 0;
        return minutes > 0 ? [{ kind, minutes }] : [];
      }),
    })),
    keyFingerprint: await findKeyFingerprint(db, schoolId),
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

function render(vm: PartialCompletionVm) {
  const l = partialCompletionLayout(vm);
  return documentPage(vm, [
    layoutGrid(l.school),
    { margin: [0, 12, 0, 8], text: l.intro },
    layoutGrid(l.student),
    { text: l.theory.title, style: 'h2' },
    layoutTable(l.theory.table, ['*', 62, 62, 120]),
    { text: l.practical.title, style: 'h2' },
    layoutTable(l.practical.table, ['*', 40, 62, 62, 120]),
    ...l.prior.flatMap((p) => [{ text: p.title, style: 'h2' }, layoutTable(p.table, ['*', 70, 110])]),
    { margin: [0, 10, 0, 0], style: 'small', text: l.note },
    ...(l.keyLine ? [{ margin: [0, 4, 0, 0] as [number, number, number, number], style: 'small', text: l.keyLine }] : []),
    signatureLines(['Razítko autoškoly a podpis provozovatele'], { place: vm.school.city, date: vm.generatedOn }),
  ]);
}

export const partialCompletionDocument: PdfDocument<PartialCompletionVm> = { kind: 'PARTIAL_COMPLETION', load, render };
