// The legal minimum (issue 17): whether what a student ATTENDED (theory lessons marked attended) and COMPLETED
// (rides and PV lessons in state COMPLETED whose end is past) covers the student's plan (the law's, with the school's
// raises: `studentPlan`), per section, and what is missing, in Czech. ONE rule for the whole product: ending training
// ('Ukončit výcvik'), every document that certifies completion (the exam application) and the card's warnings call
// this function; the server gathers the counts (features/lesson-plan/legal-minimum.ts), the web only shows the answer.
//
// Units: theory is counted in lessons (one row of Výuka = one 45-minute lesson); driving, PV-ÚV and PV-ZP in 45-minute
// hours of completed rides. PV-ÚV and PV-ZP can be recorded either as Výuka lessons or as calendar lessons: the larger
// of the two counts (never their sum, so a lesson written in both places is not counted twice).
import type { LessonKind, TeachingSection } from '../enums.ts';
import { pluralCs } from '../format.ts';
import { PLAN_ITEMS, type PlanItem, type StudentPlan, THEORY_ITEMS } from './law.ts';

export interface LegalMinimumSection {
  item: PlanItem;
  /** 'lesson': theory lessons; 'hour': 45-minute hours of practical training. */
  unit: 'lesson' | 'hour';
  required: number;
  /** Whole units done (attended lessons; completed minutes / 45, rounded down). */
  done: number;
  /** Units still missing (0 when met). */
  missing: number;
  /**
   * Of `done`, the units from a previous school (a verified transfer record, issue 22 §4): documents print them as
   * 'Z předchozí autoškoly', never as this school's own. 0 when none.
   */
  prior: number;
}

export interface LegalMinimum {
  sections: LegalMinimumSection[];
  isMet: boolean;
  /** The sections not met, one Czech line each: 'PPV: chybí 14 z 18 lekcí'. Empty when met. */
  missing: string[];
}

export interface LegalMinimumInput {
  plan: StudentPlan['items'];
  /** Attended theory lessons per Výuka section (attended state, dated on or before the day judged). */
  attended: Partial<Record<TeachingSection, number>>;
  /** Minutes of COMPLETED practical lessons per kind, ended before the moment judged. */
  completedMinutes: Partial<Record<LessonKind, number>>;
  /**
   * What previous schools' verified transfer records show (issue 22 §4), counted the same way: attended lessons per
   * section and completed minutes per kind. They add to this school's own; the PV rule (the larger of lessons and
   * rides, never their sum) applies to the totals.
   */
  prior?: { attended: Partial<Record<TeachingSection, number>>; completedMinutes: Partial<Record<LessonKind, number>> };
}

/** How the missing list names each item. */
export const LEGAL_MINIMUM_LABELS: Record<PlanItem, string> = {
  PPV: 'PPV',
  OUV: 'OÚV',
  TZBJ: 'TZBJ',
  ZP: 'ZP',
  OP: 'OP',
  PV_UV: 'PV-ÚV',
  PV_ZP: 'PV-ZP',
  DRIVING: 'Jízdy',
};

const isTheory = (item: PlanItem) => (THEORY_ITEMS as readonly PlanItem[]).includes(item);

/** The student's standing against the plan, per item in the plan's order; items with nothing required are left out. */
export function legalMinimum(input: LegalMinimumInput): LegalMinimum {
  const sections: LegalMinimumSection[] = [];
  const pa = input.prior?.attended ?? {};
  const pm = input.prior?.completedMinutes ?? {};
  for (const item of PLAN_ITEMS) {
    const required = input.plan[item].hours;
    if (required <= 0) continue;
    if (isTheory(item)) {
      const own = input.attended[item as TeachingSection] ?? 0;
      const prior = pa[item as TeachingSection] ?? 0;
      const done = own + prior;
      sections.push({ item, unit: 'lesson', required, done, missing: Math.max(0, required - done), prior });
    } else {
      const ownMinutes = input.completedMinutes[item as LessonKind] ?? 0;
      const priorMinutes = pm[item as LessonKind] ?? 0;
      const minutes = ownMinutes + priorMinutes;
      const fromRides = Math.floor(minutes / 45);
      const priorLessons = item === 'DRIVING' ? 0 : (pa[item as TeachingSection] ?? 0);
      const fromLessons = item === 'DRIVING' ? 0 : (input.attended[item as TeachingSection] ?? 0) + priorLessons;
      // Missing is counted in minutes, so 60 minutes of 2 hours leave 1 hour (not 2) missing: ceil((90 - 60) / 45).
      const doneMinutes = Math.max(minutes, fromLessons * 45);
      const missing = Math.max(0, Math.ceil((required * 45 - doneMinutes) / 45));
      const done = Math.max(fromRides, fromLessons);
      // The previous school's share of what is counted: its units of the counted kind, never more than counted.
      const prior = Math.min(done, fromRides >= fromLessons ? Math.floor(priorMinutes / 45) : priorLessons);
      sections.push({ item, unit: 'hour', required, done, missing, prior });
    }
  }
  const notMet = sections.filter((s) => s.missing > 0);
  return { sections, isMet: notMet.length === 0, missing: notMet.map(missingLine) };
}

/**
 * The Czech preposition before a number as it is read: 'ze' before a reading starting with s/š/z/ž (6, 7, 16, 17,
 * 60–79, 100–199, 600–799, 6 000…), else 'z': 'z 18 lekcí' (z osmnácti), 'ze 17 lekcí' (ze sedmnácti).
 */
export function fromPreposition(n: number): 'z' | 'ze' {
  let lead = Math.floor(Math.abs(n));
  let thousands = false;
  while (lead >= 1000) {
    lead = Math.floor(lead / 1000);
    thousands = true;
  }
  if (thousands && lead === 1) return 'z'; // 'tisíc'
  if (lead >= 100) {
    const h = Math.floor(lead / 100);
    return h === 1 || h === 6 || h === 7 ? 'ze' : 'z'; // sto, šest set, sedm set
  }
  if (lead >= 20) {
    const t = Math.floor(lead / 10);
    return t === 6 || t === 7 ? 'ze' : 'z'; // šedesát, sedmdesát
  }
  return lead === 6 || lead === 7 || lead === 16 || lead === 17 ? 'ze' : 'z';
}

/** 'PPV: chybí 14 z 18 lekcí', 'Jízdy: chybí 1 ze 7 hodin', 'ZP: chybí 1 z 1 lekce' (the noun agrees with the total). */
export function missingLine(s: Pick<LegalMinimumSection, 'item' | 'unit' | 'required' | 'missing'>): string {
  const noun = s.unit === 'lesson' ? pluralCs(s.required, ['lekce', 'lekcí', 'lekcí']) : pluralCs(s.required, ['hodiny', 'hodin', 'hodin']);
  return `${LEGAL_MINIMUM_LABELS[s.item]}: chybí ${s.missing} ${fromPreposition(s.required)} ${s.required} ${noun}`;
}

/** The refusal of ending training or of a certifying document, with what is missing: '…: PPV: chybí 14 z 18 lekcí; Jízdy: …'. */
export function legalMinimumRefusal(missing: readonly string[], who?: string): string {
  const head = who ? `${who} nemá absolvovaný rozsah výuky a výcviku stanovený zákonem` : 'Žák nemá absolvovaný rozsah výuky a výcviku stanovený zákonem';
  return `${head}. ${missing.join('; ')}.`;
}

/** The reasons the office picks from when it ends training early ('Ukončit předčasně'); any other text is allowed. */
export const EARLY_END_REASONS = ['Přestup do jiné autoškoly', 'Ukončení výcviku žákem'] as const;
