// 6. Evidenční kniha (REGISTER_BOOK, decree §9, legal-cz §6): every applicant admitted in a range of days — registration
// number, name and title, birth date, address, group, kind of training, admission, start and end of training, and the
// state with the exam results. Removed applicants stay in it, marked: the register is a legal record.
import type { DbOrTx } from '@volant/db/client';
import { type ExamType, STUDENT_STATE_LABELS, TRAINING_KIND_LABELS, TRAINING_TYPE_LABELS } from '@volant/shared/enums';
import { formatDate, groupsText } from '@volant/shared/format';
import { registerBookRangeInput } from '@volant/shared/pdf/inputs';
import { documentSubtitle, documentTitle, type RegisterBookVm, registerExamsText, type RegisterRowVm, surnameFirst } from '@volant/shared/pdf/view-models';
import { addDays, schoolDateOf, schoolMidnight, schoolToday } from '@volant/shared/school-time';
import { AppError } from '../../lib/app-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import type { PdfDocument } from '../document.ts';
import { fieldGrid, page, schoolFields, table } from '../layout.ts';
import { listAdmittedSignUps, listAdmittedStudents } from './register-book.queries.ts';
import { loadSchoolVm, toStudentVm } from './school-and-student.queries.ts';

async function load(db: DbOrTx, schoolId: SchoolId, subject: { params: unknown }, now: Date): Promise<RegisterBookVm> {
  const range = registerBookRangeInput.safeParse(subject.params);
  if (!range.success) throw new AppError('INVALID_INPUT', 'BAD_REQUEST');
  const { from, to } = range.data;
  const start = schoolMidnight(from);
  const end = schoolMidnight(addDays(to, 1));
  const school = await loadSchoolVm(db, schoolId);
  const rows = await listAdmittedStudents(db, schoolId, start, end);
  const signUps = await listAdmittedSignUps(db, schoolId, start, end);
  const exams = new Map<string, RegisterRowVm['exams']>();
  const seen = new Set<string>();
  for (const s of signUps) {
    const key = `${s.studentId}|${s.type}|${s.group}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const list = exams.get(s.studentId) ?? [];
    list.push({ group: s.group, type: s.type as ExamType, date: s.date, result: s.result, attempt: s.attempt });
    exams.set(s.studentId, list);
  }
  return {
    kind: 'REGISTER_BOOK',
    generatedOn: schoolToday(now),
    school,
    from,
    to,
    rows: rows.map((r) => ({
      ...toStudentVm(r),
      admittedOn: schoolDateOf(r.createdAt),
      state: r.state,
      removedOn: r.removedAt ? schoolDateOf(r.removedAt) : null,
      exams: (exams.get(r.id) ?? []).sort((a, b) => a.group.localeCompare(b.group) || a.type.localeCompare(b.type)),
    })),
  };
}

function render(vm: RegisterBookVm) {
  return page({
    title: documentTitle(vm),
    subtitle: documentSubtitle(vm),
    school: vm.school,
    generatedOn: vm.generatedOn,
    orientation: 'landscape',
    content: [
      fieldGrid(
        [
          ...schoolFields(vm.school),
          { label: 'Období', value: `${formatDate(vm.from)} – ${formatDate(vm.to)}`, span: 2 },
          { label: 'Počet žadatelů', value: String(vm.rows.length) },
        ],
        3,
      ),
      { text: 'Žadatelé', style: 'h2' },
      vm.rows.length === 0
        ? { text: 'V tomto období nebyl přijat žádný žadatel.', style: 'small' }
        : table(
            [
              { header: 'Č.', width: 16, align: 'right' },
              { header: 'Ev. č.', width: 58 },
              { header: 'Příjmení a jméno, titul', width: '*' },
              { header: 'Datum narození', width: 46 },
              { header: 'Adresa pobytu', width: '*' },
              { header: 'Skupina', width: 34 },
              { header: 'Druh výuky a výcviku', width: 58 },
              { header: 'Přijat', width: 44 },
              { header: 'Zahájení', width: 44 },
              { header: 'Ukončení', width: 44 },
              { header: 'Stav', width: 50 },
              { header: 'Zkoušky', width: 118 },
            ],
            vm.rows.map((r, i) => [
              String(i + 1),
              r.registrationNumber,
              { text: surnameFirst(r), bold: true },
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
            { condensed: true, fontSize: 7.5 },
          ),
    ],
  });
}

export const registerBookDocument: PdfDocument<RegisterBookVm> = { kind: 'REGISTER_BOOK', load, render };
