import { describe, expect, it } from 'vitest';
import { CZECH_KEY_LOWER, CZECH_KEY_PRIMARY_FROM, CZECH_KEY_PRIMARY_TO, CZECH_KEY_UPPER, compareCzech } from './czech-order.ts';

const sorted = (names: string[]) => [...names].sort(compareCzech);

describe('Czech order of names', () => {
  it('puts Němcová before Novák and Novák before Nováková', () => {
    expect(sorted(['Nováková', 'Novák', 'Němcová'])).toEqual(['Němcová', 'Novák', 'Nováková']);
  });

  it('sorts ch after h as a letter of its own', () => {
    expect(sorted(['Chalupa', 'Hrubý', 'Horák', 'Ibl'])).toEqual(['Horák', 'Hrubý', 'Chalupa', 'Ibl']);
    expect(sorted(['CHALUPA', 'Hudec'])).toEqual(['Hudec', 'CHALUPA']);
  });

  it('sorts č, ř, š and ž after the whole of c, r, s and z', () => {
    expect(sorted(['Čermák', 'Cibulka', 'Czerny', 'Dvořák'])).toEqual(['Cibulka', 'Czerny', 'Čermák', 'Dvořák']);
    expect(sorted(['Řezníček', 'Rychlý', 'Sadílek'])).toEqual(['Rychlý', 'Řezníček', 'Sadílek']);
    expect(sorted(['Šťastný', 'Svoboda', 'Tichý'])).toEqual(['Svoboda', 'Šťastný', 'Tichý']);
    expect(sorted(['Žák', 'Zeman', 'Zýka', 'Šťastný', 'Adámek'])).toEqual(['Adámek', 'Šťastný', 'Zeman', 'Zýka', 'Žák']);
  });

  it('treats á é ě í ó ú ů ý ď ť ň as their base letters, and the plain letter first when all else is equal', () => {
    expect(sorted(['Dušek', 'Ďurica', 'Dubec'])).toEqual(['Dubec', 'Ďurica', 'Dušek']);
    expect(sorted(['Tůma', 'Turek', 'Ťuk'])).toEqual(['Ťuk', 'Tůma', 'Turek']);
    expect(sorted(['Novák', 'Novak'])).toEqual(['Novak', 'Novák']);
    expect(sorted(['Kovářová', 'Kovarova'])).toEqual(['Kovarova', 'Kovářová']);
  });

  it('ignores case at the first level and puts a shorter name before its continuation', () => {
    expect(sorted(['novotná', 'NOVÁK', 'Nová'])).toEqual(['Nová', 'NOVÁK', 'novotná']);
  });

  it('agrees with the Czech collation of the ICU library on a school-sized list', () => {
    const names = [
      'Novák',
      'Nováková',
      'Němcová',
      'Navrátil',
      'Chalupa',
      'Hrubý',
      'Horáček',
      'Cibulka',
      'Čermák',
      'Černý',
      'Šťastný',
      'Svoboda',
      'Šimek',
      'Žák',
      'Zelenka',
      'Řezáč',
      'Růžička',
      'Dvořák',
      'Ďuriš',
      'Dušková',
      'Tůma',
      'Tichá',
      'Ťoupalík',
      'Úlehla',
      'Uher',
      'Ondráček',
      'Óbrová',
      'Ebr',
      'Ešner',
      'Íbl',
      'Ichová',
      'Kříž',
      'Krejčí',
      'Kučera',
      'Yveta',
    ];
    const icu = new Intl.Collator('cs');
    expect(sorted(names)).toEqual([...names].sort(icu.compare));
  });

  it('builds translation tables of equal length (SQL translate would delete the surplus)', () => {
    expect(CZECH_KEY_UPPER).toHaveLength(CZECH_KEY_LOWER.length);
    expect(CZECH_KEY_PRIMARY_TO).toHaveLength(CZECH_KEY_PRIMARY_FROM.length);
    expect(CZECH_KEY_UPPER + CZECH_KEY_LOWER + CZECH_KEY_PRIMARY_TO).not.toContain("'");
  });
});
