// The inspection pack's own two documents (issue 22 §2), rendered in the render thread like every other document
// (pdf/render-thread.ts looks them up by their key through `packDocumentOf`):
// - 'Evidence o výcviku v řízení vozidla' per vehicle (decree §11, the "vozák"): the vehicle's registered rides of the
//   range in time order — date, from–to, hours, the student (registration number and name), odometer before and after,
//   km, the teacher and whether each signature is attached, with the server time it was saved. Only registered
//   (COMPLETED) rides: a planned ride is not a record. One document per vehicle for the range, its rides under a
//   heading per month (and a bookmark per month to leaf through), drawn with pdfkit row by row
//   (vehicle-rides.pdfkit.ts: no layout to do, one font set per vehicle). The signatures are not drawn here (60,000
//   drawn signatures take minutes; the budget is a minute for the whole year): each student's own 'Evidence o výcviku
//   v řízení vozidla' (REPORT_VEHICLE_DRIVING_TRAINING) shows them as pictures.
// - 'Kontrola konzistence': the consistency report's sections (inspection-pack.rules.ts), each finding with its record.
// Pure: view-model in; the consistency report as a pdfmake definition, the vehicle's rides as cells and texts.
import { formatDate, formatTime, pluralCs } from '@volant/shared/format';
import { lessonHours } from '@volant/shared/lesson-plan/law';
import type { SchoolVm } from '@volant/shared/pdf/view-models';
import { schoolDateOf } from '@volant/shared/school-time';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { page, table } from '../../pdf/layout.ts';
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
  /** The vehicle's registered rides of the range by time (the document groups them by month). */
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
/** 'YYYY-MM' → 'březen 2025'. */
export const monthText = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(0, 4)}`;
const range = (vm: { from: string; to: string }) => `Období ${formatDate(vm.from)} – ${formatDate(vm.to)}`;
const km = (r: VehicleRideVm) => (r.tachometerBefore !== null && r.tachometerAfter !== null ? r.tachometerAfter - r.tachometerBefore : null);
/** 'podepsáno 12.3.2026 09:31', 'podepsáno' (no time kept) or 'chybí'. */
const signedText = (signed: boolean, at: string | null) =>
  signed ? (at ? `podepsáno ${formatDate(schoolDateOf(new Date(at)))} ${formatTime(at)}` : 'podepsáno') : 'chybí';
const orDash = (v: number | string | null) => (v === null || v === '' ? '—' : String(v));

/** One ride's cells, in the columns' order (both renderings of the document). */
export function vehicleRideCells(r: VehicleRideVm, i: number): string[] {
  return [
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
  ];
}

export const vehicleRidesSubtitle = (vm: VehicleRidesVm) =>
  `Vozidlo ${vm.vehicle.brand} ${vm.vehicle.plate} · ${range(vm)} · podle § 11 vyhlášky č. 167/2002 Sb.; jen jízdy zapsané jako odjeté, po měsících; podpisy jako obrázky obsahuje evidence výcviku každého žadatele`;

/** 'Celkem: 125 jízd, 250 vyučovacích hodin, 3750 km' of some rides (a month's, the whole document's). */
export function ridesTotalText(rides: readonly VehicleRideVm[]): string {
  const minutes = rides.reduce((s, r) => s + r.minutes, 0);
  const distance = rides.reduce((s, r) => s + (km(r) ?? 0), 0);
  return `${rides.length} ${pluralCs(rides.length, ['jízda', 'jízdy', 'jízd'])}, ${String(lessonHours(minutes)).replace('.', ',')} ${pluralCs(lessonHours(minutes), ['vyučovací hodina', 'vyučovací hodiny', 'vyučovacích hodin', 'vyučovací hodiny'])}, ${distance} km`;
}

/** The rides by the school's month of their start ('YYYY-MM'), in order. */
export function ridesByMonth(rides: readonly VehicleRideVm[]): { month: string; rides: VehicleRideVm[] }[] {
  const out: { month: string; rides: VehicleRideVm[] }[] = [];
  for (const r of rides) {
    const month = schoolDateOf(new Date(r.start)).slice(0, 7);
    const last = out.at(-1);
    if (last?.month === month) last.rides.push(r);
    else out.push({ month, rides: [r] });
  }
  return out;
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
