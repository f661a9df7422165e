// 2. Evidence o výcviku v řízení vozidla (REPORT_VEHICLE_DRIVING_TRAINING, decree §11): the student's registered
// rides, per vehicle: date, from–to, hours in 45-minute units, odometer before and after, teacher, and both
// signatures as pictures; totals per vehicle and for the whole training.
import type { DbOrTx } from '@volant/db/client';
import { TRAINING_KIND_LABELS } from '@volant/shared/enums';
import { formatDate, formatTime, fullName, groupsText, pluralCs } from '@volant/shared/format';
import {
  documentSubtitle,
  documentTitle,
  type DrivingRecordVm,
  formatHours,
  formatKm,
  type RideVm,
  type VehicleSectionVm,
} from '@volant/shared/pdf/view-models';
import { schoolToday } from '@volant/shared/school-time';
import type { Content } from 'pdfmake/interfaces.js';
import type { SchoolId } from '../../lib/tenant.ts';
import type { PdfDocument } from '../document.ts';
import { fieldGrid, orDash, page, signatureCell, signatureLines, table } from '../layout.ts';
import { listRegisteredRides } from './driving-record.queries.ts';
import { getStudentVm, loadSchoolVm } from './school-and-student.queries.ts';

const distance = (r: { tachometerBefore: number | null; tachometerAfter: number | null }) =>
  r.tachometerBefore !== null && r.tachometerAfter !== null && r.tachometerAfter >= r.tachometerBefore ? r.tachometerAfter - r.tachometerBefore : 0;

async function load(db: DbOrTx, schoolId: SchoolId, subject: { entityId: string | null }, now: Date): Promise<DrivingRecordVm> {
  const student = await getStudentVm(db, schoolId, subject.entityId);
  const [school, rows] = [await loadSchoolVm(db, schoolId), await listRegisteredRides(db, schoolId, student.id)];
  const sections = new Map<string, VehicleSectionVm>();
  for (const r of rows) {
    const key = r.carId ?? '';
    let section = sections.get(key);
    if (!section) {
      section = { vehicle: r.carId ? { brand: r.carType ?? '', plate: r.regNumber ?? '' } : null, rides: [], minutes: 0, km: 0 };
      sections.set(key, section);
    }
    const ride: RideVm = {
      id: r.id,
      start: r.startTime.toISOString(),
      end: r.endTime.toISOString(),
      minutes: r.length,
      tachometerBefore: r.tachometerBefore,
      tachometerAfter: r.tachometerAfter,
      teacher: r.teacher ?? '',
      signature: r.signature,
      teacherSignature: r.teacherSignature,
      note: r.note,
    };
    section.rides.push(ride);
    section.minutes += ride.minutes;
    section.km += distance(ride);
  }
  const vehicles = [...sections.values()];
  return {
    kind: 'REPORT_VEHICLE_DRIVING_TRAINING',
    generatedOn: schoolToday(now),
    school,
    student,
    vehicles,
    totals: {
      rides: rows.length,
      minutes: vehicles.reduce((s, v) => s + v.minutes, 0),
      km: vehicles.reduce((s, v) => s + v.km, 0),
    },
  };
}

const rideCount = (n: number) => `${n} ${pluralCs(n, ['jízda', 'jízdy', 'jízd'])}`;
const km = (n: number | null) => (n === null ? '' : formatKm(n));

function vehicleSection(v: VehicleSectionVm, index: number): Content[] {
  let n = 0;
  return [
    {
      text: v.vehicle ? `Vozidlo: ${v.vehicle.brand}, RZ ${v.vehicle.plate}` : 'Jízdy bez zapsaného vozidla',
      style: 'h2',
      pageBreak: index > 0 && v.rides.length > 20 ? 'before' : undefined,
    },
    table(
      [
        { header: 'Č.', width: 18, align: 'right' },
        { header: 'Datum', width: 56 },
        { header: 'Od–do', width: 62 },
        { header: 'Hodin (45 min)', width: 40, align: 'right' },
        { header: 'Tachometr před (km)', width: 62, align: 'right' },
        { header: 'Tachometr po (km)', width: 62, align: 'right' },
        { header: 'Ujeto (km)', width: 40, align: 'right' },
        { header: 'Učitel', width: '*' },
        { header: 'Podpis žadatele', width: 78, align: 'center' },
        { header: 'Podpis učitele', width: 78, align: 'center' },
      ],
      v.rides.map((r) => {
        n += 1;
        return [
          String(n),
          formatDate(r.start),
          `${formatTime(r.start)}–${formatTime(r.end)}`,
          formatHours(r.minutes),
          km(r.tachometerBefore),
          km(r.tachometerAfter),
          km(distance(r)),
          orDash(r.teacher),
          signatureCell(r.signature, 72, 20),
          signatureCell(r.teacherSignature, 72, 20),
        ];
      }),
      { footer: [['', 'Celkem', rideCount(v.rides.length), formatHours(v.minutes), '', '', formatKm(v.km), '', '', '']] },
    ),
  ];
}

function render(vm: DrivingRecordVm) {
  const s = vm.student;
  return page({
    title: documentTitle(vm),
    subtitle: documentSubtitle(vm),
    school: vm.school,
    generatedOn: vm.generatedOn,
    orientation: 'landscape',
    content: [
      fieldGrid(
        [
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
        ],
        4,
      ),
      ...(vm.vehicles.length === 0 ? [{ text: 'Žadatel zatím nemá žádnou zapsanou jízdu.', style: 'h2' } as Content] : vm.vehicles.flatMap(vehicleSection)),
      {
        margin: [0, 12, 0, 0],
        text: [
          { text: 'Celkem: ', bold: true },
          `${rideCount(vm.totals.rides)}, ${formatHours(vm.totals.minutes)} hodin výcviku v řízení (po 45 minutách), ujeto ${formatKm(vm.totals.km)} km`,
        ],
      },
      signatureLines(['Podpis žadatele', 'Razítko autoškoly a podpis učitele'], { place: vm.school.city, date: vm.generatedOn }),
    ],
  });
}

export const drivingRecordDocument: PdfDocument<DrivingRecordVm> = { kind: 'REPORT_VEHICLE_DRIVING_TRAINING', load, render };
