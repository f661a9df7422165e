// Data for the documents' tests and bench/pdf-render.ts, written as rows (fast, and the bench has no API caller): a
// school, students, a course on one hlášenka with its theory lessons, a student's registered rides.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import type { TeachingSection } from '@volant/shared/enums';
import { addDays, schoolMidnight } from '@volant/shared/school-time';
import { DEMO_STUDENT_SIGNATURE, DEMO_TEACHER_SIGNATURE } from '@volant/db/seed/demo-training';

let seq = 0;
const unique = () => `${process.pid.toString(36)}${Date.now().toString(36)}${(seq++).toString(36)}`;

export async function seedSchool(db: DbOrTx, o: Partial<typeof schema.schools.$inferInsert> = {}) {
  const [school] = await db
    .insert(schema.schools)
    .values({
      name: 'Autoškola Řidičák Plus',
      number: 'AS-0427',
      office: 'Magistrát města Brna',
      street: 'Kounicova',
      streetCode: '67',
      city: 'Brno',
      postCode: '60200',
      operatorName: 'Řidičák Plus s.r.o.',
      operatorCompanyNumber: '27182818',
      operatorStreet: 'Údolní',
      operatorStreetCode: '5',
      operatorCity: 'Brno',
      operatorPostCode: '60200',
      ...o,
    })
    .returning();
  return school;
}

const FIRST = ['Jan', 'Žofie', 'Ondřej', 'Anežka', 'Řehoř', 'Tereza', 'Šimon', 'Eliška', 'Čestmír', 'Kateřina'];
const LAST = ['Dvořák', 'Nováková', 'Černý', 'Šťastná', 'Říha', 'Horáková', 'Kučera', 'Veselá', 'Bártl', 'Pokorná'];

export async function seedStudent(db: DbOrTx, schoolId: string, o: Partial<typeof schema.students.$inferInsert> & { index?: number } = {}): Promise<string> {
  const i = o.index ?? seq;
  const firstName = o.firstName ?? FIRST[i % FIRST.length];
  const lastName = o.lastName ?? LAST[(i * 3) % LAST.length];
  const registrationNumber = o.registrationNumber ?? `EV-${unique()}`;
  const [row] = await db
    .insert(schema.students)
    .values({
      schoolId,
      registrationNumber,
      firstName,
      lastName,
      birthDate: '2006-05-17',
      birthPlace: 'Brno',
      citizenship: 'Česká republika',
      docId: '123456789',
      street: 'Lidická',
      streetCode: String(10 + (i % 50)),
      city: 'Brno',
      postCode: '60200',
      groups: ['B'],
      drivingLicenceNumber: '',
      state: 'IN_PROGRESS',
      searchText: `${firstName} ${lastName} ${registrationNumber}`.toLowerCase(),
      ...o,
    })
    .returning({ id: schema.students.id });
  return row.id;
}

export async function seedTeacher(db: DbOrTx, schoolId: string, o: { firstName?: string; lastName?: string; degree?: string | null } = {}) {
  const [m] = await db
    .insert(schema.schoolMembers)
    .values({ schoolId, role: 'TEACHER', firstName: o.firstName ?? 'Miroslav', lastName: o.lastName ?? 'Kříž', degree: o.degree ?? 'Ing.', groups: ['B'] })
    .returning({ id: schema.schoolMembers.id });
  return m.id;
}

export async function seedCar(db: DbOrTx, schoolId: string, o: { carType?: string; regNumber?: string } = {}) {
  const [c] = await db
    .insert(schema.schoolCars)
    .values({ schoolId, carType: o.carType ?? 'Škoda Octavia', regNumber: o.regNumber ?? `1B${unique().slice(-6).toUpperCase()}`, targetGroup: ['B'] })
    .returning({ id: schema.schoolCars.id });
  return c.id;
}

/** The B course plan: 36 lessons (PPV 18, OÚV 2, TZBJ 10, ZP 2, OP 4), in the order they are taught. */
export const B_COURSE: { section: TeachingSection; count: number }[] = [
  { section: 'PPV', count: 18 },
  { section: 'OUV', count: 2 },
  { section: 'TZBJ', count: 10 },
  { section: 'ZP', count: 2 },
  { section: 'OP', count: 4 },
];

/**
 * A course: `students` students on one hlášenka starting on `startDate`, each with the B plan's lessons taught to all
 * of them together (two lessons a day, topic 'Téma n', one teacher). `absent` students miss every 5th lesson (its
 * record stays without a date), and `lessons` cuts the plan short.
 */
export async function seedCourse(
  db: DbOrTx,
  schoolId: string,
  o: { students: number; lessons?: number; startDate?: string; absent?: number; interpreterFor?: number[] },
) {
  const startDate = o.startDate ?? '2026-02-02';
  const teacherId = await seedTeacher(db, schoolId);
  const [report] = await db.insert(schema.reports).values({ schoolId, date: startDate }).returning({ id: schema.reports.id });
  let interpreterId: string | null = null;
  if (o.interpreterFor?.length) {
    const [i] = await db
      .insert(schema.interpreters)
      .values({
        schoolId,
        firstName: 'Oksana',
        lastName: 'Ševčenková',
        degree: 'Mgr.',
        birthDate: '1980-01-20',
        street: 'Úvoz',
        streetCode: '3',
        city: 'Brno',
        postCode: '60200',
      })
      .returning({ id: schema.interpreters.id });
    interpreterId = i.id;
  }
  const studentIds: string[] = [];
  for (let i = 0; i < o.students; i++) {
    const id = await seedStudent(db, schoolId, {
      index: i,
      registrationNumber: `K-${String(i + 1).padStart(3, '0')}-${unique()}`,
      dateOfInProgress: startDate,
      interpreterId: o.interpreterFor?.includes(i) ? interpreterId : null,
    });
    studentIds.push(id);
  }
  await db.insert(schema.reportStudents).values(studentIds.map((studentId) => ({ schoolId, reportId: report.id, studentId })));
  const plan = B_COURSE.flatMap((p) => Array.from({ length: p.count }, (_, k) => ({ section: p.section, position: k + 1 })));
  const taught = plan.slice(0, o.lessons ?? plan.length);
  const rows: (typeof schema.teachingLessonRecords.$inferInsert)[] = [];
  studentIds.forEach((studentId, s) => {
    plan.forEach((lesson, n) => {
      const isTaught = n < taught.length;
      const missed = s < (o.absent ?? 0) && n % 5 === 4;
      rows.push({
        schoolId,
        studentId,
        type: lesson.section,
        position: lesson.position,
        teacherId: isTaught && !missed ? teacherId : null,
        date: isTaught && !missed ? addDays(startDate, Math.floor(n / 2)) : null,
        // Taught lessons were attended on their day (issue 17: a date alone only plans a lesson).
        attendedAt: isTaught && !missed ? schoolMidnight(addDays(startDate, Math.floor(n / 2))) : null,
        topic: isTaught && !missed ? `Téma ${lesson.position} – řízení ve městě` : null,
      });
    });
  });
  for (let i = 0; i < rows.length; i += 500) await db.insert(schema.teachingLessonRecords).values(rows.slice(i, i + 500));
  return { reportId: report.id, studentIds, teacherId, interpreterId };
}

/**
 * `count` registered 90-minute rides of a student from `startDate` (one a day at 8:00 in Prague), both signatures
 * as the pad writes them, the odometer running on per car; cars take turns in blocks of `perCar`.
 */
export async function seedRides(
  db: DbOrTx,
  schoolId: string,
  studentId: string,
  o: {
    count: number;
    carIds: string[];
    teacherId: string;
    startDate?: string;
    perCar?: number;
    odometer?: number;
    signature?: string;
    teacherSignature?: string;
  },
) {
  const startDate = o.startDate ?? '2026-02-02';
  const odometer = new Map<string, number>();
  const rows: (typeof schema.drivingLessonRecords.$inferInsert)[] = [];
  for (let n = 0; n < o.count; n++) {
    const carId = o.carIds[Math.floor(n / (o.perCar ?? o.count)) % o.carIds.length];
    const start = new Date(schoolMidnight(addDays(startDate, n)).getTime() + 8 * 3_600_000);
    const before = odometer.get(carId) ?? o.odometer ?? 48_200;
    const after = before + 31 + (n % 7);
    odometer.set(carId, after);
    rows.push({
      schoolId,
      type: 'DRIVING',
      state: 'COMPLETED',
      studentId,
      teacherId: o.teacherId,
      schoolCarId: carId,
      startTime: start,
      endTime: new Date(start.getTime() + 90 * 60_000),
      length: 90,
      tachometerBefore: before,
      tachometerAfter: after,
      signature: o.signature ?? DEMO_STUDENT_SIGNATURE,
      teacherSignature: o.teacherSignature ?? DEMO_TEACHER_SIGNATURE,
    });
  }
  if (rows.length) await db.insert(schema.drivingLessonRecords).values(rows);
}
