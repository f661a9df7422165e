// 'Podklady pro kontrolu' (issue 22 §2) through the real router on a real database: a fixture school with one planted
// defect per consistency check (the report finds each), a clean school (nothing found), the job's ZIP (entries listed,
// PDFs read as text), the download route (the school's admin only; another school and a teacher refused) and the
// range's bounds.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { schema } from '@volant/db/schema';
import { schoolMidnight } from '@volant/shared/school-time';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../gate/session.queries.ts';
import { pdfText } from '../../pdf/pdf-text.testing.ts';
import { filesDir } from '../../pdf/storage.ts';
import { seedCar, seedStudent, seedTeacher } from '../../testing/documents.testing.ts';
import { addMember, createUser, getTestApp, inputIssues, setupSchool, type TestApp } from '../../testing/harness.ts';
import { listenTestServer } from '../../testing/http-server.ts';
import { monthsOfRange, PACK_PARTS, type PackContext } from './inspection-pack.build.ts';
import { createPackRunner, packWorkInProcess } from './inspection-pack.jobs.ts';
import { CHECKS, CLEAN_TEXT, type CheckKey } from './inspection-pack.rules.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { testSchoolId } from '../../testing/tenant.ts';
import { openChain } from '../record-chain/record-chain.ts';

let app: TestApp;
const dataDir = mkdtempSync(join(tmpdir(), 'volant-pack-'));
/** The pack's moment: after the range, so every planted deadline has passed. */
const NOW = new Date('2026-07-15T10:00:00Z');
const RANGE = { from: '2026-01-01', to: '2026-06-30' };

beforeAll(async () => {
  app = await getTestApp();
});

const { drivingLessonRecords: rides, schoolMembers, schoolCars } = schema;
/** 'YYYY-MM-DD' at hh:00 in Prague. */
const at = (day: string, hour: number) => new Date(schoolMidnight(day).getTime() + hour * 3_600_000);
const SIG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400"><path d="M 10,10 C 20,20 30,20 40,10" stroke="black" fill="none"/></svg>';

type RideInsert = typeof rides.$inferInsert;
function ride(schoolId: string, o: Partial<RideInsert> & { day: string; hour?: number; studentId: string }): RideInsert {
  const { day, hour, ...rest } = o;
  const start = at(day, hour ?? 8);
  return {
    schoolId,
    type: 'DRIVING',
    state: 'COMPLETED',
    startTime: start,
    endTime: new Date(start.getTime() + (rest.length ?? 90) * 60_000),
    length: 90,
    signature: SIG,
    teacherSignature: SIG,
    signedAt: start,
    teacherSignedAt: start,
    ...rest,
  };
}

/** A clean school's rows: a teacher and car valid all year, continuous signed rides, a training in time. */
async function cleanSchool() {
  const s = await setupSchool(app);
  const db = app.handle.db;
  const teacherId = await seedTeacher(db, s.schoolId, { firstName: 'Petr', lastName: 'Čistý' });
  await db.update(schoolMembers).set({ teacherLicenceValidUntil: '2030-01-01' }).where(eq(schoolMembers.id, teacherId));
  const carId = await seedCar(db, s.schoolId, { carType: 'Škoda Fabia', regNumber: '1CL0001' });
  await db.update(schoolCars).set({ stkValidUntil: '2030-01-01' }).where(eq(schoolCars.id, carId));
  const studentId = await seedStudent(db, s.schoolId, { firstName: 'Klára', lastName: 'Čistá', dateOfInProgress: '2026-01-05' });
  const base = { studentId, teacherId, schoolCarId: carId };
  await db
    .insert(rides)
    .values([
      ride(s.schoolId, { ...base, day: '2026-02-02', tachometerBefore: 1000, tachometerAfter: 1030 }),
      ride(s.schoolId, { ...base, day: '2026-02-03', tachometerBefore: 1030, tachometerAfter: 1062 }),
      ride(s.schoolId, { ...base, day: '2026-02-04', tachometerBefore: 1062, tachometerAfter: 1090 }),
    ]);
  return { ...s, carId, teacherId, studentId };
}

/** One planted defect per check; the names say which. */
async function defectSchool() {
  const s = await setupSchool(app);
  const db = app.handle.db;
  const good = await seedTeacher(db, s.schoolId, { firstName: 'Petr', lastName: 'Dobrý' });
  await db.update(schoolMembers).set({ teacherLicenceValidUntil: '2030-01-01' }).where(eq(schoolMembers.id, good));
  const lapsed = await seedTeacher(db, s.schoolId, { firstName: 'Karel', lastName: 'Prošlý' });
  await db.update(schoolMembers).set({ teacherLicenceValidUntil: '2026-02-01' }).where(eq(schoolMembers.id, lapsed));
  const car = await seedCar(db, s.schoolId, { carType: 'Škoda Fabia', regNumber: '1DF0001' });
  await db.update(schoolCars).set({ stkValidUntil: '2030-01-01' }).where(eq(schoolCars.id, car));
  const oldCar = await seedCar(db, s.schoolId, { carType: 'Kia Ceed', regNumber: '2STK002' });
  await db.update(schoolCars).set({ stkValidUntil: '2026-02-01' }).where(eq(schoolCars.id, oldCar));
  const st = async (firstName: string, lastName: string, o: Partial<typeof schema.students.$inferInsert> = {}) =>
    seedStudent(db, s.schoolId, { firstName, lastName, dateOfInProgress: '2026-01-05', ...o });
  const ids = {
    odometer: await st('Ota', 'Tachometr'),
    unsigned: await st('Petra', 'Nepodepsaná'),
    unregistered: await st('Ivan', 'Nezapsaný'),
    dailyLimit: await st('Dana', 'Limitová'),
    noTeacher: await st('Běla', 'Bezučitelová'),
    trainingDeadline: await st('Lubor', 'Dlouhý', { dateOfInProgress: '2024-06-01' }),
    examDeadlines: await st('Zora', 'Zkoušková', { state: 'FINISHED', dateOfFinished: '2026-03-01' }),
    teacherLicence: await st('Olga', 'Osvědčená'),
    carStk: await st('Stanislav', 'Stkový'),
    changedAfterSigning: await st('Radek', 'Opravený'),
    transfer: await st('Tomáš', 'Přestupový', { state: 'FINISHED', dateOfFinished: '2026-04-01', earlyEndReason: 'Přestup do jiné autoškoly' }),
  };
  const base = { teacherId: good, schoolCarId: car };
  await db.insert(rides).values([
    // The car's odometer: 1000 → 1030, then 1040 (a 10 km gap) → 1060, then 1060 → 1090.
    ride(s.schoolId, { ...base, studentId: ids.odometer, day: '2026-03-02', tachometerBefore: 1000, tachometerAfter: 1030 }),
    ride(s.schoolId, { ...base, studentId: ids.odometer, day: '2026-03-03', tachometerBefore: 1040, tachometerAfter: 1060 }),
    ride(s.schoolId, { ...base, studentId: ids.unsigned, day: '2026-03-04', tachometerBefore: 1060, tachometerAfter: 1090, signature: null, signedAt: null }),
    ride(s.schoolId, { ...base, studentId: ids.unregistered, day: '2026-03-10', state: 'SCHEDULED', signature: null, teacherSignature: null }),
    // 90 + 90 minutes on one day for a B student (the limit is 2 hours = 90 minutes).
    ride(s.schoolId, { ...base, studentId: ids.dailyLimit, day: '2026-03-11', hour: 8 }),
    ride(s.schoolId, { ...base, studentId: ids.dailyLimit, day: '2026-03-11', hour: 12 }),
    ride(s.schoolId, { schoolCarId: car, teacherId: null, studentId: ids.noTeacher, day: '2026-03-12' }),
    ride(s.schoolId, { teacherId: lapsed, schoolCarId: car, studentId: ids.teacherLicence, day: '2026-03-13' }),
    ride(s.schoolId, { teacherId: good, schoolCarId: oldCar, studentId: ids.carStk, day: '2026-03-16' }),
    ride(s.schoolId, { ...base, studentId: ids.changedAfterSigning, day: '2026-03-17', changedAfterSigningAt: at('2026-03-20', 15) }),
  ]);
  // A course with a group lesson in the range (its class book), a hlášenka, and an exam term whose applicant misses the
  // legal minimum: its application is refused by its template, so the pack leaves it out and says so.
  const [course] = await db.insert(schema.courses).values({ schoolId: s.schoolId, name: 'Kurz B jaro', startDate: '2026-02-01' }).returning();
  await db.insert(schema.courseStudents).values({ schoolId: s.schoolId, courseId: course.id, studentId: ids.odometer });
  const [lesson] = await db
    .insert(schema.groupLessons)
    .values({
      schoolId: s.schoolId,
      courseId: course.id,
      startTime: at('2026-02-10', 17),
      endTime: at('2026-02-10', 18.5),
      units: 2,
      teacherId: good,
      type: 'PPV',
    })
    .returning();
  await db
    .insert(schema.groupLessonAttendance)
    .values({ schoolId: s.schoolId, lessonId: lesson.id, studentId: ids.odometer, present: true, markedAt: at('2026-02-10', 19) });
  const [report] = await db.insert(schema.reports).values({ schoolId: s.schoolId, date: '2026-02-02' }).returning();
  await db.insert(schema.reportStudents).values({ schoolId: s.schoolId, reportId: report.id, studentId: ids.odometer });
  const [exam] = await db
    .insert(schema.exams)
    .values({ schoolId: s.schoolId, date: '2026-04-10', place: 'Brno, Kounicova', types: ['PPV'] })
    .returning();
  await db.insert(schema.examSignUps).values({ schoolId: s.schoolId, examId: exam.id, studentId: ids.odometer, type: 'PPV', group: 'B', attempt: 1 });
  return { ...s, ids };
}

function runner(schoolIds: string[]) {
  return createPackRunner({ db: app.handle.db, dataDir, log: { info() {}, error() {} }, now: () => NOW, work: packWorkInProcess, schoolIds });
}

async function buildPack(s: Awaited<ReturnType<typeof setupSchool>>) {
  const created = await s.caller.inspectionPack.createPack({ schoolId: s.schoolId, ...RANGE });
  expect(created).toMatchObject({ status: 'NEW', progress: 0, fileUrl: null });
  await runner([s.schoolId]).drain();
  const done = await s.caller.inspectionPack.getPack({ schoolId: s.schoolId, id: created.id });
  expect(done).toMatchObject({ status: 'DONE', progress: 100, fileUrl: `/api/inspection-packs/${created.id}`, failed: false });
  expect(done.fileName).toBe('podklady-pro-kontrolu-2026-01-01-2026-06-30.zip');
  const [row] = await app.handle.db.select().from(schema.inspectionPacks).where(eq(schema.inspectionPacks.id, created.id));
  const zip = unzipSync(readFileSync(join(filesDir(dataDir), row?.filePath ?? '')));
  return { id: created.id, zip, text: (name: string) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(zip[name]) };
}

/** The report's text file split into its sections, by check (in CHECKS order). */
function sectionsOf(text: string): Record<CheckKey, string> {
  const parts = text.split(/\n(?=\d+\. )/).slice(1);
  return Object.fromEntries(CHECKS.map((key, i) => [key, parts[i] ?? ''])) as Record<CheckKey, string>;
}

describe('the consistency report on a fixture school', () => {
  let defects: Awaited<ReturnType<typeof defectSchool>>;
  let pack: Awaited<ReturnType<typeof buildPack>>;
  beforeAll(async () => {
    defects = await defectSchool();
    pack = await buildPack(defects);
  }, 120_000);

  it('finds each planted defect in its own section, naming the record', () => {
    const s = sectionsOf(pack.text('kontrola-konzistence.txt'));
    expect(s.odometer).toContain('3.3.2026, 08:00–09:30, Ota Tachometr');
    expect(s.odometer).toContain('Mezera 10 km');
    expect(s.unsigned).toContain('Petra Nepodepsaná');
    expect(s.unsigned).toContain('Chybí podpis žadatele.');
    expect(s.unregistered).toContain('10.3.2026, 08:00–09:30, Ivan Nezapsaný');
    expect(s.dailyLimit).toContain('11.3.2026, 08:00–13:30, Dana Limitová');
    expect(s.dailyLimit).toContain('4 h výcviku v řízení v jednom dni (2 jízd), zákon dovoluje nejvýše 2 h.');
    expect(s.noTeacher).toContain('12.3.2026, 08:00–09:30, Běla Bezučitelová');
    expect(s.trainingDeadline).toContain('Lubor Dlouhý');
    expect(s.trainingDeadline).toContain('lhůta 18 měsíců uplynula 1.12.2025');
    expect(s.examDeadlines).toContain('Zora Zkoušková');
    expect(s.examDeadlines).toContain('přihláška ke zkoušce nepodána, lhůta 15 dnů uplynula 16.3.2026');
    expect(s.examDeadlines).not.toContain('Přestupový');
    expect(s.teacherLicence).toContain('13.3.2026, 08:00–09:30, Olga Osvědčená');
    expect(s.teacherLicence).toContain('Karel Prošlý');
    expect(s.carStk).toContain('16.3.2026, 08:00–09:30, Stanislav Stkový');
    expect(s.carStk).toContain('Kia Ceed 2STK002');
    expect(s.changedAfterSigning).toContain('17.3.2026, 08:00–09:30, Radek Opravený');
    expect(s.changedAfterSigning).toContain('Záznam byl změněn po podpisu (20.3.2026 15:00).');
    // Each section found its defect and nothing else.
    for (const key of CHECKS) expect(s[key], key).toMatch(/nálezů: 1\)/);
  });

  it('the ZIP holds the documents of the range under Czech names, and obsah.txt lists them', () => {
    const names = Object.keys(pack.zip).sort();
    expect(names).toContain('evidencni-kniha.pdf');
    expect(names).toContain('kontrola-konzistence.pdf');
    expect(names).toContain('kontrola-konzistence.csv');
    expect(names).toContain('kontrola-konzistence.txt');
    expect(names).toContain('obsah.txt');
    expect(names.filter((n) => n.startsWith('jizdy-vozidel/')).sort()).toEqual([
      expect.stringMatching(/^jizdy-vozidel\/1df0001-[0-9a-f]{8}\.pdf$/),
      expect.stringMatching(/^jizdy-vozidel\/2stk002-[0-9a-f]{8}\.pdf$/),
    ]);
    expect(names.filter((n) => n.startsWith('potvrzeni-o-castecnem-absolvovani/'))).toEqual([
      expect.stringMatching(/^potvrzeni-o-castecnem-absolvovani\/ev-[a-z0-9-]+-prestupovy-tomas-[0-9a-f]{8}\.pdf$/),
    ]);
    expect(names.filter((n) => n.startsWith('tridni-knihy/'))).toEqual([expect.stringMatching(/^tridni-knihy\/2026-02-01-kurz-b-jaro-[0-9a-f]{8}\.pdf$/)]);
    expect(names.filter((n) => n.startsWith('hlasenky/'))).toEqual([expect.stringMatching(/^hlasenky\/hlasenka-2026-02-02-[0-9a-f]{8}\.pdf$/)]);
    // The exam application would certify a training its applicant has not completed: not in the ZIP, and said so.
    expect(names.filter((n) => n.startsWith('prihlasky-ke-zkousce/'))).toEqual([]);
    const contents = pack.text('obsah.txt');
    expect(contents).toContain('Nezahrnuté doklady');
    expect(contents).toContain('Přihláška ke zkoušce 10.4.2026, Brno, Kounicova:');
    expect(contents).toContain('Období: 1.1.2026 – 30.6.2026');
    for (const n of names.filter((x) => x !== 'obsah.txt')) expect(contents).toContain(n);
    expect(pack.text('kontrola-konzistence.csv').startsWith('\uFEFF"Kontrola";"Datum"')).toBe(true);
    // The fixture's rows were written by SQL, before any chain: the verification says it cannot vouch for them.
    expect(pack.text('overeni-zaznamu.txt')).toContain('Výsledek: nelze ověřit');
  });

  it('the PDFs read as the records they are', async () => {
    const report = await pdfText(pack.zip['kontrola-konzistence.pdf'] as Uint8Array);
    expect(report.text).toContain('Kontrola konzistence záznamů');
    expect(report.text).toContain('Mezera 10 km');
    expect(report.text).toContain('Radek Opravený');
    const carName = Object.keys(pack.zip).find((n) => n.startsWith('jizdy-vozidel/1df0001')) as string;
    const car = await pdfText(pack.zip[carName] as Uint8Array);
    expect(car.text).toContain('Evidence o výcviku v řízení vozidla');
    expect(car.text).toContain('Vozidlo Škoda Fabia 1DF0001');
    // The rides under their month's heading, with the month's totals (and a bookmark per month).
    expect(car.text).toMatch(/Březen 2026 \d+ jízd/);
    expect(car.text).toContain('Ota Tachometr');
    // Registered rides only: the planned one (Ivan Nezapsaný) is not a record.
    expect(car.text).not.toContain('Nezapsaný');
    expect(car.text).toContain('chybí');
    const book = await pdfText(pack.zip['evidencni-kniha.pdf'] as Uint8Array);
    expect(book.text).toContain('Evidenční kniha');
    const classBook = Object.keys(pack.zip).find((n) => n.startsWith('tridni-knihy/')) as string;
    expect((await pdfText(pack.zip[classBook] as Uint8Array)).text).toContain('Tachometr');
    const report2 = Object.keys(pack.zip).find((n) => n.startsWith('hlasenky/')) as string;
    expect((await pdfText(pack.zip[report2] as Uint8Array)).text).toContain('Tachometr');
    const certificate = Object.keys(pack.zip).find((n) => n.startsWith('potvrzeni-o-castecnem-absolvovani/')) as string;
    expect((await pdfText(pack.zip[certificate] as Uint8Array)).text).toContain('Přestupový');
  });
});

describe('the ride record of a vehicle', () => {
  it('lists every month of a range, the longest (366 days) touching 13', () => {
    expect(monthsOfRange('2026-01-01', '2026-06-30')).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06']);
    expect(monthsOfRange('2025-12-31', '2026-01-01')).toEqual(['2025-12', '2026-01']);
    expect(monthsOfRange('2026-01-31', '2027-01-31')).toHaveLength(13);
    expect(monthsOfRange('2026-02-10', '2026-02-20')).toEqual(['2026-02']);
  });

  it('holds a ride registered in a month the plan did not see (between the plan and the build)', async () => {
    const s = await cleanSchool();
    const part = PACK_PARTS.find((p) => p.key === 'vehicle-rides');
    if (!part) throw new Error('no vehicle-rides part');
    const ctx: PackContext = {
      db: app.handle.db,
      schoolId: testSchoolId(s.schoolId),
      ...RANGE,
      start: schoolMidnight(RANGE.from),
      end: schoolMidnight('2026-07-01'),
      now: NOW,
      today: '2026-07-15',
      work: packWorkInProcess,
    };
    const [item] = await part.plan(ctx);
    if (!item) throw new Error('the car was not planned');
    // The plan saw February only; a ride of March is registered before the build reads.
    await app.handle.db.insert(rides).values(
      ride(s.schoolId, {
        studentId: s.studentId,
        teacherId: s.teacherId,
        schoolCarId: s.carId,
        day: '2026-03-02',
        tachometerBefore: 1090,
        tachometerAfter: 1120,
      }),
    );
    const [entry] = await item.build(ctx);
    const { text } = await pdfText(entry?.bytes as Uint8Array);
    expect(text).toContain('Březen 2026');
    expect(text).toMatch(/Celkem:\s*4 jízdy/);
  });
});

describe('a clean school', () => {
  it('says Bez nálezů in every section', async () => {
    const s = await cleanSchool();
    const pack = await buildPack(s);
    const sections = sectionsOf(pack.text('kontrola-konzistence.txt'));
    for (const key of CHECKS) expect(sections[key], key).toContain(`(${CLEAN_TEXT})`);
    expect((await pdfText(pack.zip['kontrola-konzistence.pdf'] as Uint8Array)).text.split(CLEAN_TEXT).length - 1).toBe(CHECKS.length);
  }, 120_000);
});

describe('the record chain’s verification in the pack (issue 22 §1)', () => {
  it('vouches for an unaltered chain and names a ride altered by SQL after it was chained', async () => {
    const s = await cleanSchool();
    const sid = testSchoolId(s.schoolId);
    // The school's chain starts: its genesis chains the three registered rides and the student's training dates.
    await inTransaction(app.deps, (tx) => openChain(tx, sid, new Date('2026-07-01T08:00:00Z')));
    const clean = await buildPack(s);
    expect(clean.text('overeni-zaznamu.txt')).toContain('Výsledek: v pořádku');
    expect(JSON.parse(clean.text('overeni-zaznamu.json'))).toMatchObject({ ok: true, entries: 4, recordsChecked: 4 });

    // Someone with database access moves one ride's odometer reading.
    const [first] = await app.handle.db.select().from(rides).where(eq(rides.schoolId, s.schoolId)).orderBy(rides.startTime).limit(1);
    await app.handle.db.update(rides).set({ tachometerAfter: 1025 }).where(eq(rides.id, first!.id));
    const altered = await buildPack(s);
    const text = altered.text('overeni-zaznamu.txt');
    expect(text).toContain('NALEZENO POŠKOZENÍ (1)');
    expect(text).toMatch(/Jízda 2\.2\.2026 08:00 \(Čistá\): obsah se liší od zapsaného záznamu č\. \d+/);
    expect(JSON.parse(altered.text('overeni-zaznamu.json')).ok).toBe(false);
  }, 120_000);
});

describe('who may ask and download', () => {
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const { server, base: url } = await listenTestServer(app.handle, { DATA_DIR: dataDir });
    base = url;
    close = () => server.app.close();
  });
  afterAll(() => close?.());
  const get = (id: string, token?: string) => fetch(`${base}/api/inspection-packs/${id}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('the school’s admin downloads the ZIP; another school’s admin, a teacher and no token do not', async () => {
    const s = await cleanSchool();
    const pack = await buildPack(s);
    const own = await get(pack.id, await createSession(app.handle.db, s.user.id, new Date(), 1));
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/zip');
    expect(own.headers.get('content-disposition')).toBe('attachment; filename="podklady-pro-kontrolu-2026-01-01-2026-06-30.zip"');
    expect(Object.keys(unzipSync(new Uint8Array(await own.arrayBuffer())))).toContain('kontrola-konzistence.pdf');

    const other = await setupSchool(app);
    expect((await get(pack.id, await createSession(app.handle.db, other.user.id, new Date(), 1))).status).toBe(404);
    const teacher = await createUser(app);
    await addMember(app, s.schoolId, teacher.id, 'TEACHER');
    expect((await get(pack.id, await createSession(app.handle.db, teacher.id, new Date(), 1))).status).toBe(403);
    expect((await get(pack.id)).status).toBe(401);
    expect((await get('not-a-uuid', await createSession(app.handle.db, s.user.id, new Date(), 1))).status).toBe(404);
  }, 120_000);

  it('another school cannot read or list the pack, and only admins may ask for one', async () => {
    const s = await setupSchool(app);
    const pack = await s.caller.inspectionPack.createPack({ schoolId: s.schoolId, ...RANGE });
    const other = await setupSchool(app);
    await expect(other.caller.inspectionPack.getPack({ schoolId: other.schoolId, id: pack.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await other.caller.inspectionPack.getPacks({ schoolId: other.schoolId })).toEqual([]);
    for (const role of ['ASSISTANT', 'TEACHER', 'PARAMEDIC'] as const) {
      const user = await createUser(app);
      await addMember(app, s.schoolId, user.id, role);
      const caller = await app.callerFor(user.id);
      await expect(caller.inspectionPack.createPack({ schoolId: s.schoolId, ...RANGE }), role).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it('refuses a range backwards, longer than 366 days or not a date, with the form’s messages', async () => {
    const s = await setupSchool(app);
    const ask = (from: string, to: string) => inputIssues(s.caller.inspectionPack.createPack({ schoolId: s.schoolId, from, to }));
    expect(await ask('2026-02-01', '2026-01-31')).toEqual(['to: Konec období nemůže být před jeho začátkem']);
    expect(await ask('2025-01-01', '2026-01-02')).toEqual(['to: Období může mít nejvýše 366 dní']);
    const accepted = (from: string, to: string) => s.caller.inspectionPack.createPack({ schoolId: s.schoolId, from, to });
    await expect(accepted('2025-01-01', '2026-01-01')).resolves.toMatchObject({ status: 'NEW' });
    await expect(accepted('2024-01-01', '2024-12-31')).resolves.toMatchObject({ status: 'NEW' });
    expect(await ask('2026-02-30', '2026-03-01')).toEqual(['from: Neplatné datum']);
  });
});
