// Training form inputs (spec §2 training form, §5 training rules, §7 drivingLessonsRecord.*). One schema per call,
// shared by the drawer form, the calendar and the procedures.
import { z } from 'zod';
import { CALENDAR_EVENT_TYPES, EMPTY_SELECT, LESSON_STATES } from '../enums.ts';
import { optionalText, text, uuidInput } from '../validation.ts';
import { isSafeSignatureSvg, SIGNATURE_MAX_LENGTH } from './signature.ts';

export const TRAINING_MESSAGES = {
  typeRequired: 'Prosím vyberte typ!',
  startRequired: 'Prosím zadejte začátek!',
  endRequired: 'Prosím zadejte konec!',
  endBeforeStart: 'Konec musí být po začátku!',
  lengthRange: 'Délka musí být 1 až 1440 minut',
  tachometerRange: 'Stav tachometru musí být 0 až 9007199254740991 km',
  tachometerAfterBefore: 'Stav tachometru po jízdě nesmí být menší než před jízdou!',
  studentRequired: 'Prosím vyberte žáka!',
  carRequired: 'Prosím vyberte vozidlo!',
  stateRequired: 'Prosím vyberte stav!',
  signatureRequired: 'Prosím podepište výcvik (žák)!',
  teacherSignatureRequired: 'Prosím podepište výcvik (učitel)!',
  signatureInvalid: 'Podpis není platný obrázek',
  /** Plan mode creates a SCHEDULED item: what only a registered one carries is refused, not dropped (issue 17 item 20). */
  planSignature: 'Naplánovaný výcvik se nepodepisuje. Podpisy patří k zaevidování výcviku (mode REGISTER).',
  /** A signed ride's content changed (issue 22 §1): the correction needs its reason, 'Důvod opravy'. */
  correctionReasonRequired: 'Jízda je již podepsaná: prosím uveďte důvod opravy.',
  correctionReasonTooLong: 'Důvod opravy může mít nejvýše 500 znaků',
  planState: 'Naplánovaný výcvik má stav Naplánováno. Jiný stav lze zadat při zaevidování výcviku (mode REGISTER) nebo úpravě.',
} as const;

/** An optional select: null, missing or the reserved '__empty' (spec §5) all mean "not chosen". */
export const optionalId = z
  .union([z.literal(EMPTY_SELECT), uuidInput])
  .nullish()
  .transform((v) => (v && v !== EMPTY_SELECT ? v : null));

const instant = (required: string) =>
  z.date({ error: required }).refine((d) => !Number.isNaN(d.getTime()) && d.getUTCFullYear() >= 2000 && d.getUTCFullYear() <= 2100, 'Neplatné datum');

const tachometer = z
  .number({ error: TRAINING_MESSAGES.tachometerRange })
  .int(TRAINING_MESSAGES.tachometerRange)
  .min(0, TRAINING_MESSAGES.tachometerRange)
  .max(Number.MAX_SAFE_INTEGER, TRAINING_MESSAGES.tachometerRange)
  .nullish()
  .transform((v) => v ?? null);

/** SVG text of a signature, only in the safe subset (isSafeSignatureSvg, DESIGN §8). Empty means none. */
export const signatureInput = text()
  .max(SIGNATURE_MAX_LENGTH, { error: TRAINING_MESSAGES.signatureInvalid, abort: true })
  .refine((svg) => !svg || isSafeSignatureSvg(svg), TRAINING_MESSAGES.signatureInvalid)
  .nullish()
  .transform((v) => (v ? v : null));

const fields = {
  type: z.enum(CALENDAR_EVENT_TYPES, { error: TRAINING_MESSAGES.typeRequired }),
  studentId: optionalId,
  /** The teacher: a school member's id (a teacher may have no login yet). Named userId as in spec §7. */
  userId: optionalId,
  schoolCarId: optionalId,
  startTime: instant(TRAINING_MESSAGES.startRequired),
  endTime: instant(TRAINING_MESSAGES.endRequired),
  /**
   * Minutes; required for a ride only (spec §7: `length` for driving). A PV lesson's and a reservation's come from
   * their start and end.
   */
  length: z
    .number({ error: TRAINING_MESSAGES.lengthRange })
    .int(TRAINING_MESSAGES.lengthRange)
    .min(1, TRAINING_MESSAGES.lengthRange)
    .max(1440, TRAINING_MESSAGES.lengthRange)
    .optional(),
  tachometerBefore: tachometer,
  tachometerAfter: tachometer,
  signature: signatureInput,
  teacherSignature: signatureInput,
  note: optionalText(1000, 'Poznámka může mít nejvýše 1000 znaků'),
  /** Car reservation only: the whole day. */
  allDay: z.boolean().optional().default(false),
};

type Fields = z.output<z.ZodObject<typeof fields>>;

/** The rules between fields (spec §5): end after start, student for lessons, car for reservations, tachometer order. */
function crossCheck(v: Fields & { state?: string | null }, ctx: z.RefinementCtx, opts: { register: boolean }) {
  if (v.endTime.getTime() <= v.startTime.getTime()) ctx.addIssue({ code: 'custom', path: ['endTime'], message: TRAINING_MESSAGES.endBeforeStart });
  if (v.type === 'DRIVING' && v.length === undefined) ctx.addIssue({ code: 'custom', path: ['length'], message: TRAINING_MESSAGES.lengthRange });
  if (v.type === 'CAR_RESERVATION') {
    if (!v.schoolCarId) ctx.addIssue({ code: 'custom', path: ['schoolCarId'], message: TRAINING_MESSAGES.carRequired });
    return;
  }
  if (!v.studentId) ctx.addIssue({ code: 'custom', path: ['studentId'], message: TRAINING_MESSAGES.studentRequired });
  if (v.tachometerBefore !== null && v.tachometerAfter !== null && v.tachometerAfter < v.tachometerBefore)
    ctx.addIssue({ code: 'custom', path: ['tachometerAfter'], message: TRAINING_MESSAGES.tachometerAfterBefore });
  if (opts.register) {
    if (!v.signature) ctx.addIssue({ code: 'custom', path: ['signature'], message: TRAINING_MESSAGES.signatureRequired });
    if (!v.teacherSignature) ctx.addIssue({ code: 'custom', path: ['teacherSignature'], message: TRAINING_MESSAGES.teacherSignatureRequired });
  }
}

/**
 * Create (spec `createPlanDrivingLessonsRecordPlanV2`). mode PLAN creates a SCHEDULED item without signatures;
 * REGISTER records a training that took place: both signatures required, state COMPLETED unless chosen.
 */
export const createTrainingInput = z
  .object({
    ...fields,
    mode: z.enum(['PLAN', 'REGISTER']).default('PLAN'),
    state: z.enum(LESSON_STATES, { error: TRAINING_MESSAGES.stateRequired }).nullish(),
  })
  .superRefine((v, ctx) => {
    crossCheck(v, ctx, { register: v.mode === 'REGISTER' && v.type !== 'CAR_RESERVATION' });
    if (v.mode !== 'PLAN') return;
    for (const key of ['signature', 'teacherSignature'] as const) {
      if (v[key]) ctx.addIssue({ code: 'custom', path: [key], message: TRAINING_MESSAGES.planSignature });
    }
    if (v.state && v.state !== 'SCHEDULED') ctx.addIssue({ code: 'custom', path: ['state'], message: TRAINING_MESSAGES.planState });
  });
export type CreateTrainingInput = z.input<typeof createTrainingInput>;

/** Edit (spec `updatePlanDrivingLessonsRecordV2`): state required; a COMPLETED training needs both signatures. */
export const updateTrainingInput = z
  .object({
    ...fields,
    id: uuidInput,
    state: z.enum(LESSON_STATES, { error: TRAINING_MESSAGES.stateRequired }),
    /** 'Důvod opravy' (issue 22 §1): required by the server when the ride is signed and its content changes. */
    correctionReason: optionalText(500, TRAINING_MESSAGES.correctionReasonTooLong),
  })
  .superRefine((v, ctx) => crossCheck(v, ctx, { register: v.type !== 'CAR_RESERVATION' && v.state === 'COMPLETED' }));
export type UpdateTrainingInput = z.input<typeof updateTrainingInput>;

/** Delete (spec `deleteDrivingLessonsRecord`): a registered ride only with 'Důvod opravy' (issue 22 §1). */
export const deleteTrainingInput = z.object({ id: uuidInput, correctionReason: optionalText(500, TRAINING_MESSAGES.correctionReasonTooLong) });
export type DeleteTrainingInput = z.input<typeof deleteTrainingInput>;

/** Spec `hasCollision`: is the teacher, the car or the student taken at that time (ignoring the item being edited)? */
export const hasCollisionInput = z.object({
  startTime: instant(TRAINING_MESSAGES.startRequired),
  endTime: instant(TRAINING_MESSAGES.endRequired),
  teacherId: optionalId,
  schoolCarId: optionalId,
  /** Not in the spec's list: a student is refused in two overlapping items too (issue 17 item 6). */
  studentId: optionalId,
  currentId: optionalId,
});

/** The calendar's window (at most ~6 weeks, a month view with its edges) and its filters. */
export const calendarRangeInput = z.object({
  from: instant(TRAINING_MESSAGES.startRequired),
  to: instant(TRAINING_MESSAGES.endRequired),
  teacherIds: z.array(uuidInput).max(100).optional(),
  schoolCarIds: z.array(uuidInput).max(100).optional(),
});

/** The trainings page: the office's daily check of what is unsigned or not registered. */
export const trainingsListInput = z.object({
  from: instant(TRAINING_MESSAGES.startRequired).nullish(),
  to: instant(TRAINING_MESSAGES.endRequired).nullish(),
  teacherId: optionalId,
  schoolCarId: optionalId,
  state: z.enum(LESSON_STATES).nullish(),
  type: z.enum(CALENDAR_EVENT_TYPES).nullish(),
  unsigned: z.boolean().optional(),
  notRegistered: z.boolean().optional(),
  currentPage: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});

/** `getTrainingWarnings`: what the law would warn about for the item in the form (the office may still save it). */
export const trainingWarningsInput = hasCollisionInput.extend({
  type: z.enum(CALENDAR_EVENT_TYPES, { error: TRAINING_MESSAGES.typeRequired }),
  studentId: optionalId,
  length: fields.length.unwrap(),
});
