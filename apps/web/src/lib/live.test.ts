import type { QueryKey } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { connectLive, disconnectLive, handleLiveMessage, onLiveMessage } from './live.ts';
import { expectOwnEcho } from './live-queries.ts';
import { fakeLiveEffects, staleAfter as staleAfterIn } from './live-testing.ts';
import { trpcOptions as t } from './trpc.ts';

// The socket itself is outside our code: a fake stands in for socket.io-client, so a test can drive its events.
const socketHandlers = vi.hoisted(() => new Map<string, (arg?: unknown) => void>());
vi.mock('socket.io-client', () => ({
  io: () => ({
    active: true,
    connected: false,
    on: (event: string, handler: (arg?: unknown) => void) => socketHandlers.set(event, handler),
    disconnect: () => {},
    connect: () => {},
  }),
}));

const effects = fakeLiveEffects;

// Two schools, two students in S (X with interpreter I and tag T, Y with neither) and one in the other school: the queries
// every screen may hold. A message must make stale exactly the ones it names.
const S = 's1';
const OTHER = 's2';
const X = 'x';
const Y = 'y';
const I = 'interpreter-1';
const T = 'tag-1';
const card = (studentId: string, interpreterId: string | null) => ({ id: studentId, studentInterpreter: interpreterId ? { interpreterId } : null });
const cached: Record<string, [QueryKey, unknown]> = {
  'card X': [t.student.student.queryKey({ schoolId: S, id: X }), card(X, I)],
  'card Y': [t.student.student.queryKey({ schoolId: S, id: Y }), card(Y, null)],
  'header X': [t.student.getStudentCardHeaderInfo.queryKey({ schoolId: S, id: X }), {}],
  'header Y': [t.student.getStudentCardHeaderInfo.queryKey({ schoolId: S, id: Y }), {}],
  'start date X': [t.student.getStudentDateOfInProgress.queryKey({ schoolId: S, studentId: X }), {}],
  'end date X': [t.student.getStudentDateOfFinished.queryKey({ schoolId: S, studentId: X }), {}],
  'tags of X': [t.tag.getEntityTags.queryKey({ schoolId: S, entityId: X, entityType: 'STUDENT' }), [{ id: T }]],
  'tags of Y': [t.tag.getEntityTags.queryKey({ schoolId: S, entityId: Y, entityType: 'STUDENT' }), []],
  'students page': [t.student.students.queryKey({ schoolId: S, pageSize: 10, currentPage: 2 }), {}],
  search: [t.student.students.queryKey({ schoolId: S, fullText: 'novák' }), {}],
  'recent searches': [t.userSearch.getUserLastSearch.queryKey({ schoolId: S }), []],
  'next number': [t.student.getNextRegistrationNumber.queryKey({ schoolId: S }), {}],
  tier: [t.account.getTier.queryKey({ schoolId: S }), {}],
  reports: [t.report.getReports.queryKey({ schoolId: S }), []],
  'report R': [t.report.getReport.queryKey({ schoolId: S, id: 'r' }), {}],
  'report Q': [t.report.getReport.queryKey({ schoolId: S, id: 'q' }), {}],
  interpreters: [t.interpreter.getInterpreters.queryKey({ schoolId: S }), []],
  tags: [t.tag.getTagsBySchoolId.queryKey({ schoolId: S }), []],
  members: [t.school.getMembers.queryKey({ schoolId: S }), []],
  cars: [t.schoolCar.getSchoolCar.queryKey({ schoolId: S }), []],
  teachers: [t.school.getSchoolTeachers.queryKey({ schoolId: S }), []],
  'lesson plan': [t.lessonPlan.getLessonPlan.queryKey({ schoolId: S }), {}],
  'other school cars': [t.schoolCar.getSchoolCar.queryKey({ schoolId: OTHER }), []],
  'other school teachers': [t.school.getSchoolTeachers.queryKey({ schoolId: OTHER }), []],
  'other school card X': [t.student.student.queryKey({ schoolId: OTHER, id: X }), card(X, I)],
  'other school students': [t.student.students.queryKey({ schoolId: OTHER }), {}],
  'other school reports': [t.report.getReports.queryKey({ schoolId: OTHER }), []],
  'calendar week': [t.drivingLessonsRecord.getCalendarEvents.queryKey({ schoolId: S, from: new Date(0), to: new Date(1), teacherIds: ['t'] }), []],
  'trainings page': [t.drivingLessonsRecord.getTrainings.queryKey({ schoolId: S, unsigned: true, currentPage: 2 }), { items: [], total: 0 }],
  'other school calendar': [t.drivingLessonsRecord.getCalendarEvents.queryKey({ schoolId: OTHER, from: new Date(0), to: new Date(1) }), []],
  'payments of X': [t.paymentItem.getPaymentItems.queryKey({ schoolId: S, studentId: X }), {}],
  'price of X': [t.paymentItem.getStudentPrice.queryKey({ schoolId: S, studentId: X }), {}],
  'payments of Y': [t.paymentItem.getPaymentItems.queryKey({ schoolId: S, studentId: Y }), {}],
  'other school payments of X': [t.paymentItem.getPaymentItems.queryKey({ schoolId: OTHER, studentId: X }), {}],
  'owing list': [t.paymentItem.getOwingStudents.queryKey({ schoolId: S, sort: 'since' }), {}],
  'owing students page': [t.student.students.queryKey({ schoolId: S, owing: true, currentPage: 2 }), {}],
  'other school owing list': [t.paymentItem.getOwingStudents.queryKey({ schoolId: OTHER }), {}],
  'price list': [t.paymentItem.getPriceList.queryKey({ schoolId: S }), []],
  extras: [t.paymentItem.getPriceExtras.queryKey({ schoolId: S }), []],
  'rides of X': [t.drivingLessonsRecord.getDrivingLessonsRecords.queryKey({ schoolId: S, studentId: X }), []],
  'rides of Y': [t.drivingLessonsRecord.getDrivingLessonsRecords.queryKey({ schoolId: S, studentId: Y }), []],
  'other school rides of X': [t.drivingLessonsRecord.getDrivingLessonsRecords.queryKey({ schoolId: OTHER, studentId: X }), []],
  'ride r': [t.drivingLessonsRecord.getDrivingLessonsRecord.queryKey({ schoolId: S, id: 'r' }), {}],
  'ride q': [t.drivingLessonsRecord.getDrivingLessonsRecord.queryKey({ schoolId: S, id: 'q' }), {}],
  'collision check': [t.drivingLessonsRecord.hasCollision.queryKey({ schoolId: S, startTime: new Date(0), endTime: new Date(1), schoolCarId: 'c' }), null],
  'training warnings': [
    t.drivingLessonsRecord.getTrainingWarnings.queryKey({ schoolId: S, startTime: new Date(0), endTime: new Date(1), type: 'DRIVING', length: 90 }),
    [],
  ],
  'Výuka of X': [t.teachingLessonRecord.getTeachingLessonRecords.queryKey({ schoolId: S, studentId: X }), {}],
  'Výuka of Y': [t.teachingLessonRecord.getTeachingLessonRecords.queryKey({ schoolId: S, studentId: Y }), {}],
  'Výuka teacher of X': [t.studentDefaultTeacher.getDefaultTeacher.queryKey({ schoolId: S, studentId: X, type: 'TEACHING' }), null],
  'Výcvik teacher of X': [t.studentDefaultTeacher.getDefaultTeacher.queryKey({ schoolId: S, studentId: X, type: 'TRAINING' }), null],
  'other school Výuka of X': [t.teachingLessonRecord.getTeachingLessonRecords.queryKey({ schoolId: OTHER, studentId: X }), {}],
  'exams of X': [t.exam.getStudentExams.queryKey({ schoolId: S, studentId: X }), {}],
  'pass of X': [t.student.getStudentPass.queryKey({ schoolId: S, type: 'app', studentId: X }), {}],
  'pass sharing of X': [t.student.getStudentPassShareInfo.queryKey({ schoolId: S, studentId: X }), {}],
  'pass of Y': [t.student.getStudentPass.queryKey({ schoolId: S, type: 'app', studentId: Y }), {}],
  'exams of Y': [t.exam.getStudentExams.queryKey({ schoolId: S, studentId: Y }), {}],
  'exam terms': [t.exam.exams.queryKey({ schoolId: S, dateGte: '2026-01-01' }), []],
  'exam E': [t.exam.getExam.queryKey({ schoolId: S, id: 'e' }), {}],
  'exam F': [t.exam.getExam.queryKey({ schoolId: S, id: 'f' }), {}],
  'other school exam terms': [t.exam.exams.queryKey({ schoolId: OTHER }), []],
  'other school exams of X': [t.exam.getStudentExams.queryKey({ schoolId: OTHER, studentId: X }), {}],
  'other school collision check': [t.drivingLessonsRecord.hasCollision.queryKey({ schoolId: OTHER, startTime: new Date(0), endTime: new Date(1) }), null],
};

const staleAfter = (message: unknown) => staleAfterIn(cached, message, S);

describe('live queries: each message makes stale exactly the queries it is about', () => {
  const lists = ['owing students page', 'recent searches', 'search', 'students page'];
  const cardOfX = ['card X', 'end date X', 'header X', 'start date X', 'tags of X'];
  /** An open training form's collision check and warnings (a new ride may collide or change the day's hours). */
  const openForms = ['collision check', 'training warnings'];

  /** The Výuka tab of X (lessons and its default teacher; not the Výcvik one). */
  const teachingOfX = ['Výuka of X', 'Výuka teacher of X'];
  /** The Platba tab of X (payments with the summary, the own price); the card's circle reads the payments. */
  const paymentsOfX = ['payments of X', 'price of X'];

  it('a change of student X: the card and Výuka of X and the student lists of the school, not the card of Y nor anything else', () => {
    // A start or a study change (re)plans the Výuka, which only this message announces.
    expect(staleAfter({ StudentInfoMessage: { schoolId: S, studentId: X } })).toEqual(
      [...cardOfX, ...teachingOfX, ...paymentsOfX, 'exams of X', 'owing list', 'pass of X', 'pass sharing of X', ...lists].sort(),
    );
  });

  it('a new student: the lists, the usage of the month and the next registration number, no card', () => {
    expect(staleAfter({ OnNewStudentMessage: { schoolId: S, studentId: X } })).toEqual([...lists, 'next number', 'tier'].sort());
  });

  it('a payment of student X: the card and Platba of X (not Y’s nor another school’s), the owing list and the Nedoplatek lists only', () => {
    expect(staleAfter({ PaymentItemMessage: { schoolId: S, studentId: X } })).toEqual([...cardOfX, ...paymentsOfX, 'owing list', 'owing students page'].sort());
  });

  it('the price list: the settings, every Platba of the school and the balances; no card, no other school’s', () => {
    expect(staleAfter({ PriceListMessage: { schoolId: S } })).toEqual(
      ['extras', 'owing list', 'owing students page', 'payments of X', 'payments of Y', 'price list', 'price of X'].sort(),
    );
  });

  it('an exam term: the terms lists and that term, not another term, no card (its students get StudentInfoMessage)', () => {
    expect(staleAfter({ ExamMessage: { schoolId: S, examId: 'e' } })).toEqual(['exam E', 'exam terms']);
  });

  it('a Výuka change of student X: the card and Výuka of X, not Y’s nor another school’s, no list', () => {
    expect(staleAfter({ TeachingLessonRecordMessage: { schoolId: S, studentId: X } })).toEqual([...cardOfX, ...teachingOfX].sort());
  });

  it("a ride of student X: the card and rides of X, that ride, the open form's checks, the school's calendar and trainings list; not Y's rides nor another school's", () => {
    expect(staleAfter({ DrivingLessonRecordMessage: { schoolId: S, studentId: X, recordId: 'r' } })).toEqual(
      [...cardOfX, ...openForms, 'calendar week', 'trainings page', 'rides of X', 'ride r'].sort(),
    );
  });

  it("a car reservation (no student): the calendar, the trainings list, that item and the open form's checks; no student's rides", () => {
    expect(staleAfter({ DrivingLessonRecordMessage: { schoolId: S, studentId: null, recordId: 'r' } })).toEqual(
      [...openForms, 'calendar week', 'ride r', 'trainings page'].sort(),
    );
  });

  it('a hlášenka: the list of hlášenky and that one, not another', () => {
    expect(staleAfter({ ReportMessage: { schoolId: S, reportId: 'r' } })).toEqual(['report R', 'reports']);
  });

  it('an interpreter: the pickers and the cards of the students who name them', () => {
    expect(staleAfter({ InterpreterMessage: { schoolId: S, interpreterId: I } })).toEqual(['card X', 'interpreters']);
  });

  it('a tag: the tags of the school, the students carrying it and the lists that show tags', () => {
    expect(staleAfter({ TagMessage: { schoolId: S, tagId: T } })).toEqual([...lists, 'tags', 'tags of X'].sort());
  });

  it('a car, a teacher, the lesson plan: the school’s cars, its teachers and members, its plan; no other school’s', () => {
    expect(staleAfter({ SchoolCarMessage: { schoolId: S, schoolCarId: 'c' } })).toEqual(['cars']);
    expect(staleAfter({ TeacherMessage: { schoolId: S, memberId: 'm' } })).toEqual(['members', 'teachers']);
    expect(staleAfter({ LessonPlanMessage: { schoolId: S } })).toEqual(['lesson plan']);
    expect(staleAfter({ SchoolCarMessage: { schoolId: OTHER, schoolCarId: 'c' } })).toEqual(['other school cars']);
    expect(staleAfter({ TeacherMessage: { schoolId: OTHER, memberId: 'm' } })).toEqual(['other school teachers']);
  });

  it('a message of another school touches none of the queries of this school', () => {
    expect(staleAfter({ StudentInfoMessage: { schoolId: OTHER, studentId: Y } })).toEqual(['other school owing list', 'other school students']);
  });
});

describe('a mutation that put its own answer into the cache', () => {
  const cardX = t.student.student.queryKey({ schoolId: S, id: X });

  it('skips that key once for its own live message, then the next message refetches it again', () => {
    expectOwnEcho(cardX);
    const own = staleAfter({ StudentInfoMessage: { schoolId: S, studentId: X } });
    expect(own).not.toContain('card X');
    expect(own).toContain('header X');
    expect(staleAfter({ StudentInfoMessage: { schoolId: S, studentId: X } })).toContain('card X');
  });

  it('skips nothing once cancelled (a refused write publishes nothing) or after the wait', () => {
    expectOwnEcho(cardX)();
    expect(staleAfter({ StudentInfoMessage: { schoolId: S, studentId: X } })).toContain('card X');
    expectOwnEcho(cardX, Date.now() - 60_000);
    expect(staleAfter({ StudentInfoMessage: { schoolId: S, studentId: X } })).toContain('card X');
  });
});

describe('live reactions', () => {
  it('refetches invites when one is created', () => {
    const fx = effects();
    handleLiveMessage({ SchoolInviteCreatedMessage: { inviteId: 'i' } }, fx);
    expect(fx.refetchInvites).toHaveBeenCalled();
  });

  it('tells the user they were removed, reloads the user and the invites', () => {
    const fx = effects();
    handleLiveMessage({ SchoolInviteRemovedMessage: { schoolId: 's1' } }, fx);
    expect(fx.info).toHaveBeenCalledWith('Byl jste odstraněn ze školy');
    expect(fx.reloadUser).toHaveBeenCalled();
    expect(fx.refetchInvites).toHaveBeenCalled();
  });

  it('refetches notifications on a new one and removes a read one by id', () => {
    const fx = effects();
    handleLiveMessage({ NotificationMessage: { id: 'n1', type: 'GENERIC' } }, fx);
    handleLiveMessage({ NotificationReadMessage: { id: 'n2' } }, fx);
    expect(fx.refetchNotifications).toHaveBeenCalledTimes(1);
    expect(fx.removeNotification).toHaveBeenCalledWith('n2');
  });

  it('sets the blocked flag only for the active school, and reloads the user', () => {
    const fx = effects('s1');
    handleLiveMessage({ GroupBlockedMessage: { schoolId: 's1', isBlocked: true } }, fx);
    handleLiveMessage({ GroupBlockedMessage: { schoolId: 's2', isBlocked: false } }, fx);
    expect(fx.setGroupBlocked).toHaveBeenCalledTimes(1);
    expect(fx.setGroupBlocked).toHaveBeenCalledWith(true);
    expect(fx.reloadUser).toHaveBeenCalledTimes(2);
  });

  it('reloads the user and the tier when the tier changes', () => {
    const fx = effects();
    handleLiveMessage({ TierChangedMessage: { schoolId: 's1' } }, fx);
    expect(fx.reloadUser).toHaveBeenCalled();
    expect(fx.reloadTier).toHaveBeenCalled();
  });

  it('ignores unknown messages and garbage, and passes messages to listeners', () => {
    const fx = effects();
    const listener = vi.fn();
    const off = onLiveMessage(listener);
    handleLiveMessage({ SomethingNew: {} }, fx);
    handleLiveMessage(null, fx);
    handleLiveMessage('x', fx);
    off();
    handleLiveMessage({ NotificationMessage: { id: 'n', type: 'GENERIC' } }, fx);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(fx.info).not.toHaveBeenCalled();
  });
});

describe('live socket reconnects', () => {
  it('makes every query stale once after a reconnect (messages of the gap are lost); the first connect only those read before it', async () => {
    const fx = effects();
    const before = Date.now();
    await connectLive(() => ({ token: 't', schoolId: 's1' }), fx);
    socketHandlers.get('connect')?.();
    expect(fx.invalidate).toHaveBeenCalledTimes(1);
    const [[first]] = vi.mocked(fx.invalidate).mock.calls[0] as unknown as [[{ predicate: (q: unknown) => boolean }]];
    const query = (dataUpdatedAt: number) => ({ state: { dataUpdatedAt } });
    expect(first.predicate(query(before - 1))).toBe(true);
    expect(first.predicate(query(0))).toBe(false);
    expect(first.predicate(query(Date.now() + 1_000))).toBe(false);
    socketHandlers.get('connect')?.();
    expect(fx.invalidate).toHaveBeenCalledTimes(2);
    expect(fx.invalidate).toHaveBeenLastCalledWith([{}]);
    disconnectLive();
  });
});
