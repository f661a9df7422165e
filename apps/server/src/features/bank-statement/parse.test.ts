import { readFileSync } from 'node:fs';
import { camt053Text, gpcText, windows1250 } from '@volant/shared/bank-statement/sample-files';
import { describe, expect, it } from 'vitest';
import { CSV_PRESET_MAPPINGS } from '@volant/shared/bank-statement/csv-presets';
import { type CsvColumnsInput, csvColumnsSchema } from '@volant/shared/bank-statement/inputs';
import { czechAmount, csvDate, decodeBankFile, parseCamt053, parseCsv, parseGpc, parseStatement, StatementFormatError } from './parse.ts';

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

describe('CSV presets', () => {
  it('reads the Fio preset: account line, Czech numbers and dates, signs, counter-account with its bank code', () => {
    const s = parseCsv(fixture('fio-sample.csv').toString('utf8'), CSV_PRESET_MAPPINGS.FIO);
    expect(s.account).toEqual({ iban: null, czechDigits: '19-2000145399/0800' });
    expect(s.transactions.map((t) => [t.transactionId, t.bookedOn, t.amount, t.credit, t.variableSymbol])).toEqual([
      ['24150001', '2026-11-03', 1500000, true, '2026012'],
      ['24150002', '2026-11-05', 250000, false, null],
      ['24150003', '2026-11-10', 899050, true, null],
    ]);
    expect(s.transactions[0]).toMatchObject({ counterAccount: '1234567890/0100', counterName: 'Novák Jan', message: 'Kurz B - záloha' });
  });

  it('names the line of a bad amount', () => {
    const text = fixture('fio-sample.csv').toString('utf8').replace('"8990,50"', '"8 990,5x"');
    expect(() => parseCsv(text, CSV_PRESET_MAPPINGS.FIO)).toThrow('Řádek 9: částka „8 990,5x“ není číslo.');
  });

  it('the presets are valid mappings of the same schema', () => {
    for (const m of Object.values(CSV_PRESET_MAPPINGS)) expect(csvColumnsSchema.parse(m)).toEqual(m);
  });
});

/** A Komerční banka-like export: no transaction id, credit and debit columns, the own account in a column. */
const KB_HEADER =
  'Datum splatnosti;Datum odepsání z jiné banky;Protiúčet a kód banky;Název protiúčtu;Částka příjmů;Částka výdajů;Originální částka a měna;VS;KS;SS;Identifikace transakce;Systémový popis;Popis příkazce;Popis pro příjemce;Vlastní účet';
const kbLine = (o: { date?: string; credit?: string; debit?: string; vs?: string; name?: string; msg?: string; counter?: string }) =>
  [
    o.date ?? '03.11.2026',
    '',
    o.counter ?? '123-4567890217/0100',
    o.name ?? 'NOVAK JAN',
    o.credit ?? '',
    o.debit ?? '',
    '',
    o.vs ?? '',
    '0308',
    '',
    '',
    'Příchozí úhrada',
    o.msg ?? '',
    '',
    '19-2000145399/0800',
  ].join(';');
const kb = (over: Partial<CsvColumnsInput> = {}) =>
  csvColumnsSchema.parse({
    delimiter: ';',
    date: 'Datum splatnosti',
    dateFormat: 'DD.MM.YYYY',
    credit: 'Částka příjmů',
    debit: 'Částka výdajů',
    variableSymbol: 'VS',
    counterAccount: 'Protiúčet a kód banky',
    payerName: 'Název protiúčtu',
    message: 'Popis příkazce',
    ownAccountColumn: 'Vlastní účet',
    ...over,
  });
const kbFile = (lines: string[]) => ['Výpis z účtu;;', 'Období;01.11.2026;30.11.2026', '', KB_HEADER, ...lines].join('\r\n');

describe('CSV with the office’s own columns', () => {
  it('finds the header by its names below other lines; credit/debit columns; counter-account as one column; own account column', () => {
    const s = parseCsv(
      kbFile([
        kbLine({ credit: '15 000,00', vs: '0002026012', msg: 'Kurz B' }),
        kbLine({ debit: '2 500,00', name: 'Nájem' }),
        kbLine({ credit: '8990,5', name: 'DVORAKOVA SARKA', counter: '5555555555/2010' }),
      ]),
      kb(),
    );
    expect(s.account).toEqual({ iban: null, czechDigits: '19-2000145399/0800' });
    expect(s.transactions.map((t) => [t.bookedOn, t.amount, t.credit, t.variableSymbol, t.counterAccount, t.counterName, t.message])).toEqual([
      ['2026-11-03', 1_500_000, true, '2026012', '123-4567890217/0100', 'NOVAK JAN', 'Kurz B'],
      ['2026-11-03', 250_000, false, null, '123-4567890217/0100', 'Nájem', null],
      ['2026-11-03', 899_050, true, null, '5555555555/2010', 'DVORAKOVA SARKA', null],
    ]);
  });

  it('a signed amount column, an id column, the counter bank code in its own column, a currency column, the own account on a line above', () => {
    const text = [
      'Číslo účtu:;CZ6508000000192000145399',
      'Datum;Částka;Měna;Protiúčet;Banka;Zpráva;ID',
      '2026-11-03;+1.500,00;CZK;1234567890;0100;"Záloha; kurz B";A1',
      '2026-11-04;-200;CZK;;;;A2',
    ].join('\n');
    const mapping = csvColumnsSchema.parse({
      delimiter: ';',
      date: 'Datum',
      dateFormat: 'YYYY-MM-DD',
      amount: 'Částka',
      currency: 'Měna',
      counterAccount: 'Protiúčet',
      counterBankCode: 'Banka',
      message: 'Zpráva',
      transactionId: 'ID',
      ownAccountLine: 'Číslo účtu',
    });
    const s = parseCsv(text, mapping);
    expect(s.account).toEqual({ iban: 'CZ6508000000192000145399', czechDigits: null });
    expect(s.transactions).toMatchObject([
      { transactionId: 'A1', amount: 150_000, credit: true, counterAccount: '1234567890/0100', message: 'Záloha; kurz B' },
      { transactionId: 'A2', amount: 20_000, credit: false, counterAccount: null },
    ]);
    expect(() => parseCsv(text.replace('-200;CZK', '-200;EUR'), mapping)).toThrow('Řádek 4: měna EUR není CZK.');
    expect(() => parseCsv(text.replace('Číslo účtu:', 'Účet:'), mapping)).toThrow('nemá nad záhlavím řádek „Číslo účtu“');
  });

  it('quoted fields: the delimiter, doubled quotes and a line break inside quotes; a comma or tab delimiter', () => {
    const comma = ['Date,Amount,Message', '"03.11.2026","1,500.00","Kurz, ""B"", VS 42"', '04.11.2026,10,"dva', 'řádky"', '05.11.2026,12x,'].join('\n');
    const m = csvColumnsSchema.parse({ delimiter: ',', date: 'Date', dateFormat: 'D.M.YYYY', amount: 'Amount', message: 'Message' });
    expect(() => parseCsv(comma, m)).toThrow('Řádek 5: částka „12x“ není číslo.');
    const ok = parseCsv(comma.split('\n').slice(0, 4).join('\n'), m);
    expect(ok.transactions.map((t) => [t.amount, t.message, t.variableSymbol])).toEqual([
      [150_000, 'Kurz, "B", VS 42', '42'],
      [1_000, 'dva\nřádky', null],
    ]);
    const tab = parseCsv(
      'Datum\tObjem\n3.11.2026\t"1 000,00"\n',
      csvColumnsSchema.parse({ delimiter: '\t', date: 'Datum', dateFormat: 'D.M.YYYY', amount: 'Objem' }),
    );
    expect(tab.transactions).toMatchObject([{ amount: 100_000, credit: true, bookedOn: '2026-11-03' }]);
    expect(() =>
      parseCsv('Datum;Objem\n3.11.2026;"1 000', csvColumnsSchema.parse({ delimiter: ';', date: 'Datum', dateFormat: 'D.M.YYYY', amount: 'Objem' })),
    ).toThrow('Řádek 2: neuzavřené uvozovky.');
  });

  it('the derived id is stable across a re-import and distinct for two equal payments on one day', () => {
    const two = kbFile([kbLine({ credit: '500,00', vs: '42' }), kbLine({ credit: '500,00', vs: '42' }), kbLine({ credit: '500,00', vs: '43' })]);
    const first = parseCsv(two, kb()).transactions.map((t) => t.transactionId);
    expect(new Set(first).size).toBe(3);
    expect(first.every((id) => id.length <= 64)).toBe(true);
    // The same export again (other lines around, other order of the unequal ones): the same ids.
    const again = kbFile([
      kbLine({ credit: '500,00', vs: '43' }),
      kbLine({ debit: '1,00' }),
      kbLine({ credit: '500,00', vs: '42' }),
      kbLine({ credit: '500,00', vs: '42' }),
    ]);
    const ids = parseCsv(again, kb())
      .transactions.filter((t) => t.credit)
      .map((t) => t.transactionId);
    expect(new Set(ids)).toEqual(new Set(first));
    // One more equal payment that day is a new transaction, the two known ones are not.
    const three = kbFile([kbLine({ credit: '500,00', vs: '42' }), kbLine({ credit: '500,00', vs: '42' }), kbLine({ credit: '500,00', vs: '42' })]);
    const newIds = parseCsv(three, kb()).transactions.map((t) => t.transactionId);
    expect(newIds.filter((id) => !first.includes(id))).toHaveLength(1);
  });

  it('Windows-1250 bytes: read by the chosen encoding and by AUTO; UTF-8 chosen for a 1250 file is refused in Czech', () => {
    const bytes = windows1250(kbFile([kbLine({ credit: '100,00', name: 'Dvořáková Šárka', msg: 'Žluťoučký kůň' })]));
    for (const encoding of ['CP1250', 'AUTO'] as const) {
      const s = parseStatement(bytes, 'CSV', kb({ encoding }));
      expect(s.transactions[0]).toMatchObject({ counterName: 'Dvořáková Šárka', message: 'Žluťoučký kůň' });
    }
    expect(() => parseStatement(bytes, 'CSV', kb({ encoding: 'UTF8' }))).toThrow('není v kódování UTF-8');
  });

  it('names the line and the field: bad date, bad amount, both credit and debit, other currency, two own accounts, missing column', () => {
    const parse =
      (lines: string[], over: Partial<CsvColumnsInput> = {}) =>
      () =>
        parseCsv(kbFile(lines), kb(over));
    expect(parse([kbLine({ credit: '1,00' }), kbLine({ date: '3.11.2026', credit: '1,00' })])).toThrow(
      'Řádek 6: datum „3.11.2026“ není ve formátu dd.mm.rrrr.',
    );
    expect(parse([kbLine({ date: '31.02.2026', credit: '1,00' })])).toThrow('Řádek 5: neplatné datum „2026-02-31“.');
    expect(parse([kbLine({ credit: '1,00' }), kbLine({ credit: '12x' })])).toThrow('Řádek 6: částka „12x“ není číslo.');
    expect(parse([kbLine({ credit: '1,00', debit: '2,00' })])).toThrow('Řádek 5: má částku v příjmech i ve výdajích.');
    expect(parse([kbLine({})])).toThrow('Řádek 5: chybí částka');
    expect(parse([kbLine({ credit: '1,00' }).replace('19-2000145399/0800', '1/0100'), kbLine({ credit: '1,00' })])).toThrow(
      'Řádek 6: výpis obsahuje více účtů.',
    );
    expect(parse([kbLine({ credit: '1,00' })], { currency: 'Měna' })).toThrow('Řádek 4: záhlaví nemá sloupec „Měna“.');
    expect(parse([kbLine({ credit: '1,00' })], { date: 'Datum' })).toThrow('Soubor CSV nemá řádek se záhlavím se sloupci „Datum“ a „Částka příjmů“');
    expect(parse([kbLine({ credit: '1,00' })], { delimiter: ',' })).toThrow('(oddělovač: čárka)');
  });

  it('amounts: decimal comma, thousands spaces and dots, signs, never a float', () => {
    const a = (s: string) => {
      const r = czechAmount(s, 1);
      return r.negative ? -r.amount : r.amount;
    };
    expect([a('1 500,00'), a('1\u00a0500,5'), a('-2500,00'), a('1.234.567,89'), a('1,234,567.89'), a('0,10'), a('10 Kč'), a('250,00-')]).toEqual([
      150_000, 150_050, -250_000, 123_456_789, 123_456_789, 10, 1_000, -25_000,
    ]);
    for (const bad of ['12x', '1,2,3', '1.500.00', '', '--1', '1,234']) {
      if (bad === '1,234') expect(a(bad)).toBe(123_400);
      else expect(() => czechAmount(bad, 7)).toThrow(`Řádek 7: částka „${bad}“ není číslo.`);
    }
    expect(csvDate('03.11.2026 14:05', 'DD.MM.YYYY', 1)).toBe('2026-11-03');
    expect(csvDate('2026-11-03T10:00:00+01:00', 'YYYY-MM-DD', 1)).toBe('2026-11-03');
  });

  it('a mapping without the date or any amount column gets a field message', () => {
    const r = csvColumnsSchema.safeParse({ delimiter: ';', date: '', dateFormat: 'D.M.YYYY' });
    expect(r.success).toBe(false);
    const issues = r.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['date', 'Vyberte sloupec.'],
        ['amount', 'Vyberte sloupec částky, nebo sloupec příjmů.'],
      ]),
    );
    expect(csvColumnsSchema.safeParse({ delimiter: ';', date: 'D', dateFormat: 'D.M.YYYY', amount: 'A', credit: 'C' }).error?.issues[0].message).toBe(
      'Vyberte buď sloupec částky, nebo sloupce příjmů a výdajů, ne obojí.',
    );
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
