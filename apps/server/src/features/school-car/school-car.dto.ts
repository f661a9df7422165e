import { type ExpiryState, expiryState } from '@volant/shared/expiry';
import type { LicenceGroup } from '@volant/shared/enums';
import type { CalendarDate } from '@volant/shared/school-time';
import type { SchoolCarRow } from './school-car.queries.ts';

/** A car as the settings page and the pickers get it; `stkState` is counted from the school's today. */
export function toSchoolCar(c: SchoolCarRow, today: CalendarDate) {
  return {
    id: c.id,
    carType: c.carType,
    regNumber: c.regNumber,
    targetGroup: c.targetGroup as LicenceGroup[],
    stkValidUntil: c.stkValidUntil,
    retiredAt: c.retiredAt,
    stkState: expiryState(c.stkValidUntil, today) as ExpiryState | null,
  };
}
export type SchoolCarDto = ReturnType<typeof toSchoolCar>;
