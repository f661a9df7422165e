import { describe, expect, it } from 'vitest';
import { ageOn, formatDate, formatDateTime, formatMoney, formatTime, lessonsRemainingText, pluralCs } from './format.ts';
import { normalizeSearch } from './search.ts';

describe('formatting', () => {
  it('prints dates as D.M.YYYY without shifting calendar dates', () => {
    expect(formatDate('2026-03-09')).toBe('9.3.2026');
    expect(formatDate(new Date('2026-03-08T23:30:00Z'))).toBe('9.3.2026'); // already the 9th in Prague
  });

  it('prints date-times in the school zone across the DST change', () => {
    expect(formatDateTime(new Date('2026-03-29T00:30:00Z'))).toBe('29.3.2026 01:30'); // CET
    expect(formatDateTime(new Date('2026-03-29T01:30:00Z'))).toBe('29.3.2026 03:30'); // CEST
    expect(formatDateTime(new Date('2026-10-25T00:30:00Z'))).toBe('25.10.2026 02:30');
    expect(formatDateTime(new Date('2026-10-25T01:30:00Z'))).toBe('25.10.2026 02:30');
  });

  it('formats money in CZK', () => {
    expect(formatMoney(1_250_050).replace(/\s/g, ' ')).toBe('12 500,50 Kč');
  });

  it('uses Czech plural forms', () => {
    const forms = ['lekce', 'lekce', 'lekcí'] as const;
    expect([1, 2, 4, 5, 11, 22].map((n) => `${n} ${pluralCs(n, forms)}`)).toEqual(['1 lekce', '2 lekce', '4 lekce', '5 lekcí', '11 lekcí', '22 lekcí']);
  });

  it('says how many lessons of a Výuka section remain', () => {
    expect([0, 1, 2, 3, 4, 5, 8, 18, 22, -1].map(lessonsRemainingText)).toEqual([
      'Dokončeno',
      'Zbývá 1 lekce',
      'Zbývá 2 lekce',
      'Zbývá 3 lekce',
      'Zbývá 4 lekce',
      'Zbývá 5 lekcí',
      'Zbývá 8 lekcí',
      'Zbývá 18 lekcí',
      'Zbývá 22 lekcí',
      'Dokončeno',
    ]);
  });

  it('computes age on a day', () => {
    expect(ageOn('2004-11-22', '2026-11-21')).toBe(21);
    expect(ageOn('2004-11-21', '2026-11-21')).toBe(22);
  });

  it('normalises search text without diacritics and case', () => {
    expect(normalizeSearch('  Šťastný  Žluťoučký KŮŇ ')).toBe('stastny zlutoucky kun');
  });
});

describe('dates and times of instants on the school clock', () => {
  const date = new Intl.DateTimeFormat('cs-CZ', { timeZone: 'Europe/Prague', day: 'numeric', month: 'numeric', year: 'numeric' });
  const time = new Intl.DateTimeFormat('cs-CZ', { timeZone: 'Europe/Prague', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  it('match Intl in the Prague zone for instants across two decades and the DST changes', () => {
    const instants = ['2026-03-29T00:59:59Z', '2026-03-29T01:00:00Z', '2026-10-25T00:59:59Z', '2026-10-25T01:00:00Z'].map(Date.parse);
    for (let i = 0; i < 5_000; i++) instants.push(Date.parse('2015-01-01T00:00:00Z') + i * 126_230_417);
    for (const ms of instants) {
      const at = new Date(ms);
      expect(formatDate(at)).toBe(date.format(at).replace(/\s/g, ''));
      expect(formatTime(at)).toBe(time.format(at));
    }
  });
});
