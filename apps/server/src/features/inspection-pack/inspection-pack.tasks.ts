// The inspection pack's two computations over a whole year of rows (issue 22 §2): the consistency report and the
// verification of the record chain. The HTTP thread only reads the rows, a page at a time, and hands each page over
// (`stage`); the work itself — sorting and checking 60,000 rides, hashing every record and chain entry, laying out the
// report — runs here, in a render thread (pdf/render-thread.ts), so /healthz stays fast while a pack is built. Tests run
// the same functions in their own thread (inspection-pack.jobs.ts's in-process work).
//
// Pure: rows in, the ZIP's entries out. No database, no clock (the pack's `now` is passed).
import type { SchoolVm } from '@volant/shared/pdf/view-models';
import type { TDocumentDefinitions } from 'pdfmake/interfaces.js';
import type { RecordRows } from '../record-chain/record-chain.queries.ts';
import type { StoredEntry } from '../record-chain/record-chain.rules.ts';
import { reportText, verifyRecords, type VerificationInput } from '../record-chain/record-chain.service.ts';
import { type PackDocumentVm, renderConsistency } from './inspection-pack.pdf.ts';
import { renderVehicleRidesPdf } from './vehicle-rides.pdfkit.ts';
import {
  CHECK_RUNNERS,
  CHECKS,
  type ConsistencyInput,
  type ConsistencySection,
  consistencyCsv,
  consistencyText,
  type RideRow,
  sectionOf,
} from './inspection-pack.rules.ts';

/** One file of the ZIP. */
export interface TaskEntry {
  name: string;
  bytes: Uint8Array;
}

/** The rows a task was handed page by page, by part ('rides', 'entries', …). */
export type Staged = Map<string, unknown[]>;

export interface ConsistencyTaskInput extends Omit<ConsistencyInput, 'rides'> {
  school: SchoolVm;
}

export interface ChainTaskInput {
  schoolId: string;
  schoolName: string;
  head: VerificationInput['head'];
  names: VerificationInput['names'];
  exams: RecordRows['exams'];
  dates: RecordRows['dates'];
  checkedAt: Date;
}

export interface PackTasks {
  consistency: ConsistencyTaskInput;
  chain: ChainTaskInput;
}
export type PackTaskName = keyof PackTasks;
export const PACK_TASK_NAMES: readonly PackTaskName[] = ['consistency', 'chain'];
export const isPackTaskName = (name: string): name is PackTaskName => (PACK_TASK_NAMES as readonly string[]).includes(name);

const utf8 = (text: string) => new TextEncoder().encode(text);
const staged = <T>(s: Staged, part: string) => (s.get(part) ?? []) as T[];

/** 'Kontrola konzistence' as PDF, CSV (for Excel: BOM, semicolons) and text, over the staged 'rides'. */
async function consistency(input: ConsistencyTaskInput, s: Staged, pdf: (d: TDocumentDefinitions) => Promise<Uint8Array>): Promise<TaskEntry[]> {
  const { school, ...rest } = input;
  const all: ConsistencyInput = { ...rest, rides: staged<RideRow>(s, 'rides') };
  const sections: ConsistencySection[] = CHECKS.map((key) => sectionOf(key, CHECK_RUNNERS[key](all)));
  const bytes = await pdf(renderConsistency({ kind: 'PACK_CONSISTENCY', generatedOn: input.today, school, from: input.from, to: input.to, sections }));
  return [
    { name: 'kontrola-konzistence.pdf', bytes },
    { name: 'kontrola-konzistence.csv', bytes: utf8(`\uFEFF${consistencyCsv(sections)}`) },
    { name: 'kontrola-konzistence.txt', bytes: utf8(consistencyText(sections, { school: school.name, from: input.from, to: input.to, made: input.today })) },
  ];
}

/** The chain's verification (the same as `npm run verify-records`) over the staged 'entries', 'rides' and 'lessons'. */
function chain(input: ChainTaskInput, s: Staged): TaskEntry[] {
  const rows: RecordRows = { rides: staged(s, 'rides'), lessons: staged(s, 'lessons'), exams: input.exams, dates: input.dates };
  const report = verifyRecords(input.schoolId, { head: input.head, entries: staged<StoredEntry>(s, 'entries'), rows, names: input.names }, input.checkedAt);
  return [
    { name: 'overeni-zaznamu.txt', bytes: utf8(`${reportText(report, input.schoolName)}\n`) },
    { name: 'overeni-zaznamu.json', bytes: utf8(`${JSON.stringify(report, null, 2)}\n`) },
  ];
}

/** A pack document's PDF: the vehicle's rides drawn with pdfkit, the consistency report laid out by pdfmake (`pdf`). */
export function renderPackPdf(vm: PackDocumentVm, pdf: (d: TDocumentDefinitions) => Promise<Uint8Array>): Promise<Uint8Array> {
  return vm.kind === 'PACK_VEHICLE_RIDES' ? renderVehicleRidesPdf(vm) : pdf(renderConsistency(vm));
}

/** Runs a task over what was staged for it; `pdf` lays out a definition (the thread's pdfmake). */
export async function runPackTask<N extends PackTaskName>(
  name: N,
  input: PackTasks[N],
  s: Staged,
  pdf: (d: TDocumentDefinitions) => Promise<Uint8Array>,
): Promise<TaskEntry[]> {
  return name === 'consistency' ? consistency(input as ConsistencyTaskInput, s, pdf) : chain(input as ChainTaskInput, s);
}
