import { schema } from '@volant/db/schema';
import { BOOKING_DEFAULTS } from '@volant/shared/booking/settings';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, getTestApp, inputIssues, setupSchool, type TestApp } from '../../testing/harness.ts';
import { getBookingSettings } from './booking-settings.queries.ts';
import type { SchoolId } from '../../lib/tenant.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

describe('Rezervace jízd settings', () => {
  it('answers the defaults (booking off) without a row, then saves and replaces the row', async () => {
    const { caller, schoolId } = await setupSchool(app);
    expect(await caller.bookingSettings.get({ schoolId })).toEqual({ ...BOOKING_DEFAULTS, updatedAt: null });
    expect(await getBookingSettings(app.handle.db, schoolId as SchoolId)).toMatchObject({ enabled: false, horizonDays: 14, maxFutureRides: 3 });

    const sent = app.deps.live.sent.length;
    const on = await caller.bookingSettings.update({ schoolId, ...BOOKING_DEFAULTS, enabled: true, rideLengths: [90, 45], reminderHours: null });
    expect(on).toMatchObject({ enabled: true, rideLengths: [45, 90], reminderHours: null });
    expect(app.deps.live.sent.slice(sent).map((m) => m.message)).toContainEqual({ BookingSettingsMessage: { schoolId } });

    const changed = await caller.bookingSettings.update({ schoolId, ...BOOKING_DEFAULTS, enabled: true, teacherChoice: 'ANY_TEACHER', maxFutureRides: 5 });
    expect(changed).toMatchObject({ enabled: true, teacherChoice: 'ANY_TEACHER', maxFutureRides: 5, rideLengths: [90], reminderHours: 24 });
    expect(await app.handle.db.select().from(schema.bookingSettings).where(eq(schema.bookingSettings.schoolId, schoolId))).toHaveLength(1);
    const audit = await app.handle.db.select().from(schema.auditLog).where(eq(schema.auditLog.schoolId, schoolId));
    expect(audit.filter((a) => a.action === 'bookingSettings.update')).toHaveLength(2);
  });

  it('refuses values out of bounds in Czech', async () => {
    const { caller, schoolId } = await setupSchool(app);
    expect(await inputIssues(caller.bookingSettings.update({ schoolId, ...BOOKING_DEFAULTS, horizonDays: 400 }))).toEqual([
      'horizonDays: Počet dní dopředu musí být celé číslo od 1 do 365.',
    ]);
  });

  it('lets every member read and only the admin change the rules', async () => {
    const { schoolId } = await setupSchool(app);
    const u = await createUser(app);
    await addMember(app, schoolId, u.id, 'ASSISTANT');
    const assistant = await app.callerFor(u.id);
    expect((await assistant.bookingSettings.get({ schoolId })).enabled).toBe(false);
    await expect(assistant.bookingSettings.update({ schoolId, ...BOOKING_DEFAULTS, enabled: true })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
