// Names come back in Czech alphabetical order from every list sorted by name, on PGlite and on PostgreSQL.
import { schema } from '@volant/db/schema';
import { compareCzech } from '@volant/shared/czech-order';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { interpreterInputExample } from '../features/interpreter/interpreter.isolation.ts';
import { createTestStudent } from '../features/student/student.testing.ts';
import { createUser, getTestApp, setupSchool, type TestApp } from '../testing/harness.ts';
import { czechSortKey } from './czech-order.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

/** Surname, first name: the Czech order, inserted shuffled. */
const CZECH_ORDER: [string, string][] = [
  ['Cibulka', 'Petr'],
  ['Čermák', 'Jan'],
  ['Hrubý', 'Karel'],
  ['Chalupa', 'Ivan'],
  ['Němcová', 'Eva'],
  ['Novák', 'Cyril'],
  ['Novák', 'Čeněk'],
  ['Nováková', 'Alena'],
  ['Rychlá', 'Olga'],
  ['Řezáč', 'Libor'],
  ['Svoboda', 'Tomáš'],
  ['Šťastný', 'Hynek'],
  ['Zeman', 'Milan'],
  ['Žák', 'Adam'],
];
const shuffled = [...CZECH_ORDER.slice(7), ...CZECH_ORDER.slice(0, 7).reverse()];
const fullNames = (rows: { lastName: string | null; firstName: string | null }[]) => rows.map((r) => `${r.lastName} ${r.firstName}`);
const expected = CZECH_ORDER.map(([last, first]) => `${last} ${first}`);

describe('Czech order of names', () => {
  it('student.students sorted by name returns Czech order, and the reverse when descending', async () => {
    const { caller, schoolId } = await setupSchool(app);
    for (const [lastName, firstName] of shuffled) await createTestStudent(caller, schoolId, { lastName, firstName });

    const asc = await caller.student.students({ schoolId, sortField: 'lastName', sortDirection: 'asc', pageSize: 50 });
    expect(fullNames(asc.items)).toEqual(expected);
    const desc = await caller.student.students({ schoolId, sortField: 'lastName', sortDirection: 'desc', pageSize: 5, currentPage: 1 });
    expect(fullNames(desc.items)).toEqual(expected.slice(-5).reverse());
    const found = await caller.student.students({ schoolId, fullText: 'nov', sortField: 'lastName', sortDirection: 'asc' });
    expect(fullNames(found.items)).toEqual(['Novák Cyril', 'Novák Čeněk', 'Nováková Alena']);
  });

  it('lists a hlášenka’s students, the interpreters and the school’s members in Czech order', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const ids: string[] = [];
    for (const [lastName, firstName] of shuffled) ids.push(await createTestStudent(caller, schoolId, { lastName, firstName }));
    const { reportId } = await caller.student.setDateOfInProgress({ schoolId, studentsIds: ids, date: '2026-03-02' });
    expect(fullNames((await caller.report.getReport({ schoolId, id: reportId! })).students)).toEqual(expected);

    for (const [lastName, firstName] of shuffled) {
      await caller.interpreter.createInterpreter({
        schoolId,
        ...interpreterInputExample,
        interpreterInfo: { ...interpreterInputExample.interpreterInfo, lastName, firstName },
      });
    }
    expect(fullNames((await caller.interpreter.getInterpreters({ schoolId })).map((i) => i.interpreterInfo))).toEqual(expected);

    for (const [lastName, firstName] of shuffled) {
      const user = await createUser(app, { lastName, firstName });
      await app.handle.db.insert(schema.schoolMembers).values({ schoolId, userId: user.id, role: 'TEACHER', firstName, lastName, email: user.email });
    }
    const members = fullNames(await caller.school.getMembers({ schoolId })).filter((n) => n !== 'Uživatel Test');
    expect(members).toEqual(expected);
  });

  it('orders by the same key in SQL as compareCzech does in JavaScript, for the web', async () => {
    const names = [
      'Ďáblová',
      'Dablová',
      'ďáblová',
      'Chrt',
      'CHRT',
      'Hůrka',
      'Ířová',
      'Iva',
      'Ňuk',
      'Ó',
      'O',
      'Ľubica',
      'Müller',
      'Nguyễn',
      'Ємець',
      'Šárka',
      "O'Brien",
      'Anna-Marie',
      'Anna Marie',
    ];
    const values = sql.join(
      names.map((n) => sql`(${n})`),
      sql`, `,
    );
    const rows = await app.handle.db.execute<{ name: string }>(sql`select name from (values ${values}) as v(name) order by ${czechSortKey(sql.raw('name'))}`);
    const list = (Array.isArray(rows) ? rows : (rows as { rows: { name: string }[] }).rows).map((r) => r.name);
    expect(list).toEqual([...names].sort(compareCzech));
  });
});
