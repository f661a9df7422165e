// 1. Hlášenka on the print route (the PDF: apps/server/src/pdf/documents/report.ts).
import { TRAINING_KIND_LABELS, TRAINING_TYPE_LABELS } from '@volant/shared/enums';
import { formatDate, groupsText } from '@volant/shared/format';
import { type ReportVm, surnameFirst } from '@volant/shared/pdf/view-models';
import { FieldGrid, SignatureLines, Sheet, schoolFields, Table } from './print-parts.tsx';

export function ReportPrint({ vm }: { vm: ReportVm }) {
  return (
    <Sheet vm={vm}>
      <FieldGrid
        fields={[
          ...schoolFields(vm.school, { withOffice: true }),
          { label: 'Datum zahájení výuky a výcviku', value: formatDate(vm.date) },
          { label: 'Počet žadatelů', value: String(vm.students.length) },
          { label: 'Datum odeslání', value: vm.sentAt ? formatDate(vm.sentAt) : null },
        ]}
      />
      <h2>Žadatelé</h2>
      {vm.students.length === 0 ? (
        <p className="print-small">Na hlášence není žádný žadatel.</p>
      ) : (
        <Table
          columns={[
            { header: 'Č.', align: 'num' },
            { header: 'Ev. č.' },
            { header: 'Příjmení a jméno, titul' },
            { header: 'Datum narození' },
            { header: 'Adresa pobytu' },
            { header: 'Skupina' },
            { header: 'Druh výuky a výcviku' },
            { header: 'Zahájení' },
          ]}
          rows={vm.students.map((s, i) => [
            i + 1,
            s.registrationNumber,
            <strong key="n">{surnameFirst(s)}</strong>,
            formatDate(s.birthDate),
            s.address,
            groupsText(s.groups),
            `${TRAINING_KIND_LABELS[s.trainingKind]}${s.trainingType === 'COURSE' ? '' : `, ${TRAINING_TYPE_LABELS[s.trainingType]}`}`,
            formatDate(s.startedOn ?? vm.date),
          ])}
        />
      )}
      <SignatureLines labels={['Razítko a podpis provozovatele autoškoly']} place={vm.school.city} date={vm.generatedOn} />
    </Sheet>
  );
}
