import { describe, expect, it } from 'vitest';
import { csvAmount } from '../money.ts';
import { OWING_CSV_HEADER, owingCsv, owingCsvFileName, type OwingCsvRow } from './owing-csv.ts';

const row: OwingCsvRow = {
  name: 'Jan "Honza" Dvořák',
  registrationNumber: '2026/17',
  groups: ['B', 'BpE'],
  state: 'IN_PROGRESS',
  owed: 2_150_050,
  paid: 500_000,
  due: 1_650_050,
  since: '2026-03-01',
  days: 92,
};

describe('owingCsv', () => {
  it('is UTF-8 text with a BOM, a Czech header, ";" fields, CRLF lines and decimal commas', () => {
    const csv = owingCsv([row]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toEqual([
      '"Žák";"Evidenční číslo";"Skupiny";"Stav";"Cena (Kč)";"Zaplaceno (Kč)";"Dluží (Kč)";"Od kdy";"Dní"',
      '"Jan ""Honza"" Dvořák";"2026/17";"B, B+E";"Probíhající";"21500,50";"5000,00";"16500,50";"1.3.2026";"92"',
      '',
    ]);
    expect(new TextEncoder().encode(csv).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(OWING_CSV_HEADER).toHaveLength(lines[1].split(';').length);
  });

  it('keeps separators and line breaks inside quoted fields', () => {
    const csv = owingCsv([{ ...row, name: 'Nováková; Jana\nml.' }]);
    expect(csv).toContain('"Nováková; Jana\nml."');
  });

  it('turns text a spreadsheet would run as a formula into plain text', () => {
    const csv = owingCsv([{ ...row, name: '=HYPERLINK("http://x")', registrationNumber: '+1' }]);
    expect(csv).toContain('"\'=HYPERLINK(""http://x"")";"\'+1"');
  });

  it('names a student without a course price as missing, never as owing 0', () => {
    const csv = owingCsv([row], [{ name: 'Lukáš Procházka', registrationNumber: '2026/4', groups: ['A2'], state: 'IN_PROGRESS', paid: 100_050 }]);
    expect(csv.slice(1).split('\r\n')[2]).toBe('"Lukáš Procházka";"2026/4";"A2";"Probíhající";"chybí v ceníku";"1000,50";"chybí v ceníku";"";""');
  });

  it('only the header when nobody owes', () => {
    expect(owingCsv([])).toBe(`\uFEFF${OWING_CSV_HEADER.map((h) => `"${h}"`).join(';')}\r\n`);
  });
});

describe('csvAmount', () => {
  it('writes haléře as koruny with a decimal comma and no grouping', () => {
    expect([0, 5, 99, 100, 123456, 100_000_000, -150].map(csvAmount)).toEqual(['0,00', '0,05', '0,99', '1,00', '1234,56', '1000000,00', '-1,50']);
  });
});

describe('owingCsvFileName', () => {
  it('names the file by the school day', () => {
    expect(owingCsvFileName('2026-06-01')).toBe('nedoplatky-2026-06-01.csv');
  });
});
