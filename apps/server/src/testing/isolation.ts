// The tenant-isolation table: every procedure of the app router is listed here, either as public/user-level or
// with an attack in which another school's user calls it with the victim school's ids and must get NOT_FOUND.
import type { Caller, TestApp } from './harness.ts';
import type { setupSchool } from './harness.ts';

export type Victim = Awaited<ReturnType<typeof setupSchool>>;

export type IsolationCase =
  /** Needs no session, or works only on the caller's own account (no other tenant's id can be passed). */
  | { kind: 'public' | 'own-account'; why: string }
  /** Another school's member (or another user) calls with the victim's ids and gets NOT_FOUND. */
  | { kind: 'attack'; run: (attacker: Caller, victim: Victim, app: TestApp) => Promise<unknown> };

export type IsolationTable = Record<string, IsolationCase>;
