// The one permission table (packages/shared/src/permissions.ts) against the app router: every school procedure has
// its row, docs/permissions.md is the table, and each school procedure called as each role is refused FORBIDDEN by
// the role rung exactly where the table says (a call the table allows may still fail for its own reasons — a seed
// consumed by an earlier role, a rule of the domain — but never with the rung's refusal).
import { readFileSync, writeFileSync } from 'node:fs';
import { STAFF_ROLES, type StaffRole } from '@volant/shared/enums';
import { APP_ERRORS } from '@volant/shared/errors';
import { mayCall, renderPermissionsMarkdown, SCHOOL_PERMISSIONS, STUDENT_PROCEDURES } from '@volant/shared/permissions';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, type Caller, createUser, getTestApp, setupSchool, type TestApp } from '../testing/harness.ts';
import type { IsolationCase } from '../testing/isolation.ts';
import { ISOLATION_TABLE } from '../testing/isolation-table.ts';
import { appRouter } from '../app-router.ts';

// The isolation rows say which procedures are school procedures (kind 'entity' or 'school') and how to call them.
const isolation = ISOLATION_TABLE;

const paths = Object.keys(appRouter._def.procedures).sort();
type SchoolRow = Extract<IsolationCase, { kind: 'entity' | 'school' }>;
const isSchoolRow = (row: IsolationCase | undefined): row is SchoolRow => row?.kind === 'entity' || row?.kind === 'school';
const schoolPaths = paths.filter((p) => isSchoolRow(isolation[p]));

const DOC = new URL('../../../../docs/permissions.md', import.meta.url);

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

/** The rung's refusal: FORBIDDEN with the catalogue's 'K této akci nemáte oprávnění.' (not a rule of a domain). */
const outcome = (call: Promise<unknown>) =>
  call.then(
    () => 'answered',
    (e: { code?: string; message?: string; cause?: { code?: string } }) =>
      e.code === 'FORBIDDEN' && e.cause?.code === 'FORBIDDEN' && e.message === APP_ERRORS.FORBIDDEN ? 'ROLE_FORBIDDEN' : `other: ${e.code ?? e}`,
  );

describe('the permission table', () => {
  it('has a row for every school procedure of the app router and for nothing else', () => {
    const unknown = paths.filter((p) => !(p in isolation));
    const missing = schoolPaths.filter((p) => !(p in SCHOOL_PERMISSIONS));
    const extra = Object.keys(SCHOOL_PERMISSIONS).filter((p) => !schoolPaths.includes(p));
    expect({ unknown, missing, extra }, 'add the procedure to packages/shared/src/permissions.ts (and its isolation row)').toEqual({
      unknown: [],
      missing: [],
      extra: [],
    });
  });

  it('lists what a student reaches: exactly the procedures a student rung marks, none of them for a staff role alone', () => {
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: { studentReach?: boolean } } }>;
    const reached = paths.filter((p) => procedures[p]._def.meta?.studentReach);
    expect(Object.keys(STUDENT_PROCEDURES).sort()).toEqual(reached);
    expect(reached.filter((p) => isolation[p]?.kind === 'student' && p in SCHOOL_PERMISSIONS)).toEqual([]);
  });

  it('lets the admin call everything, and refuses a path not in the table to every role', () => {
    for (const path of Object.keys(SCHOOL_PERMISSIONS)) expect(mayCall(path, 'ADMIN'), path).toBe(true);
    for (const role of STAFF_ROLES) expect(mayCall('student.somethingNew', role)).toBe(false);
    expect(mayCall('toString', 'ADMIN')).toBe(false);
  });

  it('is what docs/permissions.md shows', () => {
    const rendered = renderPermissionsMarkdown();
    if (process.env.UPDATE_PERMISSIONS_DOC) writeFileSync(DOC, rendered);
    expect(readFileSync(DOC, 'utf8'), 'run with UPDATE_PERMISSIONS_DOC=1 to regenerate docs/permissions.md').toBe(rendered);
  });
});

describe('each role against each school procedure', () => {
  /** A school with one member of each role, and their callers. */
  async function staffedSchool() {
    const s = await setupSchool(app);
    const callers: Partial<Record<StaffRole, Caller>> = { ADMIN: s.caller };
    for (const role of STAFF_ROLES.filter((r) => r !== 'ADMIN')) {
      const user = await createUser(app);
      await addMember(app, s.schoolId, user.id, role);
      callers[role] = await app.callerFor(user.id);
    }
    return { victim: s, callers: callers as Record<StaffRole, Caller> };
  }

  it.each(schoolPaths)('%s is refused by the rung exactly to the roles the table leaves out', async (path) => {
    const row = isolation[path] as SchoolRow;
    const { victim, callers } = await staffedSchool();
    const ids = await row.seed(app, victim);
    const call = (caller: Caller) => (row.kind === 'entity' ? row.call(caller, victim.schoolId, ids) : row.call(caller, victim.schoolId));
    // Refused roles first (the rung refuses before anything is read), then the allowed ones, the admin last.
    const order = [...STAFF_ROLES].sort((a, b) => Number(mayCall(path, a)) - Number(mayCall(path, b)) || Number(a === 'ADMIN') - Number(b === 'ADMIN'));
    const seen: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const role of order) {
      const result = await outcome(call(callers[role]));
      seen[role] = result === 'ROLE_FORBIDDEN' ? 'refused' : 'not refused';
      expected[role] = mayCall(path, role) ? 'not refused' : 'refused';
    }
    expect(seen).toEqual(expected);
  });
});
