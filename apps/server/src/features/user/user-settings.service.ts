// Uživatelské Nastavení (issue 11): the user's own profile, password, devices and preferences. Each change tells
// the user's other open sessions (UserSettingsMessage); a new password or "sign out the others" ends every other
// session at once, on every instance (the session cache and the sockets).
import type { calendarFilterInput, changePasswordInput, updateProfileInput, userPreferencesInput } from '@volant/shared/user/inputs';
import type { z } from 'zod';
import { recordEvent } from '../../events/record.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/crypto.ts';
import { type After, inTransaction } from '../../lib/unit-of-work.ts';
import type { DbOrTx } from '@volant/db/client';
import type { SchoolId } from '../../lib/tenant.ts';
import type { AppDeps } from '../../trpc/context.ts';
import {
  countSchoolCars,
  countSchoolMembers,
  findCalendarFilters,
  findPasswordHash,
  findUserSettings,
  listLiveSessions,
  revokeOtherSessions,
  setCalendarFilterRow,
  setPasswordHash,
  setPreferencesRow,
  updateMemberNames,
  updateProfileRow,
} from './user-settings.queries.ts';

export const settingsChanged = { UserSettingsMessage: {} };

export async function getUserSettings(deps: AppDeps, userId: string) {
  const row = await findUserSettings(deps.db, userId);
  if (!row) throw new AppError('UNAUTHORIZED');
  const { role, ...settings } = row;
  return { ...settings, isOperator: role === 'ADMIN' };
}

export async function updateProfile(deps: AppDeps, userId: string, input: z.output<typeof updateProfileInput>) {
  await inTransaction(deps, async (tx, after) => {
    await updateProfileRow(tx, userId, { ...input, updatedAt: deps.now() });
    await updateMemberNames(tx, userId, { firstName: input.firstName, lastName: input.lastName });
    await recordEvent(deps, tx, after, { name: 'user.updateProfile', schoolId: null, userId, entityType: 'user', entityId: userId, data: input });
  });
  return getUserSettings(deps, userId);
}

/**
 * Ends the user's other sessions in this transaction; their caches and sockets go after commit (the sessions' own
 * follow-ups, like `invalidateSessions`: the ended ids are not part of the event).
 */
async function endOtherSessions(tx: DbOrTx, after: After, userId: string, keepSessionId: string, now: Date) {
  const ids = await revokeOtherSessions(tx, userId, keepSessionId, now);
  for (const sessionId of ids) await after.invalidateSessions({ kind: 'session', sessionId });
  after.live((live) => {
    for (const sessionId of ids) live.disconnectSession(sessionId);
  });
  return ids.length;
}

export async function changePassword(deps: AppDeps, user: { id: string; sessionId: string; ip: string }, input: z.output<typeof changePasswordInput>) {
  // Guesses of the current password are limited like logins (a stolen open session must not become a stolen account).
  const key = `password|${user.id}`;
  if (!deps.limits.login.hit(key)) throw new AppError('RATE_LIMITED');
  const current = await findPasswordHash(deps.db, user.id);
  if (!current || !(await verifyPassword(input.currentPassword, current))) throw new AppError('WRONG_CURRENT_PASSWORD');
  deps.limits.login.reset(key);
  const passwordHash = await hashPassword(input.newPassword);
  return inTransaction(deps, async (tx, after) => {
    const now = deps.now();
    await setPasswordHash(tx, user.id, passwordHash, now);
    const signedOut = await endOtherSessions(tx, after, user.id, user.sessionId, now);
    await recordEvent(deps, tx, after, {
      name: 'user.changePassword',
      schoolId: null,
      userId: user.id,
      entityType: 'user',
      entityId: user.id,
      data: { signedOut },
    });
    return { signedOut };
  });
}

export async function getSessions(deps: AppDeps, userId: string, currentSessionId: string) {
  const rows = await listLiveSessions(deps.db, userId, deps.now());
  return rows.map((r) => ({ ...r, isCurrent: r.id === currentSessionId }));
}

export async function signOutOtherSessions(deps: AppDeps, userId: string, currentSessionId: string) {
  return inTransaction(deps, async (tx, after) => {
    const count = await endOtherSessions(tx, after, userId, currentSessionId, deps.now());
    await recordEvent(deps, tx, after, { name: 'user.signOutOtherSessions', schoolId: null, userId, entityType: 'user', entityId: userId, data: { count } });
    return { count };
  });
}

export async function setPreferences(deps: AppDeps, userId: string, input: z.output<typeof userPreferencesInput>) {
  await inTransaction(deps, async (tx, after) => {
    await setPreferencesRow(tx, userId, { ...input, updatedAt: deps.now() });
    await recordEvent(deps, tx, after, { name: 'user.setPreferences', schoolId: null, userId, entityType: 'user', entityId: userId, data: input });
  });
  return getUserSettings(deps, userId);
}

/** Kalendář's remembered teacher and car filters of the caller's own membership (issue 20 §4). */
export function getCalendarFilters(deps: AppDeps, schoolId: SchoolId, memberId: string) {
  return findCalendarFilters(deps.db, schoolId, memberId);
}

/**
 * Remembers the caller's choice in one of Kalendář's filters. Every id must be the school's own member (teachers) or
 * car, else nothing is stored and the call is refused as not found, like any other school's id (decision 0020,
 * 'Remembered filters'). No event: a view preference, not a record of the school (an event would also drop the
 * school's cached reads at each click of the filter).
 */
export async function setCalendarFilter(deps: AppDeps, schoolId: SchoolId, memberId: string, input: z.output<typeof calendarFilterInput>) {
  const ids = [...new Set(input.ids)];
  if (input.filter === 'TEACHERS') {
    if ((await countSchoolMembers(deps.db, schoolId, ids)) !== ids.length) throw new AppError('TEACHER_NOT_FOUND');
    await setCalendarFilterRow(deps.db, schoolId, memberId, { calendarTeacherFilter: ids });
  } else {
    if ((await countSchoolCars(deps.db, schoolId, ids)) !== ids.length) throw new AppError('SCHOOL_CAR_NOT_FOUND');
    await setCalendarFilterRow(deps.db, schoolId, memberId, { calendarCarFilter: ids });
  }
  return findCalendarFilters(deps.db, schoolId, memberId);
}
