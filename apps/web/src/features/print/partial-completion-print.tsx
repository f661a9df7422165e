// 7. Potvrzení o částečném absolvování on the print route (the PDF: apps/server/src/features/student/partial-completion.pdf.ts;
// the layout: packages/shared/src/pdf/layouts.ts).
import { partialCompletionLayout } from '@volant/shared/pdf/layouts';
import type { PartialCompletionVm } from '@volant/shared/pdf/view-models';
import { LayoutGrid, LayoutTable, SignatureLines, Sheet } from './print-parts.tsx';

export function PartialCompletionPrint({ vm }: { vm: PartialCompletionVm }) {
  const l = partialCompletionLayout(vm);
  return (
    <Sheet vm={vm}>
      <LayoutGrid grid={l.school} />
      <p>{l.intro}</p>
      <LayoutGrid grid={l.student} />
      <h2>{l.theory.title}</h2>
      <LayoutTable table={l.theory.table} />
      <h2>{l.practical.title}</h2>
      <LayoutTable table={l.practical.table} />
      {l.prior.map((p) => (
        <section key={p.title}>
          <h2>{p.title}</h2>
          <LayoutTable table={p.table} />
        </section>
      ))}
      <p className="print-small">{l.note}</p>
      {l.keyLine ? <p className="print-small">{l.keyLine}</p> : null}
      <SignatureLines labels={['Razítko autoškoly a podpis provozovatele']} place={vm.school.city} date={vm.generatedOn} />
    </Sheet>
  );
}
