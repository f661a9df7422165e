// Students booking and cancelling rides themselves (issue 19 §3), through the student rung at a fixed clock
// (BOOKING_NOW, Thursday 20 March 2031 09:00 Prague): slots, every refusal with its Czech text, the race of 50 for one
// slot, a student's two bookings racing past the limit, the late-cancel charge, the spring DST day, the staff mark and
// the e-mail when the office moves or cancels a booked ride.
import { schema } from '@volant/db/schema';
import { BOOKING_MESSAGES } from '@volant/shared/booking/rules';
import { formatPrice } from '@volant/shared/money';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestApp } from '../../testing/harness.ts';
import { rideInput } from '../driving-lessons-record/driving-lessons-record.testing.ts';
import { aBooker, BOOKING_NOW, bookingSchool, workingHours } from './booking.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

/** Monday 24 March 2031, 08:00 in Prague (winter time, UTC+1). */
const MONDAY_8 = new Date('2031-03-24T07:00:00Z');
const at = (iso: string) => new Date(iso);
const message = (call: Promise<unknown>) =>
  call.then(
    () => 'booked',
    (e: { message?: string }) => e.message ?? String(e),
  );
const hhmm = (d: Date) => d.toLocaleTimeString('cs-CZ', { timeZone: 'Europe/Prague', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

describe('booking: options and free slots', () => {
  it('offers the teacher’s free slots of a day, without the parts other students took and without their names', async () => {
    const school = await bookingSchool(app);
    const [a, b] = [await aBooker(app, school), await aBooker(app, school)];
    const options = await a.at().booking.getBookingOptions();
    expect(options).toMatchObject({ enabled: true, refusal: null, lengths: [90], firstDay: '2031-03-21', lastDay: '2031-04-03' });
    expect(options.teachers).toEqual([{ id: school.teacher.id, firstName: 'Karel', lastName: 'Jezdecký' }]);
    expect(options.rules[0]).toBe('Rezervovat lze nejvýše 14 dní dopředu, nejpozději 24 hodin před začátkem jízdy.');
    const before = await a.at().booking.getFreeSlots({ date: '2031-03-24' });
    expect(before.teachers[0].slots.map((s) => hhmm(s.start))).toEqual([
      '08:00',
      '08:30',
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '12:00',
      '12:30',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
    ]);
    await b.at().booking.bookRide({ teacherId: school.teacher.id, start: MONDAY_8, length: 90 });
    const after = await a.at().booking.getFreeSlots({ date: '2031-03-24' });
    expect(after.teachers[0].slots.map((s) => hhmm(s.start))[0]).toBe('09:30');
    const text = JSON.stringify(after);
    expect([b.lastName, b.studentId, b.registrationNumber].filter((v) => text.includes(v))).toEqual([]);
    // Outside the horizon, nothing.
    expect((await a.at().booking.getFreeSlots({ date: '2031-04-04' })).teachers).toEqual([]);
  });

  it('offers nothing on the teacher’s absence and only the default teacher unless the school allows any', async () => {
    const school = await bookingSchool(app);
    const a = await aBooker(app, school);
    await app.handle.db
      .insert(schema.teacherAbsences)
      .values({ schoolId: school.schoolId, teacherId: school.teacher.id, fromDate: '2031-03-24', toDate: '2031-03-25' });
    expect((await a.at().booking.getFreeSlots({ date: '2031-03-24' })).teachers[0].slots).toEqual([]);
    expect((await a.at().booking.getFreeSlots({ date: '2031-03-26' })).teachers[0].slots.length).toBeGreaterThan(0);
  });
});

describe('booking: every refusal says why in Czech', () => {
  it('refuses with the exact texts', async () => {
    const school = await bookingSchool(app, { rideLengths: [45, 90], requireNoOverdue: true, maxFutureRides: 2 });
    const [a, b] = [await aBooker(app, school), await aBooker(app, school)];
    const book = (who: typeof a, start: Date, length = 90, teacherId = school.teacher.id) => message(who.at().booking.bookRide({ teacherId, start, length }));
    const db = app.handle.db;
    const { students } = schema;

    // Not in training, no medical certificate, overdue invoice.
    await db.update(students).set({ state: 'FINISHED' }).where(eq(students.id, a.studentId));
    expect(await book(a, MONDAY_8)).toBe('Rezervovat mohou jen žáci ve výcviku');
    await db.update(students).set({ state: 'IN_PROGRESS', medicalCertificateDate: null }).where(eq(students.id, a.studentId));
    expect(await book(a, MONDAY_8)).toBe('Chybí datum lékařského posudku');
    await db.update(students).set({ medicalCertificateDate: '2031-01-10' }).where(eq(students.id, a.studentId));
    await db.insert(schema.invoices).values({
      schoolId: school.schoolId,
      kind: 'INVOICE',
      year: 2031,
      seq: 1,
      number: `T${Date.now()}`,
      studentId: a.studentId,
      supplierName: 'Autoškola',
      supplierCompanyNumber: '12345678',
      supplierAddress: 'Brno',
      customerName: 'Žák',
      vatMode: 'NON_PAYER',
      issuedOn: '2031-02-01',
      dueOn: '2031-02-15',
      variableSymbol: '1',
      paymentMethod: 'TRANSFER',
      total: 100000 as never,
    });
    expect(await book(a, MONDAY_8)).toBe('Máte neuhrazenou platbu po splatnosti');
    await db
      .insert(schema.paymentItems)
      .values({ schoolId: school.schoolId, studentId: a.studentId, price: 100000 as never, paidOn: '2031-02-20', method: 'CASH' });

    // When, how long, how many.
    expect(await book(a, at('2031-03-21T07:00:00Z'))).toBe('Rezervace je možná nejpozději 24 hodin předem');
    expect(await book(a, at('2031-04-04T07:00:00Z'))).toBe('Rezervovat lze nejvýše 14 dní dopředu');
    expect(await book(a, MONDAY_8, 60)).toBe('Jízdu lze rezervovat jen v délce 45 nebo 90 minut');
    expect(await book(a, at('2031-03-24T06:00:00Z'))).toBe(BOOKING_MESSAGES.notOffered);
    expect(await book(a, at('2031-03-24T07:10:00Z'))).toBe(BOOKING_MESSAGES.notOffered);
    expect(await book(a, MONDAY_8)).toBe('booked');
    expect(await book(a, at('2031-03-24T10:00:00Z'), 45)).toBe('Denní limit výcviku je 2 hodiny');
    expect(await book(a, at('2031-03-25T07:00:00Z'))).toBe('booked');
    expect(await book(a, at('2031-03-26T07:00:00Z'))).toBe('Máte už 2 naplánované jízdy');
    // Another student on A's slot: taken, and nobody named.
    expect(await book(b, MONDAY_8)).toBe('Termín je už obsazený');
    expect(await book(b, at('2031-03-24T07:30:00Z'))).toBe('Termín je už obsazený');
    // A teacher who is not B's training teacher.
    const other = await app.handle.db
      .insert(schema.schoolMembers)
      .values({ schoolId: school.schoolId, role: 'TEACHER', firstName: 'Jiný', lastName: 'Učitel' })
      .returning();
    await workingHours(app, school.schoolId, other[0].id, 8 * 60, 16 * 60);
    expect(await book(b, MONDAY_8, 90, other[0].id)).toBe('S tímto učitelem si jízdu rezervovat nemůžete');
    // Booking off.
    await db.update(schema.bookingSettings).set({ enabled: false }).where(eq(schema.bookingSettings.schoolId, school.schoolId));
    expect(await book(b, at('2031-03-27T07:00:00Z'))).toBe('Rezervace jízd není ve vaší autoškole zapnutá');
    expect((await b.at().booking.getBookingOptions()).refusal).toBe('Rezervace jízd není ve vaší autoškole zapnutá');
  });

  it('the limit of 4 hours a day for a group other than B, and the teacher’s usual car taken makes the slot taken', async () => {
    const school = await bookingSchool(app, { rideLengths: [90], maxFutureRides: 5 });
    const c = await aBooker(app, school, { groups: ['C'] });
    await c.at().booking.bookRide({ teacherId: school.teacher.id, start: MONDAY_8, length: 90 });
    await c.at().booking.bookRide({ teacherId: school.teacher.id, start: at('2031-03-24T08:30:00Z'), length: 90 });
    expect(await message(c.at().booking.bookRide({ teacherId: school.teacher.id, start: at('2031-03-24T10:00:00Z'), length: 90 }))).toBe(
      'Denní limit výcviku je 4 hodiny',
    );
    // The only usual car is reserved by the office on Tuesday morning: that time is taken for the student.
    const d = await aBooker(app, school);
    await school.caller.drivingLessonsRecord.createPlanDrivingLessonsRecordPlanV2({
      schoolId: school.schoolId,
      mode: 'PLAN',
      type: 'CAR_RESERVATION',
      schoolCarId: school.car.id,
      startTime: at('2031-03-25T07:00:00Z'),
      endTime: at('2031-03-25T09:00:00Z'),
      allDay: false,
    } as never);
    expect(await message(d.at().booking.bookRide({ teacherId: school.teacher.id, start: at('2031-03-25T07:00:00Z'), length: 90 }))).toBe(
      'Termín je už obsazený',
    );
  });
});

describe('booking: races', () => {
  it('50 students booking one slot at once: exactly one wins, the others hear the slot is taken', async () => {
    const school = await bookingSchool(app);
    const students = await Promise.all(Array.from({ length: 50 }, () => aBooker(app, school)));
    const answers = await Promise.all(students.map((s) => message(s.at().booking.bookRide({ teacherId: school.teacher.id, start: MONDAY_8, length: 90 }))));
    expect(answers.filter((x) => x === 'booked')).toHaveLength(1);
    expect(answers.filter((x) => x !== 'booked')).toEqual(Array(49).fill('Termín je už obsazený'));
    const rides = await app.handle.db
      .select()
      .from(schema.drivingLessonRecords)
      .where(and(eq(schema.drivingLessonRecords.schoolId, school.schoolId), eq(schema.drivingLessonRecords.teacherId, school.teacher.id)));
    expect(rides).toHaveLength(1);
    expect(rides[0]).toMatchObject({ state: 'SCHEDULED', type: 'DRIVING', schoolCarId: school.car.id, createdBy: null, length: 90 });
    expect(rides[0].bookedByStudentAt).toEqual(BOOKING_NOW);
  });

  it('one student’s bookings racing past the limit: the limit holds', async () => {
    const school = await bookingSchool(app, { maxFutureRides: 1 });
    const a = await aBooker(app, school);
    const days = ['2031-03-24', '2031-03-25', '2031-03-26', '2031-03-27'];
    const answers = await Promise.all(
      days.map((d) => message(a.at().booking.bookRide({ teacherId: school.teacher.id, start: at(`${d}T07:00:00Z`), length: 90 }))),
    );
    expect(answers.filter((x) => x === 'booked')).toHaveLength(1);
    expect(answers.filter((x) => x !== 'booked')).toEqual(Array(3).fill('Máte už 1 naplánovanou jízdu'));
  });
});

describe('booking: cancelling', () => {
  it('free until 24 hours before; later it says the charge first and adds it on confirm', async () => {
    const school = await bookingSchool(app);
    // The price list's late-cancel extra: 300 Kč (haléře in the row).
    await app.handle.db.insert(schema.schoolPriceExtras).values({ schoolId: school.schoolId, item: 'LATE_CANCELLATION', price: 30000 as never });
    const a = await aBooker(app, school);
    const ride = await a.at().booking.bookRide({ teacherId: school.teacher.id, start: MONDAY_8, length: 90 });
    const [listed] = await a.at().booking.getMyBookings();
    expect(listed).toMatchObject({
      id: ride.id,
      bookedByStudent: true,
      cancel: { cancellable: true, late: false, text: 'Zrušení je zdarma do 23.3.2031 08:00.' },
    });

    // A day before, the terms turn late.
    const late = new Date('2031-03-23T09:00:00Z');
    const terms = await a.at(late).booking.getCancelTerms({ rideId: ride.id });
    expect(terms).toMatchObject({ cancellable: true, late: true, price: 30000 });
    expect(terms.text).toBe(`Rušíte jízdu po lhůtě pro zrušení zdarma: bude vám účtován poplatek Pozdní zrušení jízdy ${formatPrice(30000)}.`);
    expect(formatPrice(30000).replace(/\s/g, ' ')).toBe('300 Kč');
    expect(await message(a.at(late).booking.cancelRide({ rideId: ride.id }))).toBe(terms.text);
    expect(await a.at(late).booking.cancelRide({ rideId: ride.id, acceptLateCharge: true })).toEqual({
      id: ride.id,
      state: 'CANCELLED_BY_STUDENT',
      charged: 30000,
    });
    const charges = await app.handle.db.select().from(schema.studentCharges).where(eq(schema.studentCharges.studentId, a.studentId));
    expect(charges).toEqual([
      expect.objectContaining({ item: 'LATE_CANCELLATION', label: 'Pozdní zrušení jízdy', quantity: 1, unitPrice: 30000, chargedOn: '2031-03-23' }),
    ]);
    // The slot is free again, and a cancelled ride cannot be cancelled twice.
    expect(await message(a.at(late).booking.cancelRide({ rideId: ride.id, acceptLateCharge: true }))).toBe(BOOKING_MESSAGES.notCancellable);

    // Early: free, no charge.
    const second = await a.at().booking.bookRide({ teacherId: school.teacher.id, start: at('2031-03-26T07:00:00Z'), length: 90 });
    expect(await a.at().booking.cancelRide({ rideId: second.id })).toMatchObject({ charged: null });
    expect(await app.handle.db.select().from(schema.studentCharges).where(eq(schema.studentCharges.studentId, a.studentId))).toHaveLength(1);
  });

  it('student A cannot see or cancel student B’s ride, of the same school or another', async () => {
    const [school, other] = [await bookingSchool(app), await bookingSchool(app)];
    const [a, b, c] = [await aBooker(app, school), await aBooker(app, school), await aBooker(app, other)];
    const ride = await b.at().booking.bookRide({ teacherId: school.teacher.id, start: MONDAY_8, length: 90 });
    const code = (call: Promise<unknown>) =>
      call.then(
        () => 'answered',
        (e: { code?: string }) => e.code,
      );
    expect({
      cancelSame: await code(a.at().booking.cancelRide({ rideId: ride.id })),
      cancelOther: await code(c.at().booking.cancelRide({ rideId: ride.id })),
      termsSame: await code(a.at().booking.getCancelTerms({ rideId: ride.id })),
    }).toEqual({ cancelSame: 'NOT_FOUND', cancelOther: 'NOT_FOUND', termsSame: 'NOT_FOUND' });
    expect(await a.at().booking.getMyBookings()).toEqual([]);
    expect((await b.at().booking.getMyBookings()).map((r) => r.id)).toEqual([ride.id]);
  });
});

describe('booking: the spring change of time', () => {
  it('never offers 02:00–02:59 on 30 March 2031 and a 90-minute ride across it ends at 04:00', async () => {
    const school = await bookingSchool(app);
    const night = await app.handle.db
      .insert(schema.schoolMembers)
      .values({ schoolId: school.schoolId, role: 'TEACHER', firstName: 'Noční', lastName: 'Učitel' })
      .returning();
    await workingHours(app, school.schoolId, night[0].id, 60, 5 * 60, [7]);
    await app.handle.db.update(schema.bookingSettings).set({ teacherChoice: 'ANY_TEACHER' }).where(eq(schema.bookingSettings.schoolId, school.schoolId));
    const a = await aBooker(app, school);
    const day = await a.at().booking.getFreeSlots({ date: '2031-03-30' });
    const slots = day.teachers.find((t) => t.id === night[0].id)?.slots ?? [];
    expect(slots.map((s) => `${hhmm(s.start)}–${hhmm(s.end)}`)).toEqual(['01:00–03:30', '01:30–04:00', '03:00–04:30', '03:30–05:00']);
    const ride = await a.at().booking.bookRide({ teacherId: night[0].id, start: slots[1].start, length: 90 });
    expect(ride.end.getTime() - ride.start.getTime()).toBe(90 * 60_000);
    expect(hhmm(ride.end)).toBe('04:00');
  });
});

describe('booking: the staff side', () => {
  it('marks the ride as booked by the student, and the student hears by e-mail when the office moves or cancels it', async () => {
    const school = await bookingSchool(app);
    const email = `zak.${Date.now()}@example.cz`;
    const a = await aBooker(app, school, { email });
    const ride = await a.at().booking.bookRide({ teacherId: school.teacher.id, start: MONDAY_8, length: 90 });
    const calendar = await school.caller.drivingLessonsRecord.getCalendarEvents({
      schoolId: school.schoolId,
      from: at('2031-03-23T23:00:00Z'),
      to: at('2031-03-24T23:00:00Z'),
    });
    expect(calendar.items.bookedByStudent[calendar.items.id.indexOf(ride.id)]).toBe(true);
    const records = await school.caller.drivingLessonsRecord.getDrivingLessonsRecords({ schoolId: school.schoolId, studentId: a.studentId });
    expect(records.find((r) => r.id === ride.id)?.bookedByStudentAt).toEqual(BOOKING_NOW);
    // The office moves it (its caller runs on the real clock, before the ride): the student gets the new time.
    await school.caller.drivingLessonsRecord.updatePlanDrivingLessonsRecordV2({
      ...rideInput({ studentId: a.studentId, userId: school.teacher.id, schoolCarId: school.car.id, start: at('2031-03-24T09:00:00Z') }),
      id: ride.id,
      schoolId: school.schoolId,
      state: 'SCHEDULED',
    } as never);
    await school.caller.drivingLessonsRecord.deleteDrivingLessonsRecord({ schoolId: school.schoolId, id: ride.id } as never);
    const mails = (await app.outbox())
      .filter((m) => m.text.includes(`To: ${email}`))
      .map((m) => ({
        text: Buffer.from(
          m.text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
      }));
    expect(mails.map((m) => (m.text.includes('přesunula') ? 'moved' : m.text.includes('zrušila') ? 'cancelled' : 'other'))).toEqual(['moved', 'cancelled']);
    expect(mails[0].text).toContain('na nový termín 24.3.2031 10:00–11:30');
    expect(mails[1].text).toContain('24.3.2031 10:00–11:30');
  });
});
