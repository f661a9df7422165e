import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { testSchoolId } from '../../testing/tenant.ts';
import { documentOf } from '../../pdf/documents.ts';
import { drivingRecordDocument } from './driving-lessons-record.pdf.ts';
import { seedCar, seedRides, seedStudent, seedTeacher } from '../../testing/documents.testing.ts';
import { renderText, roundStrokeCount } from '../../pdf/pdf-text.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const now = new Date('2026-04-20T09:00:00Z');

describe('Evidence o výcviku v řízení vozidla (REPORT_VEHICLE_DRIVING_TRAINING)', () => {
  it('lists the registered rides per vehicle with odometer, hours, teacher, both signatures as pictures and totals', async () => {
    const { schoolId } = await setupSchool(app);
    const db = app.handle.db;
    const studentId = await seedStudent(db, schoolId, {
      firstName: 'Řehoř',
      lastName: 'Šťastný',
      degree: 'Bc.',
      registrationNumber: 'EV-77',
      dateOfInProgress: '2026-02-02',
    });
    const teacherId = await seedTeacher(db, schoolId, { firstName: 'Miroslav', lastName: 'Kříž', degree: 'Ing.' });
    const octavia = await seedCar(db, schoolId, { carType: 'Škoda Octavia', regNumber: '1BČ2345' });
    const fabia = await seedCar(db, schoolId, { carType: 'Škoda Fabia', regNumber: '2B99999' });
    await seedRides(db, schoolId, studentId, { count: 5, carIds: [octavia, fabia], perCar: 3, teacherId, odometer: 48_200 });
    // Not in the record: a cancelled ride, a planned one, a PV lesson and another student's ride.
    const other = await seedStudent(db, schoolId);
    await seedRides(db, schoolId, other, { count: 1, carIds: [octavia], teacherId, startDate: '2026-03-20' });

    expect(documentOf('REPORT_VEHICLE_DRIVING_TRAINING')).toBe(drivingRecordDocument);
    const vm = await drivingRecordDocument.load(db, testSchoolId(schoolId), { entityId: studentId, params: {} }, now);
    expect(vm.vehicles.map((v) => [v.vehicle?.plate, v.rides.length, v.minutes])).toEqual([
      ['1BČ2345', 3, 270],
      ['2B99999', 2, 180],
    ]);
    expect(vm.totals).toEqual({ rides: 5, minutes: 450, km: vm.vehicles[0].km + vm.vehicles[1].km });
    expect(vm.vehicles[0].rides[0]).toMatchObject({ tachometerBefore: 48_200, tachometerAfter: 48_231, teacher: 'Ing. Miroslav Kříž' });

    const { text, bytes } = await renderText(drivingRecordDocument, vm, 'driving-record');
    expect(text).toContain('Evidence o výcviku v řízení vozidla');
    expect(text).toContain('Bc. Řehoř Šťastný');
    expect(text).toContain('EV-77');
    expect(text).toContain('Vozidlo: Škoda Octavia, RZ 1BČ2345');
    expect(text).toContain('Vozidlo: Škoda Fabia, RZ 2B99999');
    expect(text).toContain('2.2.2026');
    expect(text).toContain('08:00–09:30');
    expect(text).toMatch(/48\s200/);
    expect(text).toMatch(/48\s231/);
    expect(text).toContain('Ing. Miroslav Kříž');
    expect(text).toContain('3 jízdy');
    expect(text).toContain('5 jízd, 10 hodin výcviku v řízení');
    expect(text).toContain('Podpis žadatele');
    // The signatures are drawn as vector strokes, not written as text.
    expect(text).not.toContain('<svg');
    const unsigned = { ...vm, vehicles: vm.vehicles.map((v) => ({ ...v, rides: v.rides.map((r) => ({ ...r, signature: null, teacherSignature: null })) })) };
    const { bytes: unsignedBytes } = await renderText(drivingRecordDocument, unsigned);
    expect(await roundStrokeCount(bytes)).toBeGreaterThanOrEqual(10);
    expect(await roundStrokeCount(unsignedBytes)).toBe(0);
  });

  it('says so when there is no ride yet', async () => {
    const { schoolId } = await setupSchool(app);
    const studentId = await seedStudent(app.handle.db, schoolId);
    const vm = await drivingRecordDocument.load(app.handle.db, testSchoolId(schoolId), { entityId: studentId, params: {} }, now);
    const { text } = await renderText(drivingRecordDocument, vm);
    expect(text).toContain('Žadatel zatím nemá žádnou zapsanou jízdu.');
    expect(text).toContain('0 jízd');
  });

  it("answers NOT_FOUND for another school's student", async () => {
    const victim = await setupSchool(app);
    const other = await setupSchool(app);
    const studentId = await seedStudent(app.handle.db, victim.schoolId);
    for (const entityId of [studentId, crypto.randomUUID(), 'x', null]) {
      await expect(drivingRecordDocument.load(app.handle.db, testSchoolId(other.schoolId), { entityId, params: {} }, now)).rejects.toMatchObject({
        kind: 'NOT_FOUND',
        code: 'STUDENT_NOT_FOUND',
      });
    }
  });
});
