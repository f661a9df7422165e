// Teachers' availability (issue 19's 'Dostupnost') in the calendar (issue 20 §4): working hours as background events,
// absences shaded, and the ride form's warning when a ride is planned outside them (a warning, never a refusal: the
// office may plan overtime). Pure: unit-tested.
import { formatMinute } from '@volant/shared/availability/inputs';
import { schoolInstant } from '@volant/shared/booking/rules';
import { addDays, type CalendarDate, dayOfWeek, schoolDateOf } from '@volant/shared/school-time';

export interface TeacherAvailability {
  teacherId: string;
  week: readonly { weekday: number; startMinute: number; endMinute: number }[];
  absences: readonly { fromDate: string; toDate: string; note?: string | null }[];
}

export interface BackgroundBlock {
  teacherId: string;
  kind: 'WORK' | 'ABSENT';
  start: Date;
  end: Date;
}

export const AVAILABILITY_WARNINGS = {
  absent: 'Učitel je v tento den nepřítomen (Dostupnost).',
  outside: (hours: string) => `Výcvik je mimo pracovní dobu učitele${hours ? ` (${hours})` : ''}. Lze ho přesto naplánovat.`,
} as const;

const absentOn = (a: TeacherAvailability, day: CalendarDate) => a.absences.some((x) => x.fromDate <= day && day <= x.toDate);

/** The background of [from, to): each day's working intervals, or the whole day shaded when absent. None without a week set. */
export function availabilityBlocks(list: readonly TeacherAvailability[], from: Date, to: Date): BackgroundBlock[] {
  const blocks: BackgroundBlock[] = [];
  const last = schoolDateOf(new Date(to.getTime() - 1));
  for (const a of list) {
    for (let day = schoolDateOf(from), n = 0; day <= last && n < 62; day = addDays(day, 1), n++) {
      if (absentOn(a, day)) {
        const start = schoolInstant(day, 0);
        const end = schoolInstant(addDays(day, 1), 0);
        if (start && end) blocks.push({ teacherId: a.teacherId, kind: 'ABSENT', start, end });
        continue;
      }
      for (const i of a.week) {
        if (i.weekday !== dayOfWeek(day)) continue;
        const start = schoolInstant(day, i.startMinute);
        const end = schoolInstant(day, i.endMinute);
        if (start && end) blocks.push({ teacherId: a.teacherId, kind: 'WORK', start, end });
      }
    }
  }
  return blocks;
}

/** The warning for a ride of the teacher in [start, end), or null when inside the hours (or the teacher set none). */
export function availabilityWarning(a: TeacherAvailability | undefined, start: Date, end: Date): string | null {
  if (!a || end.getTime() <= start.getTime()) return null;
  const day = schoolDateOf(start);
  if (absentOn(a, day)) return AVAILABILITY_WARNINGS.absent;
  if (a.week.length === 0) return null;
  const today = a.week.filter((i) => i.weekday === dayOfWeek(day));
  const inside = today.some((i) => {
    const s = schoolInstant(day, i.startMinute);
    const e = schoolInstant(day, i.endMinute);
    return s && e && s.getTime() <= start.getTime() && end.getTime() <= e.getTime();
  });
  if (inside) return null;
  return AVAILABILITY_WARNINGS.outside(today.map((i) => `${formatMinute(i.startMinute)}–${formatMinute(i.endMinute)}`).join(', '));
}
