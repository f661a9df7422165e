import { type IsolationTable, operator, theSchool } from '../../testing/isolation.ts';

export const userSettingsIsolation: IsolationTable = {
  'user.getUserSettings': { kind: 'own-account', why: 'the caller’s own profile and preferences' },
  'user.updateProfile': { kind: 'own-account', why: 'changes the caller’s own name and phone' },
  'user.changePassword': { kind: 'own-account', why: 'the caller’s own password, checked against the current one' },
  'user.getSessions': { kind: 'own-account', why: 'the caller’s own sessions' },
  'user.signOutOtherSessions': { kind: 'own-account', why: 'ends the caller’s own other sessions' },
  'user.setPreferences': { kind: 'own-account', why: 'the caller’s own landing page, calendar view and e-mail choices' },
  // The operator's 'Funkce' panel (Debug page): flags and users of the whole installation.
  'operator.getFeatureFlags': operator(theSchool, (c) => c.operator.getFeatureFlags()),
  'operator.findUsers': operator(theSchool, (c) => c.operator.findUsers({ query: 'example' })),
  // The Debug page's job table: the installation's queues, not any school's.
  'operator.getJobQueues': operator(theSchool, (c) => c.operator.getJobQueues()),
};
