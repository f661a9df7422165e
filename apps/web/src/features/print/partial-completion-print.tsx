// 7. Potvrzení o částečném absolvování on the print route (the PDF: apps/server/src/pdf/documents/partial-completion.ts).
import { TRAINING_KIND_LABELS, TRAINING_TYPE_LABELS } from '@volant/shared/enums';
import { formatDate, fullName, groupsText } from '@volant/shared/format';
import { formatHours, type PartialCompletionVm, PRACTICAL_NAMES, SECTION_NAMES, SECTION_SHORT } from '@volant/shared/pdf/view-models';
import { FieldGrid, SignatureLines, Sheet, schoolFields, Table } from './print-parts.tsx';

const period = (first: string | null, last: string | null) =>
  first ? (first === last ? formatDate(first) : `${formatDate(first)} – ${formatDate(last)}`) : '–';

export function PartialCompletionPrint({ vm }: { vm: PartialCompletionVm }) {
  const s = vm.student;
  return (
    <Sheet vm={vm}>
      <FieldGrid fields={schoolFields(vm.school)} />
      <p>Autoškola potvrzuje, že níže uvedený žadatel absolvoval v autoškole část výuky a výcviku v tomto rozsahu:</p>
      <FieldGrid
        fields={[
          { label: 'Žadatel (jméno, příjmení, titul)', value: fullName(s), span: 2 },
          { label: 'Evidenční číslo žadatele', value: s.registrationNumber },
          { label: 'Datum narození', value: formatDate(s.birthDate) },
          { label: 'Adresa pobytu', value: s.address, span: 2 },
          { label: 'Skupina řidičského oprávnění', value: groupsText(s.groups) },
          { label: 'Druh výuky a výcviku', value: `${TRAINING_KIND_LABELS[s.trainingKind]} · ${TRAINING_TYPE_LABELS[s.trainingType]}` },
          { label: 'Zahájení výuky a výcviku', value: formatDate(s.startedOn) },
          { label: 'Ukončení výuky a výcviku', value: formatDate(s.finishedOn) },
        ]}
      />
      <h2>Výuka</h2>
      {vm.theory.length === 0 ? (
        <p className="print-small">Žadatel neabsolvoval žádnou výuku.</p>
      ) : (
        <Table
          columns={[{ header: 'Předmět' }, { header: 'Odučeno hodin', align: 'num' }, { header: 'Z plánu hodin', align: 'num' }, { header: 'Období' }]}
          rows={vm.theory.map((t) => [`${SECTION_SHORT[t.section]} – ${SECTION_NAMES[t.section]}`, t.done, t.planned, period(t.first, t.last)])}
          footer={['Celkem', vm.theory.reduce((n, t) => n + t.done, 0), vm.theory.reduce((n, t) => n + t.planned, 0), '']}
        />
      )}
      <h2>Výcvik</h2>
      {vm.practical.length === 0 ? (
        <p className="print-small">Žadatel neabsolvoval žádný výcvik.</p>
      ) : (
        <Table
          columns={[
            { header: 'Druh výcviku' },
            { header: 'Lekcí', align: 'num' },
            { header: 'Hodin (45 min)', align: 'num' },
            { header: 'Z plánu hodin', align: 'num' },
            { header: 'Období' },
          ]}
          rows={vm.practical.map((p) => [PRACTICAL_NAMES[p.kind], p.lessons, formatHours(p.minutes), p.planned, period(p.first, p.last)])}
        />
      )}
      <p className="print-small">Hodinou se rozumí vyučovací hodina v délce 45 minut. Potvrzení slouží k pokračování ve výuce a výcviku v jiné autoškole.</p>
      <SignatureLines labels={['Razítko autoškoly a podpis provozovatele']} place={vm.school.city} date={vm.generatedOn} />
    </Sheet>
  );
}
