// The inspection pack's own two documents (issue 22 §2), rendered in the render thread like every other document
// (pdf/render-thread.ts looks them up by their key through `packDocumentOf`):
// - 'Evidence o výcviku v řízení vozidla' per vehicle (decree §11, the "vozák"): the vehicle's registered rides of the
//   range in time order — date, from–to, hours, the student (registration number and name), odometer before and after,
//   km, the teacher and whether each signature is attached, with the server time it was saved. Only registered
//   (COMPLETED) rides: a planned ride is not a record. One document per vehicle and month: pdfmake's table layout
//   grows worse than linearly with a table's length, and a month is what an inspector leafs through. The signatures
//   are not drawn here (60,000 drawn signatures take minutes to lay out; the budget is a minute for the whole year):
//   each student's own 'Evidence o výcviku v řízení vozidla' (REPORT_VEHICLE_DRIVING_TRAINING) shows them as pictures.
// - 'Kontrola konzistence': the consistency report's sections (inspection-pack.rules.ts), each finding with its record.
// Pure: view-model in, pdfmake definition out.
import { formatDate, formatTime } from '@volant/shared/format';
import { lessonHours } from '@volant/shared/lesson-plan/law';
import type { SchoolVm } from '@volant/shared/pdf/view-models';
import { schoolDateOf } from '@volant/shared/school-time';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { page, table } from '../../pdf/layout.ts';
import { PDF_FONT_CONDENSED } from '../../pdf/render.ts';
import { CLEAN_TEXT, type ConsistencySection } from './inspection-pack.rules.ts';

export interface VehicleRideVm {
  start: string;
  end: string;
  minutes: number;
  student: string;
  teacher: string;
  tachometerBefore: number | null;
  tachometerAfter: number | null;
  /** The signature is attached; with the server time it was saved when known (ISO). */
  signed: boolean;
  signedAt: string | null;
  teacherSigned: boolean;
  teacherSignedAt: string | null;
}

export interface VehicleRidesVm {
  kind: 'PACK_VEHICLE_RIDES';
  generatedOn: string;
  school: SchoolVm;
  from: string;
  to: string;
  vehicle: { brand: string; plate: string };
  /** The month of this part ('YYYY-MM'): one document per vehicle and month. */
  month: string;
  rides: VehicleRideVm[];
}

export interface ConsistencyVm {
  kind: 'PACK_CONSISTENCY';
  generatedOn: string;
  school: SchoolVm;
  from: string;
  to: string;
  sections: ConsistencySection[];
}

export type PackDocumentVm = VehicleRidesVm | ConsistencyVm;
export type PackDocumentKind = PackDocumentVm['kind'];
export const PACK_DOCUMENT_KINDS: readonly PackDocumentKind[] = ['PACK_VEHICLE_RIDES', 'PACK_CONSISTENCY'];
export const isPackDocumentKind = (kind: string): kind is PackDocumentKind => (PACK_DOCUMENT_KINDS as readonly string[]).includes(kind);

const MONTHS = ['leden', 'únor', 'březen', 'duben', 'květen', 'červen', 'červenec', 'srpen', 'září', 'říjen', 'listopad', 'prosinec'];
const monthText = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(0, 4)}`;
const range = (vm: { from: string; to: string }) => `Období ${formatDate(vm.from)} – ${formatDate(vm.to)}`;
const km = (r: VehicleRideVm) => (r.tachometerBefore !== null && r.tachometerAfter !== null ? r.tachometerAfter - r.tachometerBefore : null);
/** 'podepsáno 12.3.2026 09:31', 'podepsáno' (no time kept) or 'chybí'. */
const signedText = (signed: boolean, at: string | null) =>
  signed ? (at ? `podepsáno ${formatDate(schoolDateOf(new Date(at)))} ${formatTime(at)}` : 'podepsáno') : 'chybí';
const orDash = (v: number | string | null) => (v === null || v === '' ? '—' : String(v));

export function renderVehicleRides(vm: VehicleRidesVm): TDocumentDefinitions {
  const minutes = vm.rides.reduce((s, r) => s + r.minutes, 0);
  const distance = vm.rides.reduce((s, r) => s + (km(r) ?? 0), 0);
  // A plain pdfmake table (strings, light rules, rows of one line that never need `dontBreakRows`): about half the
  // layout time of the ruled `table()` helper per row, which is what a year of rides is made of.
  const header = ['#', 'Datum', 'Od–do', 'Hod.', 'Žadatel (ev. č.)', 'Tach. před', 'Tach. po', 'km', 'Učitel', 'Podpis žadatele', 'Podpis učitele'];
  const body: Content =
    vm.rides.length === 0
      ? { text: 'Vozidlo nemá v tomto období žádnou zapsanou jízdu.', style: 'h2' }
      : ({
          table: {
            headerRows: 1,
            widths: [18, 44, 50, 22, '*', 44, 44, 26, 90, 100, 100],
            body: [
              header.map((h) => ({ text: h, bold: true })),
              ...vm.rides.map((r, i) => [
                String(i + 1),
                formatDate(schoolDateOf(new Date(r.start))),
                `${formatTime(r.start)}–${formatTime(r.end)}`,
                String(lessonHours(r.minutes)).replace('.', ','),
                r.student,
                orDash(r.tachometerBefore),
                orDash(r.tachometerAfter),
                orDash(km(r)),
                orDash(r.teacher),
                signedText(r.signed, r.signedAt),
                signedText(r.teacherSigned, r.teacherSignedAt),
              ]),
            ],
          },
          layout: 'lightHorizontalLines',
          font: PDF_FONT_CONDENSED,
          fontSize: 7.5,
        } as Content);
  return page({
    title: 'Evidence o výcviku v řízení vozidla',
    subtitle: `Vozidlo ${vm.vehicle.brand} ${vm.vehicle.plate} · ${monthText(vm.month)} (${range(vm)}) · podle § 11 vyhlášky č. 167/2002 Sb.; jen jízdy zapsané jako odjeté; podpisy jako obrázky obsahuje evidence výcviku každého žadatele`,
    school: vm.school,
    generatedOn: vm.generatedOn,
    orientation: 'landscape',
    content: [
      body,
      {
        margin: [0, 10, 0, 0],
        text: [
          { text: 'Celkem: ', bold: true },
          `${vm.rides.length} jízd, ${String(lessonHours(minutes)).replace('.', ',')} vyučovacích hodin, ${distance} km`,
        ],
      },
    ],
  });
}

export function renderConsistency(vm: ConsistencyVm): TDocumentDefinitions {
  const content: Content[] = [];
  vm.sections.forEach((s, i) => {
    content.push({ text: `${i + 1}. ${s.title}`, style: 'h2' });
    if (s.note) content.push({ text: s.note, style: 'small', margin: [0, 0, 0, 4] });
    if (s.findings.length === 0) {
      content.push({ text: CLEAN_TEXT, bold: true });
      return;
    }
    content.push({ text: `Nálezů: ${s.findings.length}`, style: 'small', margin: [0, 0, 0, 3] });
    content.push(
      table(
        [
          { header: 'Datum', width: 52 },
          { header: 'Čas', width: 56 },
          { header: 'Žák', width: 130 },
          { header: 'Vozidlo / učitel', width: 150 },
          { header: 'Nález', width: '*' },
        ],
        s.findings.map((f) => [formatDate(f.date), f.time || '—', f.student || '—', f.subject || '—', f.text]),
        { condensed: true, fontSize: 8 },
      ),
    );
  });
  return page({
    title: 'Kontrola konzistence záznamů',
    subtitle: `${range(vm)} · podklady pro kontrolu`,
    school: vm.school,
    generatedOn: vm.generatedOn,
    orientation: 'landscape',
    content,
  });
}

/** The render of a pack document by its key (the render thread's lookup beside the PDF kinds' registry). */
export function renderPackDocument(vm: PackDocumentVm): TDocumentDefinitions {
  return vm.kind === 'PACK_VEHICLE_RIDES' ? renderVehicleRides(vm) : renderConsistency(vm);
}
