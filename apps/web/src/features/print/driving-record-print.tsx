// 2. Evidence o výcviku v řízení vozidla on the print route (the PDF: apps/server/src/pdf/documents/driving-record.ts).
import { TRAINING_KIND_LABELS } from '@volant/shared/enums';
import { formatDate, formatTime, fullName, groupsText, pluralCs } from '@volant/shared/format';
import { type DrivingRecordVm, formatHours, formatKm } from '@volant/shared/pdf/view-models';
import { FieldGrid, orDash, Sheet, Signature, SignatureLines, Table } from './print-parts.tsx';

const rideCount = (n: number) => `${n} ${pluralCs(n, ['jízda', 'jízdy', 'jízd'])}`;
const km = (n: number | null) => (n === null ? '' : formatKm(n));
const distance = (r: { tachometerBefore: number | null; tachometerAfter: number | null }) =>
  r.tachometerBefore !== null && r.tachometerAfter !== null && r.tachometerAfter >= r.tachometerBefore ? r.tachometerAfter - r.tachometerBefore : 0;

export function DrivingRecordPrint({ vm }: { vm: DrivingRecordVm }) {
  const s = vm.student;
  return (
    <Sheet vm={vm}>
      <FieldGrid
        columns={4}
        fields={[
          { label: 'Autoškola', value: vm.school.name, span: 2 },
          { label: 'Číslo registrace autoškoly', value: vm.school.number },
          { label: 'Zahájení výcviku', value: formatDate(s.startedOn) },
          { label: 'Adresa provozovny', value: vm.school.address, span: 2 },
          { label: 'Žadatel', value: fullName(s), span: 2 },
          { label: 'Evidenční číslo žadatele', value: s.registrationNumber },
          { label: 'Datum narození', value: formatDate(s.birthDate) },
          { label: 'Skupina řidičského oprávnění', value: groupsText(s.groups) },
          { label: 'Druh výcviku', value: TRAINING_KIND_LABELS[s.trainingKind] },
          { label: 'Adresa žadatele', value: s.address, span: 3 },
          { label: 'Ukončení výcviku', value: formatDate(s.finishedOn) },
        ]}
      />
      {vm.vehicles.length === 0 ? <h2>Žadatel zatím nemá žádnou zapsanou jízdu.</h2> : null}
      {vm.vehicles.map((v) => (
        <section key={v.vehicle ? `${v.vehicle.brand}-${v.vehicle.plate}` : 'none'}>
          <h2>{v.vehicle ? `Vozidlo: ${v.vehicle.brand}, RZ ${v.vehicle.plate}` : 'Jízdy bez zapsaného vozidla'}</h2>
          <Table
            columns={[
              { header: 'Č.', align: 'num' },
              { header: 'Datum' },
              { header: 'Od–do' },
              { header: 'Hodin (45 min)', align: 'num' },
              { header: 'Tachometr před (km)', align: 'num' },
              { header: 'Tachometr po (km)', align: 'num' },
              { header: 'Ujeto (km)', align: 'num' },
              { header: 'Učitel' },
              { header: 'Podpis žadatele', align: 'center' },
              { header: 'Podpis učitele', align: 'center' },
            ]}
            rows={v.rides.map((r, i) => [
              i + 1,
              formatDate(r.start),
              `${formatTime(r.start)}–${formatTime(r.end)}`,
              formatHours(r.minutes),
              km(r.tachometerBefore),
              km(r.tachometerAfter),
              km(distance(r)),
              orDash(r.teacher),
              <Signature key="s" svg={r.signature} label="Podpis žadatele" />,
              <Signature key="t" svg={r.teacherSignature} label="Podpis učitele" />,
            ])}
            footer={['', 'Celkem', rideCount(v.rides.length), formatHours(v.minutes), '', '', formatKm(v.km), '', '', '']}
          />
        </section>
      ))}
      <p>
        <strong>Celkem: </strong>
        {`${rideCount(vm.totals.rides)}, ${formatHours(vm.totals.minutes)} hodin výcviku v řízení (po 45 minutách), ujeto ${formatKm(vm.totals.km)} km`}
      </p>
      <SignatureLines labels={['Podpis žadatele', 'Razítko autoškoly a podpis učitele']} place={vm.school.city} date={vm.generatedOn} />
    </Sheet>
  );
}
