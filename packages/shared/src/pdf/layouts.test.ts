import { describe, expect, it } from 'vitest';
import {
  classBookLayout,
  invoiceLayout,
  distance,
  drivingRecordLayout,
  examApplicationLayout,
  hoursWord,
  partialCompletionLayout,
  period,
  registerBookLayout,
  reportLayout,
  schoolFields,
} from './layouts.ts';
import { classBookVm, drivingRecordVm, examVm, invoiceVm, partialCompletionVm, registerBookVm, reportVm } from './view-model-fixtures.ts';
import { formatHours } from './view-models.ts';

const labels = (fields: { label: string }[]) => fields.map((f) => f.label);

describe('document layouts', () => {
  it('lays out the school block, with the office only where asked', () => {
    const plain = schoolFields(reportVm.school);
    expect(labels(plain)).toEqual(['Autoškola', 'Číslo registrace autoškoly', 'Adresa provozovny', 'Kontakt', 'Provozovatel']);
    expect(plain.find((f) => f.label === 'Provozovatel')).toEqual({
      label: 'Provozovatel',
      value: 'Řidičák Plus s.r.o., IČO 27182818, Údolní 5, 602 00 Brno',
      span: 3,
    });
    expect(labels(schoolFields(reportVm.school, { withOffice: true })).slice(5)).toEqual([
      'Obecní úřad obce s rozšířenou působností',
      'Číslo pro Magistrát hl. m. Prahy',
    ]);
  });

  it('lays out the hlášenka: the grid, the applicants with formatted cells, the empty line', () => {
    const l = reportLayout(reportVm);
    expect(l.grid.columns).toBe(3);
    expect(l.grid.fields.slice(-3)).toEqual([
      { label: 'Datum zahájení výuky a výcviku', value: '2.2.2026' },
      { label: 'Počet žadatelů', value: '1' },
      { label: 'Datum odeslání', value: null },
    ]);
    expect(l.section).toBe('Žadatelé');
    expect(l.table.columns.map((c) => c.header)).toEqual([
      'Č.',
      'Ev. č.',
      'Příjmení a jméno, titul',
      'Datum narození',
      'Adresa pobytu',
      'Skupina',
      'Druh výuky a výcviku',
      'Zahájení',
    ]);
    expect(l.table.columns[2]?.strong).toBe(true);
    expect(l.table.rows).toEqual([['1', 'EV-2026/014', 'Řeháková Žofie, Bc.', '17.5.2006', 'Lidická 12, 602 00 Brno', 'B', 'Základní', '2.2.2026']]);
    expect(reportLayout({ ...reportVm, students: [] }).table).toMatchObject({ rows: [], empty: 'Na hlášence není žádný žadatel.' });
  });
});

describe('exam application and register book layouts', () => {
  it('lays out the exam application with the term, the parts and the statement', () => {
    const l = examApplicationLayout(examVm);
    expect(labels(l.grid.fields).slice(-5)).toEqual(['Termín zkoušky', 'Místo konání', 'Druhy zkoušky', 'Poznámka', 'Počet žadatelů']);
    expect(l.grid.fields.find((f) => f.label === 'Poznámka')?.span).toBe(2);
    expect(l.section).toBe('Přihlášení žadatelé');
    expect(l.table.columns.map((c) => c.header)).toContain('Skupina a části zkoušky');
    expect(l.table.rows).toHaveLength(examVm.students.length);
    expect(l.table.rows[0]?.[0]).toBe('1');
    expect(l.statement).toMatch(/výcvik/);
    expect(examApplicationLayout({ ...examVm, students: [] }).table.empty).toBe('Na termín zatím není přihlášen žádný žadatel.');
  });

  it('lays out the register book with the period and the removed applicants marked', () => {
    const l = registerBookLayout(registerBookVm);
    expect(l.grid.fields.find((f) => f.label === 'Období')?.span).toBe(2);
    expect(l.table.columns).toHaveLength(12);
    expect(l.table.rows).toHaveLength(registerBookVm.rows.length);
    const removed = registerBookLayout({ ...registerBookVm, rows: registerBookVm.rows.map((r) => ({ ...r, removedOn: '2026-03-01' })) });
    expect(removed.table.rows[0]?.[10]).toBe('Vyřazen z evidence 1.3.2026');
    expect(registerBookLayout({ ...registerBookVm, rows: [] }).table.empty).toBe('V tomto období nebyl přijat žádný žadatel.');
  });
});

describe('driving record layout', () => {
  it('lays out one section per vehicle with the ride cells, the totals row and the overall total', () => {
    const l = drivingRecordLayout(drivingRecordVm);
    expect(l.grid.columns).toBe(4);
    expect(l.empty).toBeNull();
    expect(l.sections[0]?.title).toBe('Vozidlo: Škoda Octavia, RZ 1BČ2345');
    expect(l.sections[0]?.table.columns.map((c) => c.header).slice(-2)).toEqual(['Podpis žadatele', 'Podpis učitele']);
    expect(l.sections[0]?.table.rows[0]?.slice(0, 4)).toEqual(['1', '3.2.2026', '08:00–09:30', '2']);
    expect(l.sections[0]?.table.rows[0]?.at(-1)).toBe('Ing. Miroslav Kříž');
    expect(l.sections[0]?.table.totals?.slice(1, 3)).toEqual(['Celkem', '1 jízda']);
    expect(l.total.text).toMatch(/^1 jízda, 2 hodiny výcviku v řízení/);
    // Czech plurals of the hours (issue 17: '2 hodin výcviku'), 45-minute hours, whole and with decimals.
    expect([45, 90, 135, 180, 225, 67.5, 0].map((m) => `${formatHours(m)} ${hoursWord(m)}`)).toEqual([
      '1 hodina',
      '2 hodiny',
      '3 hodiny',
      '4 hodiny',
      '5 hodin',
      '1,5 hodiny',
      '0 hodin',
    ]);
    const none = drivingRecordLayout({ ...drivingRecordVm, vehicles: [] });
    expect(none.empty).toBe('Žadatel zatím nemá žádnou zapsanou jízdu.');
    expect(none.sections).toEqual([]);
  });

  it('counts the distance only from both readings going forward', () => {
    expect(distance({ tachometerBefore: 100, tachometerAfter: 131 })).toBe(31);
    expect(distance({ tachometerBefore: 131, tachometerAfter: 100 })).toBe(0);
    expect(distance({ tachometerBefore: null, tachometerAfter: 100 })).toBe(0);
  });
});

describe('partial completion layout', () => {
  it('lays out the theory with its totals row, the practical training and the periods', () => {
    const l = partialCompletionLayout(partialCompletionVm);
    expect(labels(l.student.fields)[0]).toBe('Žadatel (jméno, příjmení, titul)');
    expect(l.theory.table.rows[0]?.slice(1)).toEqual(['12', '18', '2.2.2026 – 20.2.2026']);
    expect(l.theory.table.totals).toEqual(['Celkem', '12', '18', '']);
    expect(l.practical.table.rows[0]?.slice(1)).toEqual(['3', '6', '28', '2.3.2026 – 4.3.2026']);
    expect(l.practical.table.totals).toBeUndefined();
    const none = partialCompletionLayout({ ...partialCompletionVm, theory: [], practical: [] });
    expect([none.theory.table.rows, none.practical.table.rows]).toEqual([[], []]);
    expect(none.theory.table.empty).toBe('Žadatel neabsolvoval žádnou výuku.');
    expect(none.practical.table.empty).toBe('Žadatel neabsolvoval žádný výcvik.');
  });

  it('prints a period as one day, a range, or a dash', () => {
    expect(period('2026-02-02', '2026-02-02')).toBe('2.2.2026');
    expect(period('2026-02-02', '2026-02-20')).toBe('2.2.2026 – 20.2.2026');
    expect(period(null, null)).toBe('–');
  });
});

describe('class book layout', () => {
  it('lays out the scope, the attendance columns per section, the interpreters and the hours with a blank signature cell', () => {
    const l = classBookLayout(classBookVm);
    const headers = l.students.table.columns.map((c) => c.header);
    expect(headers.slice(0, 6)).toEqual(['Č.', 'Ev. č.', 'Příjmení a jméno, titul', 'Datum narození', 'Držené skupiny', 'Žádá o skupinu']);
    expect(headers.slice(-2)).toEqual(['Celkem', 'Tlumočník']);
    expect(headers).toHaveLength(8 + classBookVm.course.scope.length);
    expect(l.students.table.rows).toHaveLength(classBookVm.students.length);
    expect(l.interpreters === null).toBe(!classBookVm.students.some((s) => s.interpreter));
    expect(l.hours.table.rows.every((r) => r.at(-1) === '')).toBe(true);
    const empty = classBookLayout({ ...classBookVm, students: [], hours: [] });
    expect(empty.students.table.empty).toBeNull();
    expect(empty.interpreters).toBeNull();
    expect(empty.hours.table.empty).toBe('Zatím nebyla zapsána žádná vyučovací hodina.');
  });
});

describe('invoice layout', () => {
  it('lays out a VAT payer’s cancelled invoice: banner, parties, the VAT column and summary, the total', () => {
    const l = invoiceLayout(invoiceVm);
    expect(l.cancelled).toEqual({ label: 'STORNOVÁNO', text: ' dne 2.4.2026 · důvod: Chybná částka · opravný doklad č. 20260008' });
    expect(l.parties.map((p) => p.title)).toEqual(['Dodavatel', 'Odběratel']);
    expect(l.parties[0]?.lines).toEqual(['Údolní 5, 602 00 Brno', 'IČO: 27182818', 'DIČ: CZ27182818']);
    expect(l.parties[1]?.lines).toEqual(['Lidická 12, 602 00 Brno']);
    expect(l.grid.fields[2]?.label).toBe('Datum uskutečnění zdanitelného plnění');
    expect(l.items.table.columns.map((c) => c.header)).toEqual(['Č.', 'Označení dodávky', 'Množství', 'Cena za jednotku s DPH', 'DPH', 'Celkem']);
    expect(l.items.table.rows[0]?.[4]).toBe('21 %');
    expect(l.vat?.table.rows).toHaveLength(1);
    expect(l.total.label).toBe('Celkem k úhradě: ');
    expect(l.signature).toBe('Vystavil (razítko a podpis)');
  });

  it('a bank-transfer invoice names the account, its IBAN and the VS, and carries the QR Platba (issue 17)', () => {
    const qrPayment = 'SPD*1.0*ACC:CZ6508000000192000145399*AM:12100.00*CC:CZK*DT:20260415*X-VS:20260007*MSG:Faktura 20260007';
    const l = invoiceLayout({ ...invoiceVm, cancelled: null, qrPayment });
    expect(l.grid.fields.slice(3)).toEqual([
      { label: 'Variabilní symbol', value: '20260007' },
      { label: 'Způsob úhrady', value: 'Převodem' },
      { label: 'Bankovní účet', value: '19-2000145399/0800' },
      { label: 'IBAN', value: 'CZ65 0800 0000 1920 0014 5399', span: 3 },
    ]);
    expect(l.qr).toEqual({
      payload: qrPayment,
      title: 'QR Platba',
      lines: ['Naskenujte v aplikaci své banky.', 'Účet: 19-2000145399/0800', 'Částka: 12\u00a0100,00\u00a0Kč', 'Variabilní symbol: 20260007'],
    });
    // A foreign account is its IBAN: printed once.
    const foreign = invoiceLayout({ ...invoiceVm, bankAccount: 'SK31 1200 0000 1987 4263 7541', iban: 'SK3112000000198742637541', qrPayment: null });
    expect(foreign.grid.fields.map((f) => f.label)).not.toContain('IBAN');
    expect(foreign.qr).toBeNull();
    // Cash: no account, no QR.
    const cash = invoiceLayout({ ...invoiceVm, paymentMethod: 'CASH', qrPayment: null });
    expect(cash.grid.fields.slice(3)).toEqual([
      { label: 'Variabilní symbol', value: '20260007' },
      { label: 'Způsob úhrady', value: 'Hotově', span: 2 },
    ]);
  });

  it('lays out a non-payer’s receipt without the VAT column and summary', () => {
    const l = invoiceLayout({
      ...invoiceVm,
      vatMode: 'NON_PAYER',
      invoiceKind: 'RECEIPT',
      cancelled: null,
      customer: { ...invoiceVm.customer, name: 'Jan Řehák' },
    });
    expect(l.cancelled).toBeNull();
    expect(l.parties[0]?.lines.at(-1)).toBe('Neplátce DPH');
    expect(l.parties[1]?.lines.at(-1)).toBe('Žák: Bc. Žofie Řeháková');
    expect(l.grid.fields[2]).toEqual({ label: 'Evidenční číslo žáka', value: 'EV-2026/014' });
    expect(l.items.table.columns.map((c) => c.header)).not.toContain('DPH');
    expect(l.vat).toBeNull();
    expect(l.total.note).toBe('Dodavatel není plátcem DPH.');
    expect([l.total.label, l.signature]).toEqual(['Přijato celkem: ', 'Přijal (razítko a podpis)']);
  });
});
