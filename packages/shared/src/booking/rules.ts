// Rides students book themselves under the school's rules (issue 19 §3): the rules with their defaults, the refusal
// texts, the free slots of a teacher's day and the cancellation terms. Pure functions: no clock, no database; times
// are instants, days the school's calendar dates (school-time.ts), the wall clock Europe/Prague, DST included.
import { dailyDrivingLimitHours } from '../driving-lessons-record/rules.ts';
import { formatDate, formatTime, pluralCs } from '../format.ts';
import { BOOKING_DEFAULTS, type BookingSettings } from './settings.ts';
import { addDays, type CalendarDate, dayOfWeek, SCHOOL_TIME_ZONE, schoolDateOf } from '../school-time.ts';

/** The school's 'Rezervace jízd' settings (booking_settings, settings.ts) that booking obeys. */
export type BookingRules = Omit<BookingSettings, 'reminderHours'>;

/** The rules of a school that saved none: settings.ts's defaults (booking off). */
export const DEFAULT_BOOKING_RULES: BookingRules = { ...BOOKING_DEFAULTS, rideLengths: [...BOOKING_DEFAULTS.rideLengths] };

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

const hours = (n: number) => `${n} ${pluralCs(n, ['hodinu', 'hodiny', 'hodin'])}`;
const days = (n: number) => `${n} ${pluralCs(n, ['den', 'dny', 'dní'])}`;

/** The Czech refusals (issue 19 §3). A collision never names whose ride is in the way. */
export const BOOKING_MESSAGES = {
  disabled: 'Rezervace jízd není ve vaší autoškole zapnutá',
  notInTraining: 'Rezervovat mohou jen žáci ve výcviku',
  noMedical: 'Chybí datum lékařského posudku',
  overdue: 'Máte neuhrazenou platbu po splatnosti',
  taken: 'Termín je už obsazený',
  teacherNotAllowed: 'S tímto učitelem si jízdu rezervovat nemůžete',
  noTeacher: 'Nemáte přiděleného učitele výcviku, obraťte se prosím na autoškolu',
  notOffered: 'V tomto čase učitel jízdy nenabízí',
  past: 'Termín už začal',
  notCancellable: 'Zrušit lze jen naplánovanou jízdu, která ještě nezačala',
  notBookedByStudent: 'Tuto jízdu naplánovala autoškola, zrušit ji může jen ona',
  tooLate: (h: number) => `Rezervace je možná nejpozději ${hours(h)} předem`,
  tooFar: (d: number) => `Rezervovat lze nejvýše ${days(d)} dopředu`,
  maxFuture: (n: number) => `Máte už ${n} ${pluralCs(n, ['naplánovanou jízdu', 'naplánované jízdy', 'naplánovaných jízd'])}`,
  dailyLimit: (h: number) => `Denní limit výcviku je ${h} ${pluralCs(h, ['hodina', 'hodiny', 'hodin'])}`,
  length: (lengths: readonly number[]) => `Jízdu lze rezervovat jen v délce ${lengths.join(' nebo ')} minut`,
} as const;

/** 'Rezervovat jízdu' is the button; a ride the student booked is marked so on the staff side. */
export const BOOKED_BY_STUDENT_TAG = 'Rezervoval žák';
export const LATE_CANCEL_LABEL = 'Pozdní zrušení jízdy';

/** The rules in words for the student ('Rezervace' tab). */
export function rulesInWords(r: BookingRules): string[] {
  return [
    `Rezervovat lze nejvýše ${days(r.horizonDays)} dopředu, nejpozději ${hours(r.bookBeforeHours)} před začátkem jízdy.`,
    `Zrušení je zdarma nejpozději ${hours(r.freeCancelHours)} před začátkem jízdy, později se účtuje poplatek ${LATE_CANCEL_LABEL}.`,
    `Naplánované můžete mít nejvýše ${r.maxFutureRides} ${pluralCs(r.maxFutureRides, ['jízdu', 'jízdy', 'jízd'])} najednou.`,
  ];
}

// --- Who may book, and when ---

/** What the rules need to know of the student at the moment of booking. */
export interface BookingStudent {
  state: string;
  medicalCertificateDate: string | null;
  groups: readonly string[];
  /** Whether an invoice of theirs is past its due date and not paid (only asked when the school says so). */
  hasOverdue: boolean;
  /** Their booked rides that have not started yet. */
  futureRides: number;
  /** Their booked DRIVING minutes on the ride's school day (without the new ride). */
  minutesThatDay: number;
}

/** The first refusal of the student as a booker (no ride named yet): booking off, not in training, no medical, overdue. */
export function studentRefusal(rules: BookingRules, s: Pick<BookingStudent, 'state' | 'medicalCertificateDate' | 'hasOverdue'>): string | null {
  if (!rules.enabled) return BOOKING_MESSAGES.disabled;
  if (s.state !== 'IN_PROGRESS') return BOOKING_MESSAGES.notInTraining;
  if (!s.medicalCertificateDate) return BOOKING_MESSAGES.noMedical;
  if (rules.requireNoOverdue && s.hasOverdue) return BOOKING_MESSAGES.overdue;
  return null;
}

/** The latest instant a ride may start: the end of the school day `horizonDays` after today. */
export function horizonEnd(rules: BookingRules, now: Date): Date {
  return schoolMidnightOf(addDays(schoolDateOf(now), rules.horizonDays + 1));
}

/** The earliest instant a ride may start: `bookBeforeHours` from now (and never before now). */
export function earliestStart(rules: BookingRules, now: Date): Date {
  return new Date(now.getTime() + Math.max(0, rules.bookBeforeHours) * HOUR_MS);
}

/** The first refusal of one ride (start, length) for the student, every rule but the slot's own availability. */
export function rideRefusal(rules: BookingRules, s: BookingStudent, start: Date, length: number, now: Date): string | null {
  const who = studentRefusal(rules, s);
  if (who) return who;
  if (!rules.rideLengths.includes(length)) return BOOKING_MESSAGES.length(rules.rideLengths);
  if (start.getTime() <= now.getTime()) return BOOKING_MESSAGES.past;
  if (start.getTime() < earliestStart(rules, now).getTime()) return BOOKING_MESSAGES.tooLate(rules.bookBeforeHours);
  if (start.getTime() >= horizonEnd(rules, now).getTime()) return BOOKING_MESSAGES.tooFar(rules.horizonDays);
  if (s.futureRides >= rules.maxFutureRides) return BOOKING_MESSAGES.maxFuture(rules.maxFutureRides);
  const limit = dailyDrivingLimitHours(s.groups);
  // The law counts teaching hours of 45 minutes (legal-cz §4); no stages are kept, so B and the motorcycle groups
  // have the stricter 2 (dailyDrivingLimitHours).
  if (s.minutesThatDay + length > limit * 45) return BOOKING_MESSAGES.dailyLimit(limit);
  return null;
}

// --- Cancelling ---

export interface CancelTerms {
  /** Whether the student may cancel it at all (their own SCHEDULED ride that has not started). */
  cancellable: boolean;
  /** Whether cancelling now costs the late-cancel extra. */
  late: boolean;
  /** The free cancellation ends then. */
  freeUntil: Date;
  /** The charge (haléře) a late cancel adds; null when the price list has no price for it (then nothing is charged). */
  price: number | null;
}

export function cancelTerms(rules: BookingRules, ride: { state: string; startTime: Date }, now: Date, price: number | null): CancelTerms {
  const freeUntil = new Date(ride.startTime.getTime() - rules.freeCancelHours * HOUR_MS);
  const cancellable = ride.state === 'SCHEDULED' && ride.startTime.getTime() > now.getTime();
  const late = cancellable && now.getTime() > freeUntil.getTime();
  return { cancellable, late, freeUntil, price: late ? price : null };
}

/** What the confirmation says before the student cancels. */
export function cancelTermsText(t: CancelTerms, formatPrice: (halere: number) => string): string {
  if (!t.cancellable) return BOOKING_MESSAGES.notCancellable;
  if (!t.late) return `Zrušení je zdarma do ${formatDate(t.freeUntil)} ${formatTime(t.freeUntil)}.`;
  if (t.price === null || t.price === 0) return 'Rušíte jízdu po lhůtě pro zrušení zdarma. Autoškola za to poplatek neúčtuje.';
  return `Rušíte jízdu po lhůtě pro zrušení zdarma: bude vám účtován poplatek ${LATE_CANCEL_LABEL} ${formatPrice(t.price)}.`;
}

// --- The wall clock of the school (Europe/Prague) ---

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: SCHOOL_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

function wallOf(instant: Date) {
  const w: Record<string, number> = {};
  for (const p of wallClock.formatToParts(instant)) if (p.type !== 'literal') w[p.type] = Number(p.value);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
}

/**
 * The instant the school's wall clock shows `minute` minutes after the midnight of `day` (1440 is the next day's
 * midnight); null when that wall time does not exist (02:00–02:59 on the last Sunday of March). A wall time that
 * happens twice (02:00–02:59 on the last Sunday of October) is its first, summer-time instant.
 */
export function schoolInstant(day: CalendarDate, minute: number): Date | null {
  // Every teacher of a search asks for the same wall times: one Intl lookup per wall time (a bounded cache).
  const key = `${day}|${minute}`;
  const hit = instantCache.get(key);
  if (hit !== undefined) return hit === null ? null : new Date(hit);
  const found = lookupInstant(day, minute);
  if (instantCache.size > 20_000) instantCache.clear();
  instantCache.set(key, found ? found.getTime() : null);
  return found;
}

const instantCache = new Map<string, number | null>();

function lookupInstant(day: CalendarDate, minute: number): Date | null {
  const [y, m, d] = day.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d, 0, minute);
  for (const offsetMinutes of [120, 60]) {
    const t = new Date(wall - offsetMinutes * MINUTE_MS);
    if (wallOf(t) === wall) return t;
  }
  return null;
}

/** The next existing wall time at or after `minute` (skips the spring-forward gap). */
function instantAtOrAfter(day: CalendarDate, minute: number): Date {
  for (let m = minute; m < minute + 120; m++) {
    const t = schoolInstant(day, m);
    if (t) return t;
  }
  throw new RangeError(`No wall time after ${day} ${minute}`);
}

function schoolMidnightOf(day: CalendarDate): Date {
  return instantAtOrAfter(day, 0);
}

// --- Free slots ---

export interface Interval {
  start: Date;
  end: Date;
}

/** A teacher's working interval of a weekday, minutes after local midnight [start, end). */
export interface AvailabilityInterval {
  weekday: number;
  startMinute: number;
  endMinute: number;
}

export interface FreeSlot {
  start: Date;
  end: Date;
  length: number;
  /** The teacher's usual car free then (the first of them), or null when the teacher has no usual car. */
  carId: string | null;
}

export interface TeacherDay {
  day: CalendarDate;
  availability: readonly AvailabilityInterval[];
  /** Whether the teacher is absent that day (teacher_absences). */
  absent: boolean;
  /** Booked items holding the teacher or the student (non-cancelled). */
  busy: readonly Interval[];
  /** The teacher's usual cars in order, each with its booked items; empty: the ride takes no car. */
  cars: readonly { id: string; busy: readonly Interval[] }[];
  lengths: readonly number[];
  /** Slots start at or after this instant and before `notAfter`. */
  notBefore: Date;
  notAfter: Date;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** Slots start on the half hour, or every quarter when a length is not a multiple of 30 (45 min rides). */
export function slotStep(lengths: readonly number[]): number {
  return lengths.reduce((step, l) => gcd(step, l), 30) || 30;
}

const overlaps = (busy: readonly Interval[], start: number, end: number) => busy.some((b) => b.start.getTime() < end && b.end.getTime() > start);

/**
 * The free slots of one teacher's day: inside the teacher's availability of that weekday (not on an absence day),
 * stepping every `slotStep` minutes of the wall clock, each allowed length that ends inside the interval, colliding
 * with nothing busy, with a free usual car when the teacher has any. Lengths are real minutes, so a ride across the
 * autumn change ends an hour earlier on the wall clock, and the spring gap's wall times are never offered.
 */
export function freeSlots(t: TeacherDay): FreeSlot[] {
  if (t.absent) return [];
  const weekday = dayOfWeek(t.day);
  const step = slotStep(t.lengths);
  const out: FreeSlot[] = [];
  const seen = new Set<string>();
  const intervals = t.availability.filter((a) => a.weekday === weekday).sort((a, b) => a.startMinute - b.startMinute);
  for (const a of intervals) {
    const intervalEnd = instantAtOrAfter(t.day, a.endMinute).getTime();
    for (let m = a.startMinute; m < a.endMinute; m += step) {
      const start = schoolInstant(t.day, m);
      if (!start) continue;
      const s = start.getTime();
      if (s < t.notBefore.getTime() || s >= t.notAfter.getTime()) continue;
      for (const length of [...t.lengths].sort((x, y) => x - y)) {
        const e = s + length * MINUTE_MS;
        if (e > intervalEnd) continue;
        if (overlaps(t.busy, s, e)) continue;
        let carId: string | null = null;
        if (t.cars.length > 0) {
          const car = t.cars.find((c) => !overlaps(c.busy, s, e));
          if (!car) continue;
          carId = car.id;
        }
        const key = `${s}/${length}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ start, end: new Date(e), length, carId });
      }
    }
  }
  return out.sort((x, y) => x.start.getTime() - y.start.getTime() || x.length - y.length);
}
