// The owing list as a CSV file for Czech Excel (issue 9 'Balance and overdue'): UTF-8 with a BOM (without it Excel
// reads the file as cp1250 and breaks the diacritics), ';' between fields (a comma is the Czech decimal mark), CRLF
// line ends, every field quoted with quotes doubled, amounts with a decimal comma and no thousands separator (so
// Excel reads them as numbers), dates D.M.YYYY.
import { STUDENT_STATE_LABELS, type StudentState } from '../enums.ts';
import { formatDate, groupsText } from '../format.ts';
import { csvAmount } from '../money.ts';
import type { CalendarDate } from '../school-time.ts';

export interface OwingCsvRow {
  name: string;
  registrationNumber: string;
  groups: readonly string[];
  state: StudentState;
  /** Haléře. */
  owed: number;
  paid: number;
  due: number;
  since: CalendarDate;
  days: number;
}

/** A student in training whose course price the price list lacks: what they owe is not known (not 0). */
export interface OwingCsvMissingRow {
  name: string;
  registrationNumber: string;
  groups: readonly string[];
  state: StudentState;
  /** Haléře paid so far. */
  paid: number;
}

/** What the CSV says instead of an amount for a student without a course price. */
export const CSV_PRICE_MISSING = 'chybí v ceníku';

export const OWING_CSV_HEADER = ['Žák', 'Evidenční číslo', 'Skupiny', 'Stav', 'Cena (Kč)', 'Zaplaceno (Kč)', 'Dluží (Kč)', 'Od kdy', 'Dní'] as const;

const BOM = '\uFEFF';

/**
 * A quoted field. Text a spreadsheet would run as a formula (starting with = + - @ or a tab/CR) gets a leading
 * apostrophe, so a name typed as '=HYPERLINK(…)' stays text.
 */
function field(value: string, isText = true): string {
  const safe = isText && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** The owing rows, then the students without a price (their price and debt named as missing, never 0). */
export function owingCsv(rows: readonly OwingCsvRow[], missing: readonly OwingCsvMissingRow[] = []): string {
  const lines = [OWING_CSV_HEADER.map((h) => field(h)).join(';')];
  for (const r of rows) {
    lines.push(
      [
        field(r.name),
        field(r.registrationNumber),
        field(groupsText(r.groups)),
        field(STUDENT_STATE_LABELS[r.state]),
        field(csvAmount(r.owed), false),
        field(csvAmount(r.paid), false),
        field(csvAmount(r.due), false),
        field(formatDate(r.since), false),
        field(String(r.days), false),
      ].join(';'),
    );
  }
  for (const r of missing) {
    lines.push(
      [
        field(r.name),
        field(r.registrationNumber),
        field(groupsText(r.groups)),
        field(STUDENT_STATE_LABELS[r.state]),
        field(CSV_PRICE_MISSING),
        field(csvAmount(r.paid), false),
        field(CSV_PRICE_MISSING),
        field(''),
        field(''),
      ].join(';'),
    );
  }
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

export const owingCsvFileName = (today: CalendarDate) => `nedoplatky-${today}.csv`;
