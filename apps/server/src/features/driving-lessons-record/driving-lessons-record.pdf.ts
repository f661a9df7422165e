// 2. Evidence o výcviku v řízení vozidla (REPORT_VEHICLE_DRIVING_TRAINING, decree §11): the student's registered
// rides, per vehicle: date, from–to, hours in 45-minute units, odometer before and after, teacher, and both
// signatures as pictures; totals per vehicle and for the whole training.
import type { DbOrTx } from '@volant/db/client';
import { distance, drivingRecordLayout } from '@volant/shared/pdf/layouts';
import type { DrivingRecordVm, RideVm, VehicleSectionVm } from '@volant/shared/pdf/view-models';
import { schoolToday } from '@volant/shared/school-time';
import type { Content } from 'pdfmake/interfaces.js';
import type { SchoolId } from '../../lib/tenant.ts';
import type { PdfDocument } from '../../pdf/document.ts';
import { layoutGrid, layoutTable, documentPage, signatureCell, signatureLines } from '../../pdf/layout.ts';
import { listRegisteredRides } from './driving-lessons-record.pdf.queries.ts';
import { loadSchoolVm } from '../school/school.pdf.queries.ts';
import { getStudentVm } from '../student/student.pdf.queries.ts';

async function load(db: DbOrTx, schoolId: SchoolId, subject: { entityId: string | null }, now: Date): Promise<DrivingRecordVm> {
  const student = await getStudentVm(db, schoolId, subject.entityId);
  const [school, rows] = [await loadSchoolVm(db, schoolId), await listRegisteredRides(db, schoolId, student.id, now)];
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

function render(vm: DrivingRecordVm) {
  const l = drivingRecordLayout(vm);
  return documentPage(vm, [
    layoutGrid(l.grid),
    ...(l.empty !== null
      ? [{ text: l.empty, style: 'h2' } as Content]
      : l.sections.flatMap((section, index): Content[] => {
          const rides = vm.vehicles[index]?.rides ?? [];
          return [
            { text: section.title, style: 'h2', pageBreak: index > 0 && rides.length > 20 ? 'before' : undefined },
            layoutTable(section.table, [18, 56, 62, 40, 62, 62, 40, '*', 78, 78], {
              cells: (row) => [signatureCell(rides[row]?.signature, 72, 20), signatureCell(rides[row]?.teacherSignature, 72, 20)],
            }),
          ];
        })),
    { margin: [0, 12, 0, 0], text: [{ text: l.total.label, bold: true }, l.total.text] },
    signatureLines(['Podpis žadatele', 'Razítko autoškoly a podpis učitele'], { place: vm.school.city, date: vm.generatedOn }),
  ]);
}

export const drivingRecordDocument: PdfDocument<DrivingRecordVm> = { kind: 'REPORT_VEHICLE_DRIVING_TRAINING', load, render };
