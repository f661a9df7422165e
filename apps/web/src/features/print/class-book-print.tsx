// 3. Třídní kniha on the print route (the PDF: apps/server/src/features/teaching-lesson-record/teaching-lesson-record.pdf.ts; the layout:
// packages/shared/src/pdf/layouts.ts).
import { classBookLayout } from '@volant/shared/pdf/layouts';
import type { ClassBookVm } from '@volant/shared/pdf/view-models';
import { LayoutGrid, LayoutTable, SignatureLines, Sheet } from './print-parts.tsx';

export function ClassBookPrint({ vm }: { vm: ClassBookVm }) {
  const l = classBookLayout(vm);
  return (
    <Sheet vm={vm}>
      <LayoutGrid grid={l.grid} />
      <h2>{l.students.title}</h2>
      <LayoutTable table={l.students.table} condensed />
      {l.interpreters ? (
        <>
          <h2>{l.interpreters.title}</h2>
          <LayoutTable table={l.interpreters.table} />
        </>
      ) : null}
      <h2>{l.hours.title}</h2>
      <LayoutTable table={l.hours.table} condensed widths={[...l.hours.table.columns.slice(0, -1).map(() => undefined), '60pt']} />
      <SignatureLines labels={['Razítko autoškoly a podpis provozovatele']} place={vm.school.city} date={vm.generatedOn} />
    </Sheet>
  );
}
