import { readFileSync } from 'node:fs';
import { camt053Text, gpcText, windows1250 } from '@volant/shared/bank-statement/sample-files';
import { describe, expect, it } from 'vitest';
import { CSV_MAPPINGS, decodeBankFile, parseCamt053, parseCsv, parseGpc, parseStatement, StatementFormatError } from './parse.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

const expected = [
  { transactionId: '1001', bookedOn: '2026-11-27', amount: 1500000, credit: true, variableSymbol: '2026012', counterName: 'Novák Jan' },
  { transactionId: '1002', amount: 250000, credit: false },
  { transactionId: '1003', amount: 899000, credit: true, variableSymbol: null, counterName: 'Dvořáková Šárka' },
];

describe('ABO/GPC', () => {
  it('reads the Windows-1250 fixture: account, items, credits and debits, the 078 message', () => {
    const s = parseStatement(fixture('kb-sample.gpc'), 'AUTO', null);
    expect(s.format).toBe('GPC');
    expect(s.account).toEqual({ iban: null, czechDigits: '0000192000145399' });
    expect(s.transactions).toHaveLength(3);
    s.transactions.forEach((t, i) => {
      expect(t).toMatchObject(expected[i]);
    });
    expect(s.transactions[0]).toMatchObject({ message: 'Kurz B - záloha', counterAccount: '1234567890/0100' });
  });

  it('names the line of a malformed record', () => {
    const text = gpcText('0000192000145399', [
      { id: '1', amount: 100 },
      { id: '2', amount: 200 },
    ]);
    const lines = text.split('\r\n');
    lines[2] = `${lines[2].slice(0, 48)}12x456789012${lines[2].slice(60)}`;
    expect(() => parseGpc(lines.join('\r\n'))).toThrow('Řádek 3: částka není číslo.');
    expect(() => parseGpc(`${text}999 nesmysl\r\n`)).toThrow('Řádek 4: neznámý typ záznamu „999“');
    expect(() => parseGpc('075000')).toThrow(StatementFormatError);
    expect(() => parseGpc('')).toThrow('hlavičku výpisu');
  });

  it('refuses an impossible date and an item of another account', () => {
    const text = gpcText('0000192000145399', [{ id: '1', amount: 100, date: '2026-02-30' }]);
    expect(() => parseGpc(text)).toThrow('Řádek 2: neplatné datum');
    const other = text.split('\r\n');
    other[1] = `075${'9'.repeat(16)}${other[1].slice(19)}`;
    expect(() => parseGpc(other.join('\r\n'))).toThrow('Řádek 2: položka patří k jinému účtu');
  });
});

describe('camt.053', () => {
  it('reads the fixture: IBAN, entries, VS from Strd/CdtrRefInf, AcctSvcrRef as id', () => {
    const s = parseStatement(fixture('sample-camt053.xml'), 'AUTO', null);
    expect(s.format).toBe('CAMT053');
    expect(s.account.iban).toBe('CZ6508000000192000145399');
    s.transactions.forEach((t, i) => {
      expect(t).toMatchObject(expected[i]);
    });
  });

  it('finds VS=… in the unstructured message and keeps amounts exact', () => {
    const xml = camt053Text('CZ6508000000192000145399', [{ id: 'A-1', amount: 1999, message: 'Platba VS=0042 kurz' }]);
    const [t] = parseCamt053(xml).transactions;
    expect(t).toMatchObject({ transactionId: 'A-1', amount: 1999, variableSymbol: '42' });
  });

  it('names the line of a broken entry or broken XML', () => {
    const xml = camt053Text('CZ6508000000192000145399', [
      { id: 'A', amount: 100 },
      { id: 'B', amount: 200 },
    ]);
    const broken = xml.replace('<Amt Ccy="CZK">2.00</Amt>', '<Amt Ccy="CZK">2,00</Amt>');
    const line = broken.split('\n').findIndex((l) => l.includes('2,00'));
    expect(() => parseCamt053(broken)).toThrow(/^Řádek \d+: neplatná částka „2,00“/);
    expect(line).toBeGreaterThan(0);
    expect(() => parseCamt053(xml.replace('</Stmt>', ''))).toThrow(/^Řádek \d+: soubor není platné XML/);
    expect(() => parseCamt053('<a/>')).toThrow('není výpis camt.053');
  });
});

describe('CSV', () => {
  it('reads the Fio preset: account line, Czech numbers and dates, signs', () => {
    const s = parseCsv(fixture('fio-sample.csv').toString('utf8'), CSV_MAPPINGS.FIO);
    expect(s.account).toEqual({ iban: null, czechDigits: '19-2000145399/0800' });
    expect(s.transactions.map((t) => [t.transactionId, t.bookedOn, t.amount, t.credit, t.variableSymbol])).toEqual([
      ['24150001', '2026-11-03', 1500000, true, '2026012'],
      ['24150002', '2026-11-05', 250000, false, null],
      ['24150003', '2026-11-10', 899050, true, null],
    ]);
  });

  it('names the line of a bad amount', () => {
    const text = fixture('fio-sample.csv').toString('utf8').replace('"8990,50"', '"8 990,5x"');
    expect(() => parseCsv(text, CSV_MAPPINGS.FIO)).toThrow('Řádek 9: neplatná částka');
  });
});

describe('decoding', () => {
  it('reads UTF-8 as UTF-8 and anything else as Windows-1250', () => {
    expect(decodeBankFile(new TextEncoder().encode('Žluťoučký'))).toBe('Žluťoučký');
    expect(decodeBankFile(windows1250('Žluťoučký kůň'))).toBe('Žluťoučký kůň');
  });

  it('never throws anything but StatementFormatError for random bytes', () => {
    for (let n = 0; n < 300; n++) {
      const bytes = new Uint8Array(12 + Math.floor(Math.random() * 400)).map(() => Math.floor(Math.random() * 256));
      if (n % 3 === 0) bytes.set(new TextEncoder().encode('074'), 0);
      if (n % 3 === 1) bytes.set(new TextEncoder().encode('<Document>'), 0);
      try {
        parseStatement(bytes, 'AUTO', null);
      } catch (e) {
        expect(e).toBeInstanceOf(StatementFormatError);
      }
    }
  });
});
