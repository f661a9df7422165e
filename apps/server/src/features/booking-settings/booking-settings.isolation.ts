import { BOOKING_DEFAULTS } from '@volant/shared/booking/settings';
import type { TestApp } from '../../testing/harness.ts';
import { type IsolationTable, school, theSchool, type Victim } from '../../testing/isolation.ts';

/** The victim school's saved rules, with a horizon no other school has by default. */
async function savedRules(_app: TestApp, v: Victim) {
  await v.caller.bookingSettings.update({ schoolId: v.schoolId, ...BOOKING_DEFAULTS, enabled: true, horizonDays: 97 });
  return { horizonDays: '97' };
}

export const bookingSettingsIsolation: IsolationTable = {
  'bookingSettings.get': school(
    savedRules,
    (c, schoolId) => c.bookingSettings.get({ schoolId }),
    (result, ids) => String((result as { horizonDays: number }).horizonDays) === ids.horizonDays,
  ),
  'bookingSettings.update': school(theSchool, (c, schoolId) => c.bookingSettings.update({ schoolId, ...BOOKING_DEFAULTS, maxFutureRides: 5 })),
};
