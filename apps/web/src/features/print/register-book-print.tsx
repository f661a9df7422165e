// 6. Evidenční kniha on the print route (the PDF: apps/server/src/features/student/register-book.pdf.ts; the layout:
// packages/shared/src/pdf/layouts.ts).
import { registerBookLayout } from '@volant/shared/pdf/layouts';
import type { RegisterBookVm } from '@volant/shared/pdf/view-models';
import { LayoutGrid, LayoutTable, Sheet } from './print-parts.tsx';

export function RegisterBookPrint({ vm }: { vm: RegisterBookVm }) {
  const l = registerBookLayout(vm);
  return (
    <Sheet vm={vm}>
      <LayoutGrid grid={l.grid} />
      <h2>{l.section}</h2>
      <LayoutTable table={l.table} condensed />
    </Sheet>
  );
}
