// 2. Evidence o výcviku v řízení vozidla on the print route (the PDF: apps/server/src/features/driving-lessons-record/driving-lessons-record.pdf.ts;
// the layout: packages/shared/src/pdf/layouts.ts).
import { drivingRecordLayout } from '@volant/shared/pdf/layouts';
import type { DrivingRecordVm } from '@volant/shared/pdf/view-models';
import { LayoutGrid, LayoutTable, Sheet, Signature, SignatureLines } from './print-parts.tsx';

export function DrivingRecordPrint({ vm }: { vm: DrivingRecordVm }) {
  const l = drivingRecordLayout(vm);
  return (
    <Sheet vm={vm}>
      <LayoutGrid grid={l.grid} />
      {l.empty !== null ? <h2>{l.empty}</h2> : null}
      {l.sections.map((section, index) => {
        const rides = vm.vehicles[index]?.rides ?? [];
        return (
          <section key={section.title}>
            <h2>{section.title}</h2>
            <LayoutTable
              table={section.table}
              cells={(row) => [
                <Signature key="s" svg={rides[row]?.signature} label="Podpis žadatele" />,
                <Signature key="t" svg={rides[row]?.teacherSignature} label="Podpis učitele" />,
              ]}
            />
          </section>
        );
      })}
      <p>
        <strong>{l.total.label}</strong>
        {l.total.text}
      </p>
      <SignatureLines labels={['Podpis žadatele', 'Razítko autoškoly a podpis učitele']} place={vm.school.city} date={vm.generatedOn} />
    </Sheet>
  );
}
