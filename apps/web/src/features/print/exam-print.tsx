// 4. Přihláška ke zkoušce on the print route (the PDF: apps/server/src/features/exam/exam.pdf.ts; the layout:
// packages/shared/src/pdf/layouts.ts).
import { examApplicationLayout } from '@volant/shared/pdf/layouts';
import type { ExamApplicationVm } from '@volant/shared/pdf/view-models';
import { LayoutGrid, LayoutTable, SignatureLines, Sheet } from './print-parts.tsx';

export function ExamPrint({ vm }: { vm: ExamApplicationVm }) {
  const l = examApplicationLayout(vm);
  return (
    <Sheet vm={vm}>
      <LayoutGrid grid={l.grid} />
      <h2>{l.section}</h2>
      <LayoutTable table={l.table} />
      <p className="print-statement">{l.statement}</p>
      <SignatureLines labels={['Razítko autoškoly a podpis provozovatele', 'Podpis učitele']} place={vm.school.city} date={vm.generatedOn} />
    </Sheet>
  );
}
