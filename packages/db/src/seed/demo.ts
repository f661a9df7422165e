// The demo data `npm start` puts into an empty database: two schools, teachers, students in several states, and in
// the main school cars and a month of training around today (demo-training.ts).
import { addDays, schoolDateOf, schoolToday } from '@volant/shared/school-time';
import { studentSearchText } from '@volant/shared/search';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { schema } from '../schema.ts';
import { insertDemoMoney } from './demo-money.ts';
import { insertDemoPrices } from './demo-prices.ts';
import { type DemoTrainingStudent, insertDemoTraining, WINDOW_AHEAD_DAYS } from './demo-training.ts';

export const DEMO_LOGIN = { email: 'demo@volant.cz', password: 'Volant2026!' };

const { users, schools, schoolMembers, students, studentLogs, reports, reportStudents, tags, tagLinks, notifications, schoolCars, studentDefaultTeachers } =
  schema;

/** A new installation: no school and no account yet (an operator made by `npm run operator` does not count). */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const result = await db.execute(sql`select exists(select 1 from schools) or exists(select 1 from users where role <> 'ADMIN') as has`);
  const rows = (result as unknown as { rows: { has: boolean }[] }).rows;
  return !rows[0]?.has;
}

/** The demo account (and with it the demo schools) is present: the banner says so. */
export async function hasDemoAccount(db: Db): Promise<boolean> {
  const result = await db.execute(sql`select exists(select 1 from users where lower(email) = ${DEMO_LOGIN.email}) as has`);
  return !!(result as unknown as { rows: { has: boolean }[] }).rows[0]?.has;
}

/** The school's calendar day `offsetDays` from today. */
function isoDay(offsetDays: number, now: Date) {
  return addDays(schoolToday(now), offsetDays);
}

/** `passwordHash` is made by the caller (the server owns the hashing). */
export async function seedDemo(db: Db, passwordHash: string, now = new Date()) {
  await db.transaction(async (tx) => {
    const [demo] = await tx
      .insert(users)
      .values({ email: DEMO_LOGIN.email, firstName: 'Jana', lastName: 'Dvořáková', phone: '+420 603 123 456', passwordHash, isActivated: true })
      .returning();

    const [main, starter] = await tx
      .insert(schools)
      .values([
        {
          name: 'Autoškola Volant Brno',
          number: 'AS-0421',
          office: 'Magistrát města Brna',
          street: 'Kounicova',
          streetCode: '688/38',
          city: 'Brno',
          postCode: '602 00',
          operatorName: 'Volant Brno s.r.o.',
          operatorCompanyNumber: '27584231',
          operatorStreet: 'Kounicova',
          operatorStreetCode: '688/38',
          operatorCity: 'Brno',
          operatorPostCode: '602 00',
          contactEmail: 'info@volant-brno.cz',
          contactPhone: '+420 541 000 111',
          tier: 'PREMIUM',
        },
        {
          name: 'Autoškola Praha Jih',
          number: 'AS-1187',
          office: 'Magistrát hlavního města Prahy',
          numberPrague: 'P4-0032',
          street: 'Budějovická',
          streetCode: '1912/64b',
          city: 'Praha 4',
          postCode: '140 00',
          tier: 'STARTER',
        },
      ])
      .returning();
    await tx.update(users).set({ activeSchoolId: main.id }).where(sql`${users.id} = ${demo.id}`);
    // Both schools have a price list: a new student shows a price 'dle ceníku', a started one owes it.
    await insertDemoPrices(tx, main.id, now);
    await insertDemoPrices(tx, starter.id, now);

    const [admin, , svoboda, cerny, markova, , dvorak, mala] = await tx
      .insert(schoolMembers)
      .values([
        {
          schoolId: main.id,
          userId: demo.id,
          role: 'ADMIN',
          firstName: demo.firstName,
          lastName: demo.lastName,
          email: demo.email,
          groups: ['B', 'A2', 'A'],
          teacherLicenceValidUntil: isoDay(400, now),
        },
        { schoolId: starter.id, userId: demo.id, role: 'ADMIN', firstName: demo.firstName, lastName: demo.lastName, email: demo.email },
        {
          schoolId: main.id,
          role: 'TEACHER',
          firstName: 'Petr',
          lastName: 'Svoboda',
          degree: 'Ing.',
          birthDate: '1978-04-12',
          phone: '+420 604 555 101',
          groups: ['B', 'BpE', 'C'],
          teacherLicenceValidUntil: isoDay(800, now),
        },
        {
          schoolId: main.id,
          role: 'TEACHER',
          firstName: 'Martin',
          lastName: 'Černý',
          birthDate: '1985-09-30',
          phone: '+420 604 555 102',
          groups: ['B', 'A', 'AM', 'A1', 'A2'],
          teacherLicenceValidUntil: isoDay(530, now),
        },
        {
          schoolId: main.id,
          role: 'PARAMEDIC',
          firstName: 'Lucie',
          lastName: 'Marková',
          degree: 'MUDr.',
          birthDate: '1990-01-22',
          phone: '+420 604 555 103',
          groups: [],
        },
        { schoolId: starter.id, role: 'TEACHER', firstName: 'Tomáš', lastName: 'Veselý', birthDate: '1982-06-03', phone: '+420 777 200 300', groups: ['B'] },
        {
          schoolId: main.id,
          role: 'TEACHER',
          firstName: 'Petr',
          lastName: 'Dvořák',
          birthDate: '1974-02-17',
          phone: '+420 604 555 104',
          groups: ['B', 'C'],
          teacherLicenceValidUntil: isoDay(610, now),
        },
        {
          schoolId: main.id,
          role: 'TEACHER',
          firstName: 'Jana',
          lastName: 'Malá',
          birthDate: '1988-11-05',
          phone: '+420 604 555 105',
          groups: ['A', 'A2', 'B'],
          // Expiring soon: the teachers' screen and the training warnings have something to say.
          teacherLicenceValidUntil: isoDay(9, now),
        },
      ])
      .returning({ id: schoolMembers.id });

    const [vip, evening] = await tx
      .insert(tags)
      .values([
        { schoolId: main.id, name: 'Večerní kurz', color: '#722ed1' },
        { schoolId: main.id, name: 'Platba na splátky', color: '#fa8c16' },
      ])
      .returning();

    const people: [string, string, string, (typeof students.$inferInsert)['state'], string[], number][] = [
      ['Tereza', 'Nováková', '2026/001', 'NOT_STARTED', ['B'], -2],
      ['Jakub', 'Novák', '2026/002', 'NOT_STARTED', ['B'], -3],
      ['Adéla', 'Horáková', '2026/003', 'IN_PROGRESS', ['B'], -40],
      ['Lukáš', 'Procházka', '2026/004', 'IN_PROGRESS', ['A2'], -35],
      ['Kristýna', 'Kučerová', '2026/005', 'IN_PROGRESS', ['B'], -30],
      ['Ondřej', 'Pokorný', '2026/006', 'FINISHED', ['B'], -90],
      ['Barbora', 'Němcová', '2026/007', 'TO_EXAM', ['B'], -100],
      ['Matěj', 'Šťastný', '2026/008', 'EXAM_CORRECTION', ['C'], -120],
      ['Eliška', 'Růžičková', '2025/041', 'DONE', ['B'], -200],
      ['Vojtěch', 'Beneš', '2025/042', 'STORNO', ['AM'], -210],
      ['Natálie', 'Fialová', '2026/009', 'WAITING_FOR_ADMISSION', ['B'], -1],
      ['Šimon', 'Doležal', '2026/010', 'IN_PROGRESS', ['BpE'], -20],
    ];
    const rows = people.map(([firstName, lastName, registrationNumber, state, groups, ago], i) => {
      const started = state !== 'NOT_STARTED' && state !== 'WAITING_FOR_ADMISSION';
      const finished = ['FINISHED', 'TO_EXAM', 'EXAM_CORRECTION', 'DONE'].includes(state as string);
      return {
        schoolId: main.id,
        registrationNumber,
        state,
        firstName,
        lastName,
        birthDate: `${2000 + (i % 8)}-0${1 + (i % 9)}-1${i % 9}`,
        birthPlace: i % 3 === 0 ? 'Praha' : i % 3 === 1 ? 'Brno' : 'Olomouc',
        citizenship: 'Česká republika',
        docId: `2150${String(48211 + i * 37)}`,
        phone: `+420 731 ${String(100 + i * 7).padStart(3, '0')} ${String(200 + i * 3)}`,
        email: `${lastName
          .normalize('NFD')
          .replace(/\p{Diacritic}/gu, '')
          .toLowerCase()}@example.cz`,
        street: ['Lidická', 'Veveří', 'Údolní', 'Hybešova'][i % 4],
        streetCode: String(10 + i),
        city: 'Brno',
        postCode: '602 00',
        groups,
        currentGroups: groups[0] === 'BpE' ? ['B'] : [],
        trainingKind: groups[0] === 'BpE' || groups[0] === 'C' ? ('EXPANDING' as const) : ('BASIC' as const),
        trainingType: i % 4 === 0 ? ('ISP' as const) : ('COURSE' as const),
        drivingLicenceNumber: groups[0] === 'BpE' || groups[0] === 'C' ? `EK${400000 + i}` : '-',
        dateOfInProgress: started ? isoDay(ago + 1, now) : null,
        dateOfFinished: finished ? isoDay(ago + 60, now) : null,
        searchText: studentSearchText({ firstName, lastName, registrationNumber }),
        createdAt: new Date(now.getTime() + ago * 86_400_000),
      };
    });
    const created = await tx.insert(students).values(rows).returning({
      id: students.id,
      registrationNumber: students.registrationNumber,
      state: students.state,
      groups: students.groups,
      trainingKind: students.trainingKind,
      trainingType: students.trainingType,
      dateOfInProgress: students.dateOfInProgress,
      dateOfFinished: students.dateOfFinished,
      createdAt: students.createdAt,
    });
    await tx.insert(studentLogs).values(
      created.map((s) => ({
        schoolId: main.id,
        studentId: s.id,
        state: s.state,
        previousState: null,
        date: schoolDateOf(s.createdAt),
        userId: demo.id,
      })),
    );
    const startedStudents = created.filter((s) => s.dateOfInProgress);
    const byDate = new Map<string, string[]>();
    for (const s of startedStudents) byDate.set(s.dateOfInProgress as string, [...(byDate.get(s.dateOfInProgress as string) ?? []), s.id]);
    for (const [date, ids] of byDate) {
      const [report] = await tx
        .insert(reports)
        .values({ schoolId: main.id, date, sentAt: date < isoDay(-7, now) ? new Date(`${date}T08:00:00Z`) : null })
        .returning();
      await tx.insert(reportStudents).values(ids.map((studentId) => ({ schoolId: main.id, reportId: report.id, studentId })));
    }
    await insertDemoMoney(
      tx,
      main.id,
      created.map((s) => ({ id: s.id, registrationNumber: s.registrationNumber as string })),
      isoDay(0, now),
      demo.id,
    );
    await tx.insert(tagLinks).values([
      { schoolId: main.id, tagId: vip.id, entityType: 'STUDENT', entityId: created[2].id },
      { schoolId: main.id, tagId: evening.id, entityType: 'STUDENT', entityId: created[4].id },
    ]);

    const [fabia, octavia, yamaha, combi] = await tx
      .insert(schoolCars)
      .values([
        { schoolId: main.id, carType: 'Škoda Fabia', regNumber: '1BM2345', targetGroup: ['B'], stkValidUntil: isoDay(310, now) },
        // STK runs out in two weeks: the car is blocked for its visit to the testing station next week.
        { schoolId: main.id, carType: 'Škoda Octavia', regNumber: '2BA6789', targetGroup: ['B', 'BpE'], stkValidUntil: isoDay(14, now) },
        { schoolId: main.id, carType: 'Yamaha MT-07', regNumber: '3BC1111', targetGroup: ['A', 'A2'], stkValidUntil: isoDay(200, now) },
        {
          schoolId: main.id,
          carType: 'Škoda Octavia Combi',
          regNumber: '1BK0042',
          targetGroup: ['B'],
          stkValidUntil: isoDay(-20, now),
          retiredAt: new Date(now.getTime() - 25 * 86_400_000),
        },
      ])
      .returning({ id: schoolCars.id });
    const [adela, lukas, kristyna, ondrej, barbora, eliska, simon] = ['2026/003', '2026/004', '2026/005', '2026/006', '2026/007', '2025/041', '2026/010'].map(
      (reg) => created[people.findIndex((p) => p[2] === reg)],
    );
    const today = isoDay(0, now);
    const until = isoDay(WINDOW_AHEAD_DAYS, now);
    const course = (s: (typeof created)[number], teacherId: string, carId: string) => ({
      studentId: s.id,
      teacherId,
      carId,
      pvZpTeacherId: markova.id,
      from: s.dateOfInProgress as string,
      to: s.dateOfFinished ? addDays(s.dateOfFinished, -1) : until,
      finished: Boolean(s.dateOfFinished),
    });
    const learners = [
      course(adela, dvorak.id, fabia.id),
      course(kristyna, admin.id, octavia.id),
      course(lukas, mala.id, yamaha.id),
      course(simon, svoboda.id, octavia.id),
      course(ondrej, cerny.id, combi.id),
      course(barbora, admin.id, combi.id),
      course(eliska, svoboda.id, combi.id),
    ];
    const theory = [svoboda.id, admin.id];
    await insertDemoTraining(tx, main.id, {
      now,
      createdBy: demo.id,
      learners,
      reservation: { carId: octavia.id, note: 'STK' },
      odometers: { [fabia.id]: 48_210, [octavia.id]: 112_530, [yamaha.id]: 8_140, [combi.id]: 187_400 },
      students: created.filter((s) => s.dateOfInProgress) as DemoTrainingStudent[],
      sectionTeacher: (section, i) => (section === 'ZP' || section === 'PV_ZP' ? markova.id : section === 'PV_UV' ? cerny.id : theory[i % theory.length]),
    });
    await tx.insert(studentDefaultTeachers).values(
      learners
        .filter((l) => !l.finished && l.to >= today)
        .flatMap((l) => [
          { schoolId: main.id, studentId: l.studentId, type: 'TRAINING' as const, teacherId: l.teacherId },
          { schoolId: main.id, studentId: l.studentId, type: 'TEACHING' as const, teacherId: svoboda.id },
        ]),
    );

    // Booking by students (issue 19 §3): on, with working hours of the training teachers (Mon–Fri 8:00–16:00, the
    // admin also Saturday mornings), their usual cars, and a medical certificate date for every student in training.
    await tx.insert(schema.bookingSettings).values({ schoolId: main.id, enabled: true });
    const bookingTeachers: [string, string | null][] = [
      [admin.id, octavia.id],
      [dvorak.id, fabia.id],
      [mala.id, yamaha.id],
      [svoboda.id, octavia.id],
      [cerny.id, null],
    ];
    await tx
      .insert(schema.teacherAvailability)
      .values(
        bookingTeachers.flatMap(([teacherId]) =>
          [1, 2, 3, 4, 5].map((weekday) => ({ schoolId: main.id, teacherId, weekday, startMinute: 8 * 60, endMinute: 16 * 60 })),
        ),
      );
    await tx.insert(schema.teacherAvailability).values({ schoolId: main.id, teacherId: admin.id, weekday: 6, startMinute: 8 * 60, endMinute: 12 * 60 });
    await tx
      .insert(schema.teacherCars)
      .values(bookingTeachers.flatMap(([teacherId, schoolCarId]) => (schoolCarId ? [{ schoolId: main.id, teacherId, schoolCarId }] : [])));
    for (const s of created.filter((c) => c.dateOfInProgress && !c.dateOfFinished)) {
      await tx
        .update(schema.students)
        // In training: a medical certificate on file, and access to 'Můj výcvik' (/zak) given by the office.
        .set({ medicalCertificateDate: addDays(s.dateOfInProgress as string, -30), portalInvitedAt: now })
        .where(sql`${schema.students.id} = ${s.id}`);
    }

    await tx.insert(notifications).values({
      userId: demo.id,
      type: 'GENERIC',
      title: 'Vítejte ve Volantu',
      message: 'Toto je ukázková autoškola. Můžete zde zkoušet vše, co Volant umí — data jsou jen pro ukázku.',
    });
  });
}
