// 4. Přihláška ke zkoušce (EXAM, legal-cz §7.2): the school's written application to the municipal office for the
// students signed up for a term — school, office, term date and place, each student with registration number, name,
// birth date, group and parts — with the statement that the training was completed. That statement certifies the
// legal minimum (issue 17): the document is built only when every applicant meets it on the document's day, by the
// one rule (features/lesson-plan/legal-minimum.ts); otherwise it is refused with what each one misses.
import type { DbOrTx } from '@volant/db/client';
import type { ExamType } from '@volant/shared/enums';
import { examApplicationLayout } from '@volant/shared/pdf/layouts';
import type { ExamApplicantVm, ExamApplicationVm } from '@volant/shared/pdf/view-models';
import { schoolToday } from '@volant/shared/school-time';
import { AppError } from '../../lib/app-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import type { PdfDocument } from '../../pdf/document.ts';
import { layoutGrid, layoutTable, documentPage, signatureLines } from '../../pdf/layout.ts';
import { assertExamApplicantsMeetMinimum } from '../lesson-plan/legal-minimum.ts';
import { findExamTerm, listExamApplicants } from './exam.pdf.queries.ts';
import { loadSchoolVm } from '../school/school.pdf.queries.ts';
import { subjectId } from '../../pdf/document.ts';
import { toStudentVm } from '../student/student.pdf.queries.ts';

async function load(db: DbOrTx, schoolId: SchoolId, subject: { entityId: string | null }, now: Date): Promise<ExamApplicationVm> {
  const id = subjectId(subject.entityId, 'EXAM_NOT_FOUND');
  const exam = await findExamTerm(db, schoolId, id);
  if (!exam) throw new AppError('EXAM_NOT_FOUND');
  const rows = await listExamApplicants(db, schoolId, id);
  const byStudent = new Map<string, ExamApplicantVm>();
  for (const r of rows) {
    let s = byStudent.get(r.id);
    if (!s) {
      s = { ...toStudentVm(r), parts: [] };
      byStudent.set(r.id, s);
    }
    s.parts.push({ group: r.group, type: r.type, attempt: r.attempt, result: r.result });
  }
  await assertExamApplicantsMeetMinimum(db, schoolId, [...byStudent.keys()], now);
  return {
    kind: 'EXAM',
    generatedOn: schoolToday(now),
    school: await loadSchoolVm(db, schoolId),
    exam: { id: exam.id, date: exam.date, place: exam.place, types: exam.types as ExamType[], note: exam.note },
    students: [...byStudent.values()],
    trainingCompleted: true,
  };
}

function render(vm: ExamApplicationVm) {
  const l = examApplicationLayout(vm);
  return documentPage(vm, [
    layoutGrid(l.grid),
    { text: l.section, style: 'h2' },
    layoutTable(l.table, [18, 70, '*', 58, '*', 64, 150, 58]),
    { text: l.statement ?? '', style: 'statement' },
    signatureLines(['Razítko autoškoly a podpis provozovatele', 'Podpis učitele'], { place: vm.school.city, date: vm.generatedOn }),
  ]);
}

export const examApplicationDocument: PdfDocument<ExamApplicationVm> = { kind: 'EXAM', load, render };
