// 4. Přihláška ke zkoušce (EXAM, legal-cz §7.2): the school's written application to the municipal office for the
// students signed up for a term — school, office, term date and place, each student with registration number, name,
// birth date, group and parts — with the statement that the training was completed.
import type { DbOrTx } from '@volant/db/client';
import { type ExamType, TRAINING_KIND_LABELS } from '@volant/shared/enums';
import { formatDate } from '@volant/shared/format';
import {
  documentSubtitle,
  documentTitle,
  type ExamApplicantVm,
  type ExamApplicationVm,
  examPartsText,
  SECTION_SHORT,
  surnameFirst,
  TRAINING_COMPLETED_STATEMENT,
} from '@volant/shared/pdf/view-models';
import { schoolToday } from '@volant/shared/school-time';
import { AppError } from '../../lib/app-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import type { PdfDocument } from '../document.ts';
import { fieldGrid, page, schoolFields, signatureLines, table } from '../layout.ts';
import { findExamTerm, listExamApplicants } from './exam-application.queries.ts';
import { loadSchoolVm, subjectId, toStudentVm } from './school-and-student.queries.ts';

async function load(db: DbOrTx, schoolId: SchoolId, subject: { entityId: string | null }, now: Date): Promise<ExamApplicationVm> {
  const id = subjectId(subject.entityId, 'EXAM_NOT_FOUND');
  const exam = await findExamTerm(db, schoolId, id);
  if (!exam) throw new AppError('EXAM_NOT_FOUND', 'NOT_FOUND');
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
  return {
    kind: 'EXAM',
    generatedOn: schoolToday(now),
    school: await loadSchoolVm(db, schoolId),
    exam: { id: exam.id, date: exam.date, place: exam.place, types: exam.types as ExamType[], note: exam.note },
    students: [...byStudent.values()],
  };
}

function render(vm: ExamApplicationVm) {
  return page({
    title: documentTitle(vm),
    subtitle: documentSubtitle(vm),
    school: vm.school,
    generatedOn: vm.generatedOn,
    orientation: 'landscape',
    content: [
      fieldGrid(
        [
          ...schoolFields(vm.school, { withOffice: true }),
          { label: 'Termín zkoušky', value: formatDate(vm.exam.date) },
          { label: 'Místo konání', value: vm.exam.place },
          { label: 'Druhy zkoušky', value: vm.exam.types.map((t) => SECTION_SHORT[t]).join(', ') },
          { label: 'Poznámka', value: vm.exam.note, span: 2 },
          { label: 'Počet žadatelů', value: String(vm.students.length) },
        ],
        3,
      ),
      { text: 'Přihlášení žadatelé', style: 'h2' },
      vm.students.length === 0
        ? { text: 'Na termín zatím není přihlášen žádný žadatel.', style: 'small' }
        : table(
            [
              { header: 'Č.', width: 18, align: 'right' },
              { header: 'Ev. č.', width: 70 },
              { header: 'Příjmení a jméno, titul', width: '*' },
              { header: 'Datum narození', width: 58 },
              { header: 'Adresa pobytu', width: '*' },
              { header: 'Druh výcviku', width: 64 },
              { header: 'Skupina a části zkoušky', width: 150 },
              { header: 'Ukončení výcviku', width: 58 },
            ],
            vm.students.map((s, i) => [
              String(i + 1),
              s.registrationNumber,
              { text: surnameFirst(s), bold: true },
              formatDate(s.birthDate),
              s.address,
              TRAINING_KIND_LABELS[s.trainingKind],
              examPartsText(s.parts),
              formatDate(s.finishedOn),
            ]),
          ),
      { text: TRAINING_COMPLETED_STATEMENT, style: 'statement' },
      signatureLines(['Razítko autoškoly a podpis provozovatele', 'Podpis učitele'], { place: vm.school.city, date: vm.generatedOn }),
    ],
  });
}

export const examApplicationDocument: PdfDocument<ExamApplicationVm> = { kind: 'EXAM', load, render };
