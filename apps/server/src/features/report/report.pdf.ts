// 1. Hlášenka (REPORT, legal-cz §7.1): 'Seznam žadatelů zařazených do výuky a výcviku' for the municipal office —
// the school, the office (the Prague number where it applies), the day training starts and the students starting.
import type { DbOrTx } from '@volant/db/client';
import { reportLayout } from '@volant/shared/pdf/layouts';
import type { ReportVm } from '@volant/shared/pdf/view-models';
import { schoolToday } from '@volant/shared/school-time';
import { AppError } from '../../lib/app-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import type { PdfDocument } from '../../pdf/document.ts';
import { layoutGrid, layoutTable, documentPage, signatureLines } from '../../pdf/layout.ts';
import { findReportHead, listReportStudentRows } from './report.pdf.queries.ts';
import { loadSchoolVm } from '../school/school.pdf.queries.ts';
import { subjectId } from '../../pdf/document.ts';
import { toStudentVm } from '../student/student.pdf.queries.ts';

async function load(db: DbOrTx, schoolId: SchoolId, subject: { entityId: string | null }, now: Date): Promise<ReportVm> {
  const id = subjectId(subject.entityId, 'REPORT_NOT_FOUND');
  const report = await findReportHead(db, schoolId, id);
  if (!report) throw new AppError('REPORT_NOT_FOUND');
  const rows = await listReportStudentRows(db, schoolId, id);
  return {
    kind: 'REPORT',
    generatedOn: schoolToday(now),
    school: await loadSchoolVm(db, schoolId),
    reportId: report.id,
    date: report.date,
    sentAt: report.sentAt?.toISOString() ?? null,
    students: rows.map(toStudentVm),
  };
}

function render(vm: ReportVm) {
  const l = reportLayout(vm);
  return documentPage(vm, [
    layoutGrid(l.grid),
    { text: l.section, style: 'h2' },
    layoutTable(l.table, [18, 62, '*', 62, '*', 50, 96, 54]),
    signatureLines(['Razítko a podpis provozovatele autoškoly'], { place: vm.school.city, date: vm.generatedOn }),
  ]);
}

export const reportDocument: PdfDocument<ReportVm> = { kind: 'REPORT', load, render };
