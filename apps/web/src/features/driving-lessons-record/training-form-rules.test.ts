import { EMPTY_SELECT } from '@volant/shared/enums';
import { createTrainingInput, TRAINING_MESSAGES, updateTrainingInput } from '@volant/shared/driving-lessons-record/inputs';
import { describe, expect, it } from 'vitest';
import {
  applyTimeRules,
  collisionQuery,
  emptyValues,
  endedBy,
  notEndedHint,
  recordValues,
  schoolInstant,
  type TrainingValues,
  toTrainingInput,
  visibleFields,
  wallOf,
} from './training-form-rules.ts';

const TEACHER = '0b9a4a57-6c5d-4b8e-9a53-2a9f4b1c0d11';
const CAR = '1c8b5b68-7d6e-4c9f-8b64-3b0a5c2d1e22';
const STUDENT = '2d7c6c79-8e7f-4d0a-9c75-4c1b6d3e2f33';
const RECORD = '3e6d7d8a-9f80-4e1b-8d86-5d2c7e4f3044';

const values = (over: Partial<TrainingValues> = {}): TrainingValues => ({ ...emptyValues('plan'), ...over });

describe('the school wall clock', () => {
  it('reads a time of a winter and of a summer day in Prague, whatever the machine zone', () => {
    expect(schoolInstant('2026-01-15', '10:30')?.toISOString()).toBe('2026-01-15T09:30:00.000Z');
    expect(schoolInstant('2026-07-15', '10:30')?.toISOString()).toBe('2026-07-15T08:30:00.000Z');
    expect(wallOf(new Date('2026-07-15T08:30:00.000Z'))).toEqual({ day: '2026-07-15', time: '10:30' });
  });

  it('keeps the wall time on the days the clocks change', () => {
    // 29 March 2026: 02:00 → 03:00; 25 October 2026: 03:00 → 02:00.
    expect(schoolInstant('2026-03-29', '10:00')?.toISOString()).toBe('2026-03-29T08:00:00.000Z');
    expect(schoolInstant('2026-03-29', '01:30')?.toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(schoolInstant('2026-10-25', '10:00')?.toISOString()).toBe('2026-10-25T09:00:00.000Z');
    expect(schoolInstant('2026-10-25', '23:45')?.toISOString()).toBe('2026-10-25T22:45:00.000Z');
  });

  it('takes a skipped spring time an hour on and the first of the doubled autumn hour', () => {
    expect(wallOf(schoolInstant('2026-03-29', '02:30') as Date)).toEqual({ day: '2026-03-29', time: '03:30' });
    expect(schoolInstant('2026-10-25', '02:30')?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('refuses a time that is not HH:mm', () => {
    expect(schoolInstant('2026-01-15', '25:00')).toBeNull();
    expect(schoolInstant('2026-01-15', '10')).toBeNull();
  });
});

describe('the end of an item follows its start', () => {
  it('a ride ends its chosen length after the start (90 minutes by default)', () => {
    const v = applyTimeRules(values({ startDay: '2026-05-04', startTime: '14:00' }), ['startTime'], new Date());
    expect(v.length).toBe(90);
    expect([v.endDay, v.endTime]).toEqual(['2026-05-04', '15:30']);
    const longer = applyTimeRules({ ...v, length: 120 }, ['length'], new Date());
    expect(longer.endTime).toBe('16:00');
  });

  it('a ride over midnight ends the next day', () => {
    const v = applyTimeRules(values({ startDay: '2026-05-04', startTime: '23:30', length: 45 }), ['startTime'], new Date());
    expect([v.endDay, v.endTime]).toEqual(['2026-05-05', '00:15']);
  });

  it('a PV lesson ends one hour after its start, on the start day', () => {
    const v = applyTimeRules(values({ type: 'PV_UV', startDay: '2026-05-04', startTime: '08:15' }), ['type'], new Date());
    expect([v.endDay, v.endTime]).toEqual(['2026-05-04', '09:15']);
    const moved = applyTimeRules({ ...v, startDay: '2026-05-06' }, ['startDay'], new Date());
    expect([moved.endDay, moved.endTime]).toEqual(['2026-05-06', '09:15']);
  });

  it('a reservation keeps the end the user chose', () => {
    const v = values({ type: 'CAR_RESERVATION', startDay: '2026-05-04', startTime: '08:00', endDay: '2026-05-07', endTime: '18:00' });
    expect(applyTimeRules(v, ['startTime'], new Date())).toEqual(v);
  });

  it('ticking all day on a reservation takes today of the school zone, 00:00 to 23:59', () => {
    // 23:30 UTC on 4 May is already 5 May in Prague.
    const now = new Date('2026-05-04T23:30:00Z');
    const v = applyTimeRules(values({ type: 'CAR_RESERVATION', allDay: true }), ['allDay'], now);
    expect([v.startDay, v.startTime, v.endDay, v.endTime]).toEqual(['2026-05-05', '00:00', '2026-05-05', '23:59']);
  });

  it('all day belongs to reservations only, and a ride gets an allowed length back', () => {
    const v = applyTimeRules(values({ type: 'DRIVING', allDay: true, length: 60 }), ['type'], new Date());
    expect(v.allDay).toBe(false);
    expect(applyTimeRules(values({ length: 33 }), ['type'], new Date()).length).toBe(90);
  });
});

describe('the collision check', () => {
  const timed = values({ startDay: '2026-05-04', startTime: '14:00', endDay: '2026-05-04', endTime: '15:30' });

  it('asks once a start is set and a car or a teacher is chosen', () => {
    expect(collisionQuery(timed, null)).toBeNull();
    expect(collisionQuery({ ...timed, schoolCarId: CAR }, null)).toEqual({
      startTime: new Date('2026-05-04T12:00:00Z'),
      endTime: new Date('2026-05-04T13:30:00Z'),
      teacherId: null,
      schoolCarId: CAR,
      studentId: null,
      currentId: null,
    });
    expect(collisionQuery({ ...timed, userId: TEACHER }, RECORD)).toMatchObject({ teacherId: TEACHER, schoolCarId: null, currentId: RECORD });
  });

  it('asks about the student too: the card’s, or the calendar’s chosen one; never for a car reservation', () => {
    const STUDENT = '5c1d7e0a-1b2c-4d3e-8f4a-5b6c7d8e9f00';
    expect(collisionQuery(timed, null, STUDENT)).toMatchObject({ studentId: STUDENT, teacherId: null, schoolCarId: null });
    expect(collisionQuery({ ...timed, studentId: STUDENT }, null)).toMatchObject({ studentId: STUDENT });
    expect(collisionQuery({ ...timed, type: 'CAR_RESERVATION', studentId: STUDENT }, null)).toBeNull();
  });

  it('does not ask about an item being cancelled: it holds no slot', () => {
    expect(collisionQuery({ ...timed, schoolCarId: CAR, state: 'CANCELLED_BY_TEACHER' }, RECORD)).toBeNull();
    expect(collisionQuery({ ...timed, schoolCarId: CAR, state: 'COMPLETED' }, RECORD)).not.toBeNull();
  });

  it('does not ask without a start or with an end not after it', () => {
    expect(collisionQuery({ ...timed, startTime: null, userId: TEACHER }, null)).toBeNull();
    expect(collisionQuery({ ...timed, endTime: '14:00', userId: TEACHER }, null)).toBeNull();
  });
});

describe('the fields per mode', () => {
  it('plans without tachometer, signatures or state', () => {
    expect(visibleFields('plan', 'DRIVING', false)).toMatchObject({ tachometer: false, signatures: false, state: false, length: true, endReadOnly: true });
  });
  it('registers and edits a ride with tachometer and both signatures; the state only in edit', () => {
    expect(visibleFields('register', 'DRIVING', false)).toMatchObject({ tachometer: true, signatures: true, state: false });
    expect(visibleFields('edit', 'DRIVING', false)).toMatchObject({ tachometer: true, signatures: true, state: true });
    expect(visibleFields('edit', 'PV_ZP', false)).toMatchObject({ tachometer: false, signatures: true, state: true, length: false, endReadOnly: false });
  });
  it('a reservation has all day and no student, signatures or state; the calendar variant asks for the student', () => {
    expect(visibleFields('edit', 'CAR_RESERVATION', true)).toMatchObject({ allDay: true, student: false, signatures: false, state: false });
    expect(visibleFields('plan', 'DRIVING', true).student).toBe(true);
    expect(visibleFields('plan', 'DRIVING', false).student).toBe(false);
  });
});

describe('values → the shared inputs', () => {
  const ride = values({ startDay: '2026-05-04', startTime: '14:00', endDay: '2026-05-04', endTime: '15:30', userId: TEACHER, schoolCarId: CAR });

  it('plans a scheduled ride of the card student; "Nevybráno" goes as no value', () => {
    const input = createTrainingInput.parse(toTrainingInput({ ...ride, schoolCarId: EMPTY_SELECT }, { mode: 'plan', studentId: STUDENT }));
    expect(input).toMatchObject({ mode: 'PLAN', type: 'DRIVING', studentId: STUDENT, userId: TEACHER, schoolCarId: null, length: 90, state: 'SCHEDULED' });
    expect(input.startTime.toISOString()).toBe('2026-05-04T12:00:00.000Z');
  });

  it('registers as COMPLETED and asks for both signatures', () => {
    const missing = createTrainingInput.safeParse(toTrainingInput(ride, { mode: 'register', studentId: STUDENT }));
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((i) => i.message)).toEqual([TRAINING_MESSAGES.signatureRequired, TRAINING_MESSAGES.teacherSignatureRequired]);
    const signed = createTrainingInput.parse(
      toTrainingInput(
        { ...ride, signature: '<svg/>', teacherSignature: '<svg/>', tachometerBefore: 1000, tachometerAfter: 1042 },
        { mode: 'register', studentId: STUDENT },
      ),
    );
    expect(signed).toMatchObject({ mode: 'REGISTER', state: 'COMPLETED', tachometerBefore: 1000, tachometerAfter: 1042 });
  });

  it('leaves a missing start to the schema, which says so at the start time', () => {
    const result = createTrainingInput.safeParse(toTrainingInput({ ...ride, startTime: null }, { mode: 'plan', studentId: STUDENT }));
    expect(result.error?.issues.find((i) => i.path[0] === 'startTime')?.message).toBe(TRAINING_MESSAGES.startRequired);
  });

  it('the calendar variant sends the chosen student and requires one', () => {
    expect(createTrainingInput.parse(toTrainingInput({ ...ride, studentId: STUDENT }, { mode: 'plan' })).studentId).toBe(STUDENT);
    const none = createTrainingInput.safeParse(toTrainingInput(ride, { mode: 'plan' }));
    expect(none.error?.issues[0]).toMatchObject({ path: ['studentId'], message: TRAINING_MESSAGES.studentRequired });
  });

  it('a reservation needs a car, has no student and spans its own length', () => {
    const v = values({
      type: 'CAR_RESERVATION',
      startDay: '2026-05-04',
      startTime: '08:00',
      endDay: '2026-05-04',
      endTime: '12:00',
      schoolCarId: CAR,
      studentId: STUDENT,
    });
    expect(createTrainingInput.parse(toTrainingInput(v, { mode: 'plan' }))).toMatchObject({ studentId: null, length: 240, schoolCarId: CAR });
    expect(createTrainingInput.safeParse(toTrainingInput({ ...v, schoolCarId: EMPTY_SELECT }, { mode: 'plan' })).error?.issues[0].message).toBe(
      TRAINING_MESSAGES.carRequired,
    );
  });

  it('edits with the id and the chosen state; a stored record comes back as the same values', () => {
    const record = {
      id: RECORD,
      type: 'DRIVING' as const,
      state: 'CANCELLED_BY_STUDENT' as const,
      studentId: STUDENT,
      startTime: new Date('2026-05-04T12:00:00Z'),
      endTime: new Date('2026-05-04T13:30:00Z'),
      length: 90,
      userId: TEACHER,
      schoolCarId: null,
      tachometerBefore: null,
      tachometerAfter: null,
      signature: null,
      teacherSignature: null,
      allDay: false,
      note: null,
    };
    const v = recordValues(record);
    expect(v).toMatchObject({ startDay: '2026-05-04', startTime: '14:00', endTime: '15:30', schoolCarId: EMPTY_SELECT, state: 'CANCELLED_BY_STUDENT' });
    const input = updateTrainingInput.parse(toTrainingInput(v, { mode: 'edit', studentId: STUDENT, recordId: RECORD }));
    expect(input).toMatchObject({ id: RECORD, state: 'CANCELLED_BY_STUDENT', userId: TEACHER, schoolCarId: null });
    expect(input.endTime).toEqual(record.endTime);
  });
});

describe('a ride that has not ended (issue 17 item 5)', () => {
  // 14:00–15:30 in Prague on 4 May 2026 (summer time): 12:00–13:30 UTC.
  const ride = values({ startDay: '2026-05-04', startTime: '14:00', endDay: '2026-05-04', endTime: '15:30' });
  const before = new Date('2026-05-04T13:29:00Z');
  const after = new Date('2026-05-04T13:30:00Z');
  it('is not offered for registering until its end, by the instant', () => {
    expect(endedBy(ride, before)).toBe(false);
    expect(notEndedHint('register', ride, before)).toBe('Jízdu lze zaevidovat až po jejím skončení (4.5.2026 15:30).');
    expect(notEndedHint('register', ride, after)).toBeNull();
    expect(notEndedHint('plan', ride, before)).toBeNull();
    expect(notEndedHint('register', { ...ride, type: 'PV_UV' }, before)).toBe('Výcvik lze zaevidovat až po jeho skončení (4.5.2026 15:30).');
  });
  it('may be edited while planned, but not marked Absolvována, and shows no signatures or tachometer then', () => {
    expect(notEndedHint('edit', { ...ride, state: 'SCHEDULED' }, before)).toBeNull();
    expect(notEndedHint('edit', { ...ride, state: 'COMPLETED' }, before)).toMatch(/^Jízdu lze zaevidovat/);
    expect(visibleFields('edit', 'DRIVING', false, false)).toMatchObject({ tachometer: false, signatures: false, state: true });
    expect(visibleFields('register', 'DRIVING', false, false)).toMatchObject({ tachometer: true, signatures: true });
  });
});
