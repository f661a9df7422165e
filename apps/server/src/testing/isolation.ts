// The tenant-isolation table: every procedure of the app router is listed, and each school-scoped row gives a seed
// (the victim school's rows the procedure acts on), a call taking (schoolId, ids) and, when the whole school's
// snapshot is not the right read-back, its own. The runner (trpc/isolation.int.test.ts) decides what is tried, so a
// row cannot test only the gate or only the statement's school filter.
import { schema } from '@volant/db/schema';
import { eq, getTableName, inArray, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { StudentActor } from '../features/student-portal/student-portal.testing.ts';
import { type Caller, createUser, type setupSchool, type TestApp } from './harness.ts';

export type Victim = Awaited<ReturnType<typeof setupSchool>>;
/** The victim's entity ids (or other values only the victim's data holds), by name. */
export type Ids = Record<string, string>;
type Seed<I extends Ids> = (app: TestApp, victim: Victim) => Promise<I>;
type ReadBack<I extends Ids> = (app: TestApp, victim: Victim, ids: I) => Promise<unknown>;

interface Seeded<I extends Ids> {
  seed: Seed<I>;
  /** The victim's affected data, compared before and after the refused calls; by default the whole school. */
  readBack: ReadBack<I>;
}

export type IsolationCase =
  /** Needs no session, or works only on the caller's own account (no other tenant's id can be passed). */
  | { kind: 'public' | 'own-account'; why: string }
  /**
   * The input names the victim's entities. School B's admin calls (a) with school A's id and A's ids and (b) with
   * B's own id and A's ids: both NOT_FOUND, A's data unchanged. Then A's admin makes the same call, which must work.
   */
  | (Seeded<Ids> & { kind: 'entity'; call: (caller: Caller, schoolId: string, ids: Ids) => Promise<unknown> })
  /**
   * The input names only the school. (a) B's admin with A's id: NOT_FOUND, A's data unchanged. (b) B's admin with
   * B's own id: answered, and the answer shows none of A's seeded values, A's data unchanged. A's admin's own call
   * works and, for a query, shows them (so the seed is one the procedure would reveal).
   */
  | (Seeded<Ids> & { kind: 'school'; call: (caller: Caller, schoolId: string) => Promise<unknown>; shows: (result: unknown, ids: Ids) => boolean })
  /** A user-level procedure naming the victim's entity by id: another user gets NOT_FOUND; its owner succeeds. */
  | (Seeded<Ids> & {
      kind: 'account';
      call: (caller: Caller, ids: Ids) => Promise<unknown>;
      owner: (app: TestApp, victim: Victim, ids: Ids) => Promise<Caller>;
    })
  /**
   * Reached only by a student's own proof (the student rungs): no staff caller and no other tenant's id gets in; the
   * student half of the table (STUDENT_ISOLATION_TABLE) proves it student against student.
   */
  | { kind: 'student'; why: string }
  /** The operator's tools: a school admin who is not an operator gets FORBIDDEN, nothing changes; an operator succeeds. */
  | (Seeded<Ids> & { kind: 'operator'; call: (caller: Caller, ids: Ids) => Promise<unknown> });

export type IsolationTable = Record<string, IsolationCase>;

/** What names a student to the app, without the session: ids, the pass's values and one ride of theirs. */
export type StudentValues = Omit<StudentActor, 'token' | 'as' | 'session'>;

/**
 * The student half: a procedure a student reaches (marked STUDENT_REACH by its rung). `call` is made as student `me`
 * (their session caller, or their pass code) naming the values in `key`. The runner (trpc/isolation.int.test.ts)
 * mixes A's proof with the values of student B of the same school and of a student of another school: every mix is
 * refused or answers nothing of B's or the other's, and writes nothing but the count of wrong codes; A's own call
 * answers A's.
 */
export type StudentIsolationTable = Record<string, (me: StudentActor, key: StudentValues) => Promise<unknown>>;

// Rows are typed by their own ids; the table holds them as plain Ids.
type Erase<T> = T extends unknown ? T : never;
const erase = <C>(row: C) => row as unknown as Erase<IsolationCase>;

/** A procedure acting on the victim's entities: `entity(seed, (caller, schoolId, ids) => call)`. */
export const entity = <I extends Ids>(
  seed: Seed<I>,
  call: (caller: Caller, schoolId: string, ids: I) => Promise<unknown>,
  readBack: ReadBack<I> = schoolSnapshot,
) => erase({ kind: 'entity', seed, call, readBack });

/** A procedure naming only the school; `shows` says whether an answer reveals the seeded values (default: any of them appears in it). */
export const school = <I extends Ids>(
  seed: Seed<I>,
  call: (caller: Caller, schoolId: string) => Promise<unknown>,
  shows: (result: unknown, ids: I) => boolean = containsAny,
) => erase({ kind: 'school', seed, call, shows, readBack: schoolSnapshot });

/** A user-level procedure naming the victim's entity; `owner` is the user for whom the call works (default: A's admin). */
export const account = <I extends Ids>(
  seed: Seed<I>,
  call: (caller: Caller, ids: I) => Promise<unknown>,
  owner: (app: TestApp, victim: Victim, ids: I) => Promise<Caller> = async (_app, v) => v.caller,
) => erase({ kind: 'account', seed, call, owner, readBack: schoolSnapshot });

export const operator = <I extends Ids>(seed: Seed<I>, call: (caller: Caller, ids: I) => Promise<unknown>) =>
  erase({ kind: 'operator', seed, call, readBack: schoolSnapshot });

/** Seeds nothing but the school itself (setupSchool made its admin). */
export const theSchool: Seed<{ schoolId: string; memberId: string }> = async (_app, v) => ({ schoolId: v.schoolId, memberId: v.member.id });

/** Whether any of the values appears anywhere in the result. */
export function containsAny(result: unknown, ids: Ids) {
  const text = JSON.stringify(result) ?? '';
  return Object.values(ids).some((id) => text.includes(id));
}

/** A user with the operator role (user role ADMIN), for seeds that need operator tools and for the operator rows' control. */
export async function operatorCaller(app: TestApp) {
  return app.callerFor((await createUser(app, { role: 'ADMIN' })).id);
}

const byJson = (rows: object[]) =>
  rows
    .map((r) => ({ json: JSON.stringify(r), r }))
    .sort((a, b) => a.json.localeCompare(b.json))
    .map((x) => x.r);

/**
 * Everything of the victim school in the database: the school row, every table with a school_id, its members' user
 * rows and feature flags, and the reads of its notifications. New school tables are included by themselves.
 */
export async function schoolSnapshot(app: TestApp, victim: Victim): Promise<Record<string, unknown[]>> {
  const db = app.handle.db;
  const { schools, schoolMembers, users, notifications, notificationReads, featureFlags } = schema;
  const snapshot: Record<string, unknown[]> = {
    schools: await db.select().from(schools).where(eq(schools.id, victim.schoolId)),
  };
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable) || !('schoolId' in table)) continue;
    const column = (table as unknown as { schoolId: typeof schoolMembers.schoolId }).schoolId;
    snapshot[getTableName(table)] = byJson(await db.select().from(table).where(eq(column, victim.schoolId)));
  }
  const memberUsers = db.select({ id: schoolMembers.userId }).from(schoolMembers).where(eq(schoolMembers.schoolId, victim.schoolId));
  snapshot.users = byJson(await db.select().from(users).where(inArray(users.id, memberUsers)));
  snapshot.featureFlags = byJson(await db.select().from(featureFlags).where(inArray(featureFlags.userId, memberUsers)));
  const schoolNotifications = db.select({ id: notifications.id }).from(notifications).where(eq(notifications.schoolId, victim.schoolId));
  snapshot.notificationReads = byJson(await db.select().from(notificationReads).where(inArray(notificationReads.notificationId, schoolNotifications)));
  return snapshot;
}
