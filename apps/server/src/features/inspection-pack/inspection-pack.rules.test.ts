import { describe, expect, it } from 'vitest';
import {
  CHECKS,
  CLEAN_TEXT,
  carStkFindings,
  changedAfterSigningFindings,
  consistencyCsv,
  consistencyReport,
  consistencyText,
  dailyLimitFindings,
  examDeadlineFindings,
  noTeacherFindings,
  odometerFindings,
  type RideRow,
  type StudentDeadlineRow,
  teacherLicenceFindings,
  trainingDeadlineFindings,
  unregisteredFindings,
  unsignedFindings,
} from './inspection-pack.rules.ts';

// Times in UTC; Prague is UTC+1 in January (a ride at 08:00Z is 09:00 in the report).
const at = (iso: string) => new Date(iso);
let seq = 0;
function ride(over: Partial<RideRow> = {}): RideRow {
  seq += 1;
  const start = over.startTime ?? at(`2026-01-${String(5 + (seq % 20)).padStart(2, '0')}T08:00:00Z`);
  return {
    id: `r${seq}`,
    type: 'DRIVING',
    state: 'COMPLETED',
    startTime: start,
    endTime: new Date(start.getTime() + 90 * 60_000),
    length: 90,
    studentId: 's1',
    student: 'Jana Nováková (1/2026)',
    studentGroups: ['B'],
    teacherId: 't1',
    teacher: 'Petr Učitel',
    teacherLicenceValidUntil: '2030-01-01',
    carId: 'c1',
    car: 'Škoda Fabia 1AB2345',
    carStkValidUntil: '2030-01-01',
    tachometerBefore: null,
    tachometerAfter: null,
    hasSignature: true,
    hasTeacherSignature: true,
    changedAfterSigningAt: null,
    ...over,
  };
}

/** Three registered rides of one car whose readings follow each other. */
function continuous(): RideRow[] {
  return [
    ride({ id: 'a', startTime: at('2026-01-05T08:00:00Z'), tachometerBefore: 1000, tachometerAfter: 1030 }),
    ride({ id: 'b', startTime: at('2026-01-06T08:00:00Z'), tachometerBefore: 1030, tachometerAfter: 1050 }),
    ride({ id: 'c', startTime: at('2026-01-07T08:00:00Z'), tachometerBefore: 1050, tachometerAfter: 1090 }),
  ];
}

const student = (over: Partial<StudentDeadlineRow> = {}): StudentDeadlineRow => ({
  id: 's1',
  student: 'Jana Nováková (1/2026)',
  groups: ['B'],
  state: 'IN_PROGRESS',
  dateOfInProgress: '2025-06-01',
  dateOfFinished: null,
  earlyEnd: false,
  firstSignUpOn: null,
  exams: [],
  ...over,
});

describe('odometer continuity per car', () => {
  it('finds nothing in a continuous car, in any input order, and none across cars', () => {
    const rides = continuous().reverse();
    rides.push(ride({ carId: 'c2', car: 'Kia 2AB0001', startTime: at('2026-01-05T10:00:00Z'), tachometerBefore: 5, tachometerAfter: 9 }));
    expect(odometerFindings(rides, [])).toEqual([]);
  });
  it('names a gap with the ride, the car and the kilometres', () => {
    const rides = continuous();
    rides[2] = { ...rides[2], tachometerBefore: 1060 } as RideRow;
    const [f, ...rest] = odometerFindings(rides, []);
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ date: '2026-01-07', time: '09:00–10:30', student: 'Jana Nováková (1/2026)', subject: 'Škoda Fabia 1AB2345, Petr Učitel' });
    expect(f?.text).toBe('Mezera 10 km: stav před jízdou 1060 km, po předchozí jízdě (6.1.2026 09:00) 1050 km.');
  });
  it('names an overlap and an after lower than before', () => {
    const rides = continuous();
    rides[1] = { ...rides[1], tachometerBefore: 1020, tachometerAfter: 1010 } as RideRow;
    const texts = odometerFindings(rides, []).map((f) => f.text);
    expect(texts).toContain('Stav tachometru po jízdě (1010 km) je nižší než před jízdou (1020 km).');
    expect(texts.some((t) => t.startsWith('Překryv 10 km'))).toBe(true);
    // …and the next ride starts 40 km above the lowered reading.
    expect(texts.some((t) => t.startsWith('Mezera 40 km'))).toBe(true);
  });
  it('compares the first ride of the range with the car’s last ride before it', () => {
    const prev = [{ carId: 'c1', rideId: 'p', startTime: at('2025-12-20T08:00:00Z'), tachometerAfter: 990 }];
    expect(odometerFindings(continuous(), prev).map((f) => f.text)).toEqual([
      'Mezera 10 km: stav před jízdou 1000 km, po předchozí jízdě (20.12.2025 09:00) 990 km.',
    ]);
    expect(odometerFindings(continuous(), [{ ...prev[0], tachometerAfter: 1000 } as (typeof prev)[0]])).toEqual([]);
  });
  it('ignores planned and cancelled rides', () => {
    const rides = [...continuous(), ride({ startTime: at('2026-01-06T12:00:00Z'), state: 'CANCELLED_BY_STUDENT', tachometerBefore: 1, tachometerAfter: 2 })];
    expect(odometerFindings(rides, [])).toEqual([]);
  });
});

describe('signatures and registration', () => {
  it('names a registered ride without either signature', () => {
    expect(unsignedFindings([ride()])).toEqual([]);
    expect(unsignedFindings([ride({ hasSignature: false })]).map((f) => f.text)).toEqual(['Chybí podpis žadatele.']);
    expect(unsignedFindings([ride({ hasSignature: false, hasTeacherSignature: false })]).map((f) => f.text)).toEqual([
      'Chybí podpis žadatele a podpis učitele.',
    ]);
    expect(unsignedFindings([ride({ state: 'SCHEDULED', hasSignature: false, hasTeacherSignature: false })])).toEqual([]);
  });
  it('names a planned ride whose end has passed, not one still to come', () => {
    const now = at('2026-01-10T12:00:00Z');
    const past = ride({ state: 'SCHEDULED', startTime: at('2026-01-09T08:00:00Z') });
    const future = ride({ state: 'SCHEDULED', startTime: at('2026-01-11T08:00:00Z') });
    expect(unregisteredFindings([past, future, ride()], now).map((f) => f.date)).toEqual(['2026-01-09']);
  });
});

describe('daily limit', () => {
  const day = (h: number, over: Partial<RideRow> = {}) => ride({ startTime: at(`2026-01-08T${String(h).padStart(2, '0')}:00:00Z`), ...over });
  it('allows 2 hours (90 min) a day for B and finds 3 hours', () => {
    expect(dailyLimitFindings([day(7)])).toEqual([]);
    const [f, ...rest] = dailyLimitFindings([day(7), day(10, { length: 45, endTime: at('2026-01-08T10:45:00Z') })]);
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ date: '2026-01-08', time: '08:00–11:45', student: 'Jana Nováková (1/2026)' });
    expect(f?.text).toBe('3 h výcviku v řízení v jednom dni (2 jízd), zákon dovoluje nejvýše 2 h.');
  });
  it('allows 4 hours for C, ignores cancelled rides, PV lessons and other students', () => {
    expect(dailyLimitFindings([day(6, { studentGroups: ['C'] }), day(9, { studentGroups: ['C'] })])).toEqual([]);
    expect(dailyLimitFindings([day(7), day(10, { state: 'CANCELLED_BY_TEACHER' }), day(12, { type: 'PV_ZP' }), day(14, { studentId: 's2' })])).toEqual([]);
  });
});

describe('teachers, licences, STK and corrections', () => {
  it('names rides and theory hours without a teacher', () => {
    const texts = noTeacherFindings(
      [ride(), ride({ teacherId: null, teacher: null })],
      [
        { id: 'l1', date: '2026-01-09', section: 'PPV', student: 'Jana Nováková (1/2026)', teacherId: null },
        { id: 'l2', date: '2026-01-09', section: 'PPV', student: 'Jana Nováková (1/2026)', teacherId: 't1' },
      ],
    ).map((f) => f.text);
    expect(texts.sort()).toEqual(['Hodina teorie (PPV) nemá zapsaného učitele.', 'Jízda nemá zapsaného učitele.']);
    expect(noTeacherFindings([ride()], [])).toEqual([]);
  });
  it('a licence or STK valid through the ride’s day passes; lapsed the day before is found', () => {
    const r = { startTime: at('2026-01-08T08:00:00Z') };
    expect(teacherLicenceFindings([ride({ ...r, teacherLicenceValidUntil: '2026-01-08' }), ride({ ...r, teacherLicenceValidUntil: null })])).toEqual([]);
    expect(teacherLicenceFindings([ride({ ...r, teacherLicenceValidUntil: '2026-01-07' })]).map((f) => f.text)).toEqual([
      'Učiteli vypršelo profesní osvědčení 7.1.2026.',
    ]);
    expect(carStkFindings([ride({ ...r, carStkValidUntil: '2026-01-08' })])).toEqual([]);
    expect(carStkFindings([ride({ ...r, carStkValidUntil: '2026-01-07' })]).map((f) => f.subject)).toEqual(['Škoda Fabia 1AB2345, Petr Učitel']);
  });
  it('names a ride changed after signing with when', () => {
    expect(changedAfterSigningFindings([ride()])).toEqual([]);
    expect(changedAfterSigningFindings([ride({ changedAfterSigningAt: at('2026-01-09T16:30:00Z') })]).map((f) => f.text)).toEqual([
      'Záznam byl změněn po podpisu (9.1.2026 17:30).',
    ]);
  });
});

describe('deadlines', () => {
  it('18 months: ended in time passes; ended late or still running past it is found', () => {
    expect(trainingDeadlineFindings([student({ dateOfFinished: '2026-12-01' })], '2027-06-01')).toEqual([]);
    expect(trainingDeadlineFindings([student()], '2026-12-01')).toEqual([]);
    expect(trainingDeadlineFindings([student({ dateOfFinished: '2026-12-02' })], '2027-06-01').map((f) => f.text)).toEqual([
      'Výcvik zahájen 1.6.2025 a ukončen 2.12.2026, po lhůtě 18 měsíců (1.12.2026).',
    ]);
    expect(trainingDeadlineFindings([student()], '2026-12-02')).toHaveLength(1);
  });
  it('15 days to apply: in time passes; late or missing is found', () => {
    const done = { state: 'FINISHED', dateOfFinished: '2026-01-10' };
    expect(examDeadlineFindings([student({ ...done, firstSignUpOn: '2026-01-25' })], '2026-03-01')).toEqual([]);
    expect(examDeadlineFindings([student(done)], '2026-01-25')).toEqual([]);
    expect(examDeadlineFindings([student({ ...done, firstSignUpOn: '2026-01-26' })], '2026-03-01').map((f) => f.text)).toEqual([
      'Výcvik ukončen 10.1.2026, přihláška ke zkoušce podána 26.1.2026, po lhůtě 15 dnů (25.1.2026).',
    ]);
    expect(examDeadlineFindings([student(done)], '2026-01-26')).toHaveLength(1);
    // A transfer or drop-out ('Ukončit předčasně') owes no application.
    expect(examDeadlineFindings([student({ ...done, earlyEnd: true })], '2026-03-01')).toEqual([]);
  });
  it('12 months from the first exam: all parts passed in time passes; not passed after the window is found', () => {
    const base = { state: 'EXAM_CORRECTION', dateOfFinished: '2025-01-05', firstSignUpOn: '2025-01-06' };
    const failed = student({ ...base, exams: [{ date: '2025-02-01', type: 'PPV', group: 'B', result: 'FAIL' }] });
    expect(examDeadlineFindings([failed], '2026-01-31')).toEqual([]);
    expect(examDeadlineFindings([failed], '2026-02-01').map((f) => f.text)).toEqual([
      'První zkouška 1.2.2025; všechny části nebyly složeny do 12 měsíců (31.1.2026).',
    ]);
    const passed = student({
      ...base,
      exams: [
        { date: '2025-02-01', type: 'PPV', group: 'B', result: 'SUCCESS' },
        { date: '2025-03-01', type: 'TZBJ', group: 'B', result: 'SUCCESS' },
        { date: '2025-03-01', type: 'ZP', group: 'B', result: 'SUCCESS' },
        { date: '2025-03-01', type: 'OP', group: 'B', result: 'SUCCESS' },
      ],
    });
    expect(examDeadlineFindings([passed], '2027-01-01')).toEqual([]);
  });
});

describe('the report', () => {
  it('a clean school: every section says Bez nálezů', () => {
    const sections = consistencyReport({
      from: '2026-01-01',
      to: '2026-01-31',
      today: '2026-02-01',
      now: at('2026-02-01T10:00:00Z'),
      rides: continuous(),
      previousOdometer: [],
      theory: [],
      students: [student({ dateOfInProgress: '2026-01-02' })],
    });
    expect(sections.map((s) => s.key)).toEqual([...CHECKS]);
    expect(sections.every((s) => s.findings.length === 0)).toBe(true);
    const text = consistencyText(sections, { school: 'Autoškola', from: '2026-01-01', to: '2026-01-31', made: '2026-02-01' });
    expect(text.split(CLEAN_TEXT).length - 1).toBe(CHECKS.length * 2);
    expect(consistencyCsv(sections).trim().split('\r\n')).toHaveLength(1 + CHECKS.length);
  });
  it('a finding appears in its section, the text and the CSV', () => {
    const rides = [...continuous(), ride({ id: 'x', hasSignature: false, startTime: at('2026-01-12T08:00:00Z') })];
    const sections = consistencyReport({
      from: '2026-01-01',
      to: '2026-01-31',
      today: '2026-02-01',
      now: at('2026-02-01T10:00:00Z'),
      rides,
      previousOdometer: [],
      theory: [],
      students: [],
    });
    expect(sections.filter((s) => s.findings.length > 0).map((s) => s.key)).toEqual(['unsigned']);
    expect(consistencyCsv(sections)).toContain(
      '"12.1.2026";"09:00–10:30";"Jana Nováková (1/2026)";"Škoda Fabia 1AB2345, Petr Učitel";"Chybí podpis žadatele."',
    );
    expect(consistencyText(sections, { school: 'A', from: '2026-01-01', to: '2026-01-31', made: '2026-02-01' })).toContain('(nálezů: 1)');
  });
});
