// 6. Evidenční kniha (REGISTER_BOOK, decree §9, legal-cz §6): every applicant admitted in a range of days — registration
// number, name and title, birth date, address, group, kind of training, admission, start and end of training, and the
// state with the exam results. Removed applicants stay in it, marked: the register is a legal record.
import type { DbOrTx } from '@volant/db/client';
import type { ExamType } from '@volant/shared/enums';
import { registerBookRangeInput } from '@volant/shared/pdf/inputs';
import { registerBookLayout } from '@volant/shared/pdf/layouts';
import type { RegisterBookVm, RegisterRowVm } from '@volant/shared/pdf/view-models';
import { addDays, schoolDateOf, schoolMidnight, schoolToday } from '@volant/shared/school-time';
import { AppError } from '../../lib/app-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import type { PdfDocument } from '../../pdf/document.ts';
import { layoutGrid, layoutTable, documentPage } from '../../pdf/layout.ts';
import { listAdmittedSignUps, listAdmittedStudents } from './register-book.pdf.queries.ts';
import { loadSchoolVm } from '../school/school.pdf.queries.ts';
import { toStudentVm } from './student.pdf.queries.ts';

async function load(db: DbOrTx, schoolId: SchoolId, subject: { params: unknown }, now: Date): Promise<RegisterBookVm> {
  const range = registerBookRangeInput.safeParse(subject.params);
  if (!range.success) throw new AppError('INVALID_INPUT');
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
      // Never null here: the query keeps only rows admitted in the range.
      admittedOn: schoolDateOf(r.admittedAt ?? new Date(0)),
      state: r.state,
      removedOn: r.removedAt ? schoolDateOf(r.removedAt) : null,
      exams: (exams.get(r.id) ?? []).sort((a, b) => a.group.localeCompare(b.group) || a.type.localeCompare(b.type)),
    })),
  };
}

function render(vm: RegisterBookVm) {
  const l = registerBookLayout(vm);
  return documentPage(vm, [
    layoutGrid(l.grid),
    { text: l.section, style: 'h2' },
    layoutTable(l.table, [16, 58, '*', 46, '*', 34, 58, 44, 44, 44, 50, 118], { condensed: true, fontSize: 7.5 }),
  ]);
}

export const registerBookDocument: PdfDocument<RegisterBookVm> = { kind: 'REGISTER_BOOK', load, render };
