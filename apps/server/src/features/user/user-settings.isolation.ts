import { aSchoolCar } from '../school-car/school-car.isolation.ts';
import type { TestApp } from '../../testing/harness.ts';
import { entity, type IsolationTable, operator, school, theSchool, type Victim } from '../../testing/isolation.ts';

/** One of the victim school's teachers (its admin) and cars, for Kalendář's filters. */
async function filterIds(app: TestApp, v: Victim) {
  return { teacherId: v.member.id, ...(await aSchoolCar(app, v)) };
}

/** The victim admin's remembered filters: the school's own teacher and car. */
async function rememberedFilters(app: TestApp, v: Victim) {
  const ids = await filterIds(app, v);
  await v.caller.user.setCalendarFilter({ schoolId: v.schoolId, filter: 'TEACHERS', ids: [ids.teacherId] });
  await v.caller.user.setCalendarFilter({ schoolId: v.schoolId, filter: 'CARS', ids: [ids.schoolCarId] });
  return ids;
}

export const userSettingsIsolation: IsolationTable = {
  'user.getUserSettings': { kind: 'own-account', why: 'the caller’s own profile and preferences' },
  'user.updateProfile': { kind: 'own-account', why: 'changes the caller’s own name and phone' },
  'user.changePassword': { kind: 'own-account', why: 'the caller’s own password, checked against the current one' },
  'user.getSessions': { kind: 'own-account', why: 'the caller’s own sessions' },
  'user.signOutOtherSessions': { kind: 'own-account', why: 'ends the caller’s own other sessions' },
  'user.setPreferences': { kind: 'own-account', why: 'the caller’s own landing page, calendar view and e-mail choices' },
  // Kalendář's filters of the caller's own membership: another school's id is refused by the gate, and the answer in
  // the caller's own school holds nothing of the victim's choice.
  'user.getCalendarFilters': school(rememberedFilters, (c, schoolId) => c.user.getCalendarFilters({ schoolId })),
  // Another school's teachers and cars are refused (NOT_FOUND), nothing stored; the school's own are remembered.
  'user.setCalendarFilter': entity(filterIds, async (c, schoolId, ids) => {
    await c.user.setCalendarFilter({ schoolId, filter: 'TEACHERS', ids: [ids.teacherId] });
    await c.user.setCalendarFilter({ schoolId, filter: 'CARS', ids: [ids.schoolCarId] });
  }),
  // The operator's 'Funkce' panel (Debug page): flags and users of the whole installation.
  'operator.getFeatureFlags': operator(theSchool, (c) => c.operator.getFeatureFlags()),
  'operator.findUsers': operator(theSchool, (c) => c.operator.findUsers({ query: 'example' })),
  // The Debug page's job table: the installation's queues, not any school's.
  'operator.getJobQueues': operator(theSchool, (c) => c.operator.getJobQueues()),
};
