// 4. Přihláška ke zkoušce on the print route (the PDF: apps/server/src/pdf/documents/exam-application.ts).
import { TRAINING_KIND_LABELS } from '@volant/shared/enums';
import { formatDate } from '@volant/shared/format';
import { type ExamApplicationVm, examPartsText, SECTION_SHORT, surnameFirst, TRAINING_COMPLETED_STATEMENT } from '@volant/shared/pdf/view-models';
import { FieldGrid, SignatureLines, Sheet, schoolFields, Table } from './print-parts.tsx';

export function ExamPrint({ vm }: { vm: ExamApplicationVm }) {
  return (
    <Sheet vm={vm}>
      <FieldGrid
        fields={[
          ...schoolFields(vm.school, { withOffice: true }),
          { label: 'Termín zkoušky', value: formatDate(vm.exam.date) },
          { label: 'Místo konání', value: vm.exam.place },
          { label: 'Druhy zkoušky', value: vm.exam.types.map((t) => SECTION_SHORT[t]).join(', ') },
          { label: 'Poznámka', value: vm.exam.note, span: 2 },
          { label: 'Počet žadatelů', value: String(vm.students.length) },
        ]}
      />
      <h2>Přihlášení žadatelé</h2>
      {vm.students.length === 0 ? (
        <p className="print-small">Na termín zatím není přihlášen žádný žadatel.</p>
      ) : (
        <Table
          columns={[
            { header: 'Č.', align: 'num' },
            { header: 'Ev. č.' },
            { header: 'Příjmení a jméno, titul' },
            { header: 'Datum narození' },
            { header: 'Adresa pobytu' },
            { header: 'Druh výcviku' },
            { header: 'Skupina a části zkoušky' },
            { header: 'Ukončení výcviku' },
          ]}
          rows={vm.students.map((s, i) => [
            i + 1,
            s.registrationNumber,
            <strong key="n">{surnameFirst(s)}</strong>,
            formatDate(s.birthDate),
            s.address,
            TRAINING_KIND_LABELS[s.trainingKind],
            examPartsText(s.parts),
            formatDate(s.finishedOn),
          ])}
        />
      )}
      <p className="print-statement">{TRAINING_COMPLETED_STATEMENT}</p>
      <SignatureLines labels={['Razítko autoškoly a podpis provozovatele', 'Podpis učitele']} place={vm.school.city} date={vm.generatedOn} />
    </Sheet>
  );
}
