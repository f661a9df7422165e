import type { LicenceGroup } from '@volant/shared/enums';
import { type ExpiryState, expiryState } from '@volant/shared/expiry';
import type { CalendarDate } from '@volant/shared/school-time';
import type { TeacherRow } from './teacher.queries.ts';

/** A teacher (a member id, spec §7 `userId` of the lesson APIs); `licenceState` is counted from the school's today. */
export function toTeacher(t: TeacherRow, today: CalendarDate) {
  return {
    id: t.id,
    userId: t.userId,
    hasLogin: t.userId !== null,
    role: t.role,
    firstName: t.firstName,
    lastName: t.lastName,
    degree: t.degree,
    birthDate: t.birthDate,
    phone: t.phone,
    email: t.email,
    groups: t.groups as LicenceGroup[],
    teacherLicenceValidUntil: t.teacherLicenceValidUntil,
    licenceState: expiryState(t.teacherLicenceValidUntil, today) as ExpiryState | null,
  };
}
export type TeacherDto = ReturnType<typeof toTeacher>;
