// 1. Hlášenka on the print route (the PDF: apps/server/src/features/report/report.pdf.ts; the layout: packages/shared/src/pdf/layouts.ts).
import { reportLayout } from '@volant/shared/pdf/layouts';
import type { ReportVm } from '@volant/shared/pdf/view-models';
import { LayoutGrid, LayoutTable, SignatureLines, Sheet } from './print-parts.tsx';

export function ReportPrint({ vm }: { vm: ReportVm }) {
  const l = reportLayout(vm);
  return (
    <Sheet vm={vm}>
      <LayoutGrid grid={l.grid} />
      <h2>{l.section}</h2>
      <LayoutTable table={l.table} />
      <SignatureLines labels={['Razítko a podpis provozovatele autoškoly']} place={vm.school.city} date={vm.generatedOn} />
    </Sheet>
  );
}
