// 1. Hlášenka (REPORT, legal-cz §7.1): 'Seznam žadatelů zařazených do výuky a výcviku' for the municipal office —
// the school, the office (the Prague number where it applies), the day training starts and the students starting.
import type { DbOrTx } from '@volant/db/client';
import { TRAINING_KIND_LABELS, TRAINING_TYPE_LABELS } from '@volant/shared/enums';
import { formatDate, groupsText } from '@volant/shared/format';
import { documentSubtitle, documentTitle, type ReportVm, surnameFirst } from '@volant/shared/pdf/view-models';
import { schoolToday } from '@volant/shared/school-time';
import { AppError } from '../../lib/app-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import type { PdfDocument } from '../document.ts';
import { fieldGrid, page, schoolFields, signatureLines, table } from '../layout.ts';
import { findReportHead, listReportStudentRows } from './report.queries.ts';
import { loadSchoolVm, subjectId, toStudentVm } from './school-and-student.queries.ts';

async function load(db: DbOrTx, schoolId: SchoolId, subject: { entityId: string | null }, now: Date): Promise<ReportVm> {
  const id = subjectId(subject.entityId, 'REPORT_NOT_FOUND');
  const report = await findReportHead(db, schoolId, id);
  if (!report) throw new AppError('REPORT_NOT_FOUND', 'NOT_FOUND');
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
          { label: 'Datum zahájení výuky a výcviku', value: formatDate(vm.date) },
          { label: 'Počet žadatelů', value: String(vm.students.length) },
          { label: 'Datum odeslání', value: vm.sentAt ? formatDate(vm.sentAt) : null },
        ],
        3,
      ),
      { text: 'Žadatelé', style: 'h2' },
      vm.students.length === 0
        ? { text: 'Na hlášence není žádný žadatel.', style: 'small' }
        : table(
            [
              { header: 'Č.', width: 18, align: 'right' },
              { header: 'Ev. č.', width: 62 },
              { header: 'Příjmení a jméno, titul', width: '*' },
              { header: 'Datum narození', width: 62 },
              { header: 'Adresa pobytu', width: '*' },
              { header: 'Skupina', width: 50 },
              { header: 'Druh výuky a výcviku', width: 96 },
              { header: 'Zahájení', width: 54 },
            ],
            vm.students.map((s, i) => [
              String(i + 1),
              s.registrationNumber,
              { text: surnameFirst(s), bold: true },
              formatDate(s.birthDate),
              s.address,
              groupsText(s.groups),
              `${TRAINING_KIND_LABELS[s.trainingKind]}${s.trainingType === 'COURSE' ? '' : `, ${TRAINING_TYPE_LABELS[s.trainingType]}`}`,
              formatDate(s.startedOn ?? vm.date),
            ]),
          ),
      signatureLines(['Razítko a podpis provozovatele autoškoly'], { place: vm.school.city, date: vm.generatedOn }),
    ],
  });
}

export const reportDocument: PdfDocument<ReportVm> = { kind: 'REPORT', load, render };
