// Fails when a procedure of the app router is missing from the isolation table, and proves every
// school-scoped procedure answers another school's user with NOT_FOUND.
import { beforeAll, describe, expect, it } from 'vitest';
import { interpreterIsolation } from '../features/interpreter/interpreter.isolation.ts';
import { reportIsolation } from '../features/report/report.isolation.ts';
import { schoolIsolation } from '../features/school/school.isolation.ts';
import { studentIsolation } from '../features/student/student.isolation.ts';
import { tagIsolation } from '../features/tag/tag.isolation.ts';
import { userSearchIsolation } from '../features/user-search/user-search.isolation.ts';
import { userIsolation } from '../features/user/user.isolation.ts';
import { getTestApp, setupSchool, type TestApp } from '../testing/harness.ts';
import type { IsolationTable } from '../testing/isolation.ts';
import { appRouter } from './app-router.ts';

const table: IsolationTable = {
  ...userIsolation,
  ...schoolIsolation,
  ...studentIsolation,
  ...userSearchIsolation,
  ...interpreterIsolation,
  ...tagIsolation,
  ...reportIsolation,
};

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const procedures = Object.keys(appRouter._def.procedures).sort();

describe('tenant isolation', () => {
  it('covers every procedure of the app router', () => {
    const missing = procedures.filter((p) => !(p in table));
    const stale = Object.keys(table).filter((p) => !procedures.includes(p));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  const attacks = Object.entries(table).filter(([, c]) => c.kind === 'attack');
  it.each(attacks)('%s refuses another school’s user with NOT_FOUND', async (_path, c) => {
    if (c.kind !== 'attack') return;
    const victim = await setupSchool(app);
    const attacker = await setupSchool(app);
    await expect(c.run(attacker.caller, victim, app)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
