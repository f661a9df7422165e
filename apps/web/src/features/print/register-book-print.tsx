// 6. Evidenční kniha on the print route (the PDF: apps/server/src/pdf/documents/register-book.ts).
import { STUDENT_STATE_LABELS, TRAINING_KIND_LABELS, TRAINING_TYPE_LABELS } from '@volant/shared/enums';
import { formatDate, groupsText } from '@volant/shared/format';
import { type RegisterBookVm, registerExamsText, surnameFirst } from '@volant/shared/pdf/view-models';
import { FieldGrid, Sheet, schoolFields, Table } from './print-parts.tsx';

export function RegisterBookPrint({ vm }: { vm: RegisterBookVm }) {
  return (
    <Sheet vm={vm}>
      <FieldGrid
        fields={[
          ...schoolFields(vm.school),
          { label: 'Období', value: `${formatDate(vm.from)} – ${formatDate(vm.to)}`, span: 2 },
          { label: 'Počet žadatelů', value: String(vm.rows.length) },
        ]}
      />
      <h2>Žadatelé</h2>
      {vm.rows.length === 0 ? (
        <p className="print-small">V tomto období nebyl přijat žádný žadatel.</p>
      ) : (
        <Table
          condensed
          columns={[
            { header: 'Č.', align: 'num' },
            { header: 'Ev. č.' },
            { header: 'Příjmení a jméno, titul' },
            { header: 'Datum narození' },
            { header: 'Adresa pobytu' },
            { header: 'Skupina' },
            { header: 'Druh výuky a výcviku' },
            { header: 'Přijat' },
            { header: 'Zahájení' },
            { header: 'Ukončení' },
            { header: 'Stav' },
            { header: 'Zkoušky' },
          ]}
          rows={vm.rows.map((r, i) => [
            i + 1,
            r.registrationNumber,
            <strong key="n">{surnameFirst(r)}</strong>,
            formatDate(r.birthDate),
            r.address,
            groupsText(r.groups),
            `${TRAINING_KIND_LABELS[r.trainingKind]}${r.trainingType === 'COURSE' ? '' : `, ${TRAINING_TYPE_LABELS[r.trainingType].split(' ')[0]}`}`,
            formatDate(r.admittedOn),
            formatDate(r.startedOn),
            formatDate(r.finishedOn),
            r.removedOn ? `Vyřazen z evidence ${formatDate(r.removedOn)}` : STUDENT_STATE_LABELS[r.state],
            registerExamsText(r.exams),
          ])}
        />
      )}
    </Sheet>
  );
}
