// The demo schools' price list (Nastavení → Ceník, issue 17): what a Czech driving school of 2026 asks for each course
// (group × training kind × training type) and for the extras, so a new demo student shows a price 'dle ceníku' and a
// started one appears under Nedoplatky. Typed in koruny as an office would, stored as haléře.
import type { LicenceGroup, PriceExtra, TrainingKind, TrainingType } from '@volant/shared/enums';
import { toHalere } from '@volant/shared/money';
import type { DbOrTx } from '../client.ts';
import { schema } from '../schema.ts';

const { schoolPriceList, schoolPriceExtras } = schema;

/** [group, kind, type, koruny] */
export const DEMO_PRICE_LIST: readonly (readonly [LicenceGroup, TrainingKind, TrainingType, number])[] = [
  // Osobní automobil: the course, the individual plan (ISP), and the extensions a B holder or a former holder takes.
  ['B', 'BASIC', 'COURSE', 24_900],
  ['B', 'BASIC', 'ISP', 27_900],
  ['B', 'EXPANDING', 'COURSE', 19_900],
  ['B', 'COMPLEMENTARY', 'COURSE', 8_900],
  ['B96', 'EXPANDING', 'COURSE', 6_900],
  ['BpE', 'EXPANDING', 'COURSE', 11_900],
  // Motocykly.
  ['AM', 'BASIC', 'COURSE', 12_900],
  ['A1', 'BASIC', 'COURSE', 17_900],
  ['A2', 'BASIC', 'COURSE', 19_900],
  ['A2', 'BASIC', 'ISP', 22_900],
  ['A2', 'EXPANDING', 'COURSE', 12_900],
  ['A', 'BASIC', 'COURSE', 22_900],
  ['A', 'EXPANDING', 'COURSE', 13_900],
  // Nákladní automobil (from B) and traktor.
  ['C', 'EXPANDING', 'COURSE', 32_900],
  ['C', 'EXPANDING', 'ISP', 35_900],
  ['T', 'EXPANDING', 'COURSE', 14_900],
];

/** [extra, koruny per unit] */
export const DEMO_PRICE_EXTRAS: readonly (readonly [PriceExtra, number])[] = [
  ['EXTRA_RIDE', 900],
  ['PV_LESSON', 450],
  ['EXTRA_LESSON', 400],
  ['EXAM_REPEAT', 1_200],
  ['ADMIN_FEE', 700],
];

/** Fills a school's price list and extras (haléře). */
export async function insertDemoPrices(tx: DbOrTx, schoolId: string, now: Date) {
  await tx
    .insert(schoolPriceList)
    .values(DEMO_PRICE_LIST.map(([group, kind, variant, czk]) => ({ schoolId, group, kind, variant, price: toHalere(czk), updatedAt: now })));
  await tx.insert(schoolPriceExtras).values(DEMO_PRICE_EXTRAS.map(([item, czk]) => ({ schoolId, item, price: toHalere(czk), updatedAt: now })));
}
