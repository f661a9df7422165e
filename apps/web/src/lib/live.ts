// The live channel (DESIGN §6): socket.io on the same origin, `live-update` messages, and ONE map from each
// message to what the client does about it.
import { LIVE_EVENT, type LiveMessage, type LiveMessageName } from '@volant/shared/live';
import { hashKey, type QueryFilters, type QueryKey } from '@tanstack/react-query';
import type { Socket } from 'socket.io-client';
import { type RouterOutputs, trpcOptions as t } from './trpc.ts';

type Body<K extends LiveMessageName> = Extract<LiveMessage, Record<K, unknown>>[K];

/** What a reaction may do; the session module provides the real effects, tests provide spies. */
export interface LiveEffects {
  activeSchoolId(): string | null;
  info(text: string): void;
  reloadUser(): void;
  refetchInvites(): void;
  refetchNotifications(): void;
  removeNotification(id: string): void;
  setGroupBlocked(isBlocked: boolean): void;
  reloadTier(): void;
  /** Reloads the user's feature flags (the sidebar's 2.1 items, Debug). */
  reloadFeatureFlags(): void;
  /** Marks the queries these filters match stale (active ones refetch). */
  invalidate(filters: QueryFilters[]): void;
}

// ——— which queries a message makes stale, built from the router's own keys ———
// Keys carry the school (every school query's input has `schoolId`), so a message of one school never touches another's.

/** The lists that show students by name, state and tags: the students page / search, and the recent searches. */
const studentLists = (schoolId: string): QueryFilters[] => [
  t.student.students.queryFilter({ schoolId }),
  t.userSearch.getUserLastSearch.queryFilter({ schoolId }),
];

/** One student's card: its detail, header, training dates, tags and the legal minimum (lessons, rides and plan). */
const studentCard = (schoolId: string, studentId: string): QueryFilters[] => [
  t.student.student.queryFilter({ schoolId, id: studentId }),
  t.student.getLegalMinimum.queryFilter({ schoolId, studentId }),
  t.student.getStudentCardHeaderInfo.queryFilter({ schoolId, id: studentId }),
  t.student.getStudentDateOfInProgress.queryFilter({ schoolId, studentId }),
  t.student.getStudentDateOfFinished.queryFilter({ schoolId, studentId }),
  t.tag.getEntityTags.queryFilter({ schoolId, entityId: studentId, entityType: 'STUDENT' }),
];

/** The school's calendar windows and trainings list pages (every window and filter of the school). */
const trainingLists = (schoolId: string): QueryFilters[] => [
  t.drivingLessonsRecord.getCalendarEvents.queryFilter({ schoolId }),
  t.drivingLessonsRecord.getTrainings.queryFilter({ schoolId }),
];

/** One student's Výuka: its lessons (the tab and the card's circle) and its Výuka default teacher. */
const teaching = (schoolId: string, studentId: string): QueryFilters[] => [
  t.teachingLessonRecord.getTeachingLessonRecords.queryFilter({ schoolId, studentId }),
  t.studentDefaultTeacher.getDefaultTeacher.queryFilter({ schoolId, studentId, type: 'TEACHING' }),
];

/** One student's Platba: its payments with the price summary (the tab and the card's circle) and its own price. */
const payments = (schoolId: string, studentId: string): QueryFilters[] => [
  t.paymentItem.getPaymentItems.queryFilter({ schoolId, studentId }),
  t.paymentItem.getStudentPrice.queryFilter({ schoolId, studentId }),
];

/** The school's owing list (Platby → Nedoplatky) and the student lists filtered by 'Nedoplatek': a balance moved. */
const owingLists = (schoolId: string): QueryFilters[] => [
  t.paymentItem.getOwingStudents.queryFilter({ schoolId }),
  t.student.students.queryFilter({ schoolId, owing: true }),
];

/** One student's exams on the card (sign-ups, attempts, deadline), and the exams page's application deadlines. */
const studentExams = (schoolId: string, studentId: string): QueryFilters[] => [
  t.exam.getStudentExams.queryFilter({ schoolId, studentId }),
  t.exam.getApplicationDeadlines.queryFilter({ schoolId }),
];

/** For each message about the school's data, the exact queries it makes stale. */
export const LIVE_QUERIES: {
  [K in
    | 'OnNewStudentMessage'
    | 'StudentInfoMessage'
    | 'PaymentItemMessage'
    | 'ExamMessage'
    | 'TeachingLessonRecordMessage'
    | 'DrivingLessonRecordMessage'
    | 'ReportMessage'
    | 'InterpreterMessage'
    | 'TagMessage'
    | 'SchoolCarMessage'
    | 'TeacherMessage'
    | 'LessonPlanMessage'
    | 'PriceListMessage'
    | 'InvoiceMessage']: (body: Body<K>) => QueryFilters[];
} = {
  // A new student counts against the month's limit and takes the next registration number.
  OnNewStudentMessage: ({ schoolId }) => [
    ...studentLists(schoolId),
    t.account.getTier.queryFilter({ schoolId }),
    t.student.getNextRegistrationNumber.queryFilter({ schoolId }),
  ],
  // The student's name, state or tags may show in any list (a search may match it now), so every list of the school.
  // A start or a change of groups, kind or type (re)plans the Výuka too, which says so only through this message.
  // The default price follows the student's groups, kind and type (the price list's), so Platba too; a start fixes the
  // price and a rename or removal shows in the owing list.
  StudentInfoMessage: ({ schoolId, studentId }) => [
    ...studentCard(schoolId, studentId),
    ...studentLists(schoolId),
    ...teaching(schoolId, studentId),
    ...payments(schoolId, studentId),
    t.paymentItem.getOwingStudents.queryFilter({ schoolId }),
    ...studentExams(schoolId, studentId),
    // An open pass drawer or share dialog: the student signed the pass or got a new code.
    t.student.getStudentPass.queryFilter({ schoolId, type: 'app', studentId }),
    t.student.getStudentPassShareInfo.queryFilter({ schoolId, studentId }),
  ],
  // Payments and lessons show on the student's card only (their own queries come with their routers); a payment, a
  // charge or a price also moves the student's balance in the owing list and the 'Nedoplatek' student lists.
  PaymentItemMessage: ({ schoolId, studentId }) => [...studentCard(schoolId, studentId), ...payments(schoolId, studentId), ...owingLists(schoolId)],
  // A term changed: the terms lists (and every card's upcoming terms) and that term's detail; its students get StudentInfoMessage.
  // A moved term may count (or not) as the application after a student's training ended.
  ExamMessage: ({ schoolId, examId }) => [
    t.exam.exams.queryFilter({ schoolId }),
    t.exam.getExam.queryFilter({ schoolId, id: examId }),
    t.exam.getApplicationDeadlines.queryFilter({ schoolId }),
  ],
  TeachingLessonRecordMessage: ({ schoolId, studentId }) => [...studentCard(schoolId, studentId), ...teaching(schoolId, studentId)],
  // A ride, PV lesson or car reservation also shows in the school's calendar and trainings list (a reservation has no student).
  // The student's Výcvik tab lists its rides; an open training form re-asks about collisions and warnings.
  DrivingLessonRecordMessage: ({ schoolId, studentId, recordId }) => [
    ...(studentId ? [...studentCard(schoolId, studentId), t.drivingLessonsRecord.getDrivingLessonsRecords.queryFilter({ schoolId, studentId })] : []),
    ...trainingLists(schoolId),
    t.drivingLessonsRecord.getDrivingLessonsRecord.queryFilter({ schoolId, id: recordId }),
    t.drivingLessonsRecord.hasCollision.queryFilter({ schoolId }),
    t.drivingLessonsRecord.getTrainingWarnings.queryFilter({ schoolId }),
  ],
  ReportMessage: ({ schoolId, reportId }) => [t.report.getReports.queryFilter({ schoolId }), t.report.getReport.queryFilter({ schoolId, id: reportId })],
  // The pickers, and the cards of the students who name the interpreter.
  InterpreterMessage: ({ schoolId, interpreterId }) => [
    t.interpreter.getInterpreters.queryFilter({ schoolId }),
    t.student.student.queryFilter(
      { schoolId },
      {
        predicate: (q) => (q.state.data as RouterOutputs['student']['student'] | undefined)?.studentInterpreter?.interpreterId === interpreterId,
      },
    ),
  ],
  // Tags show with their name and colour in the lists and on the cards that carry them.
  TagMessage: ({ schoolId, tagId }) => [
    t.tag.getTagsBySchoolId.queryFilter({ schoolId }),
    t.tag.getEntityTags.queryFilter(
      { schoolId },
      {
        predicate: (q) => (q.state.data as RouterOutputs['tag']['getEntityTags'] | undefined)?.some((tag) => tag.id === tagId) ?? false,
      },
    ),
    ...studentLists(schoolId),
  ],
  // The Vozidla settings and the car pickers read the school's car list.
  SchoolCarMessage: ({ schoolId }) => [t.schoolCar.getSchoolCar.queryFilter({ schoolId })],
  // The Učitelé settings (profiles and members) and the teacher pickers.
  TeacherMessage: ({ schoolId }) => [t.school.getSchoolTeachers.queryFilter({ schoolId }), t.school.getMembers.queryFilter({ schoolId })],
  LessonPlanMessage: ({ schoolId }) => [t.lessonPlan.getLessonPlan.queryFilter({ schoolId })],
  // Every student's default price follows the price list, so every open Platba tab, the settings (courses and extras)
  // and the balances of students on a default price.
  PriceListMessage: ({ schoolId }) => [
    t.paymentItem.getPriceList.queryFilter({ schoolId }),
    t.paymentItem.getPriceExtras.queryFilter({ schoolId }),
    t.paymentItem.getPaymentItems.queryFilter({ schoolId }),
    t.paymentItem.getStudentPrice.queryFilter({ schoolId }),
    ...owingLists(schoolId),
  ],
  // A document issued or cancelled: the school's Doklady list (pages: an infinite query) and its years, the student's
  // documents on Platba, that document's detail, and Platba's payments (which payments have a document).
  InvoiceMessage: ({ schoolId, studentId, invoiceId }) => [
    t.invoice.getInvoices.infiniteQueryFilter({ schoolId }),
    t.invoice.getInvoices.queryFilter({ schoolId, studentId }),
    t.invoice.getInvoiceYears.queryFilter({ schoolId }),
    t.invoice.getInvoice.queryFilter({ schoolId, id: invoiceId }),
    ...payments(schoolId, studentId),
  ],
};

// ——— a mutation's own result ———
// A write that returns what it changed (updateStudent → the card, a hlášenka's changes → the hlášenka) puts that into the
// cache itself; the live message of the same write then need not fetch it again. `expectOwnEcho(key)` before sending
// makes the next message that would make exactly this key stale skip it (within a few seconds; cancel on failure).
// A message of someone else's write arriving first is skipped instead: the write's own answer was read after both.
const ownEchoes = new Map<string, number>();
const ECHO_WAIT_MS = 5_000;

export function expectOwnEcho(queryKey: QueryKey, now = Date.now()): () => void {
  const hash = hashKey(queryKey);
  ownEchoes.set(hash, now + ECHO_WAIT_MS);
  return () => ownEchoes.delete(hash);
}

function withoutOwnEchoes(filters: QueryFilters[], now = Date.now()): QueryFilters[] {
  return filters.filter((filter) => {
    if (!filter.queryKey || filter.predicate) return true;
    const hash = hashKey(filter.queryKey);
    const until = ownEchoes.get(hash);
    if (until === undefined) return true;
    ownEchoes.delete(hash);
    return until < now;
  });
}

/** A tRPC query key's input names this school (`[path, { input: { schoolId } }]`). */
function isOfSchool(queryKey: QueryKey, schoolId: string): boolean {
  const meta = queryKey[1] as { input?: { schoolId?: unknown } } | undefined;
  return meta?.input?.schoolId === schoolId;
}

const invalidate = (fx: LiveEffects, filters: QueryFilters[]) => fx.invalidate(withoutOwnEchoes(filters));

export const LIVE_REACTIONS: { [K in LiveMessageName]: (body: Body<K>, fx: LiveEffects) => void } = {
  SchoolInviteCreatedMessage: (_body, fx) => fx.refetchInvites(),
  SchoolInviteRemovedMessage: (_body, fx) => {
    fx.info('Byl jste odstraněn ze školy');
    fx.reloadUser();
    fx.refetchInvites();
  },
  NotificationMessage: (_body, fx) => fx.refetchNotifications(),
  NotificationReadMessage: (body, fx) => fx.removeNotification(body.id),
  GroupBlockedMessage: (body, fx) => {
    if (body.schoolId === fx.activeSchoolId()) fx.setGroupBlocked(body.isBlocked);
    fx.reloadUser();
  },
  TierChangedMessage: (_body, fx) => {
    fx.reloadUser();
    fx.reloadTier();
  },
  FeatureFlagsMessage: (_body, fx) => fx.reloadFeatureFlags(),
  // The user's own name or settings changed in another session.
  UserSettingsMessage: (_body, fx) => fx.reloadUser(),
  // Applications and forms of the school: the application-form screens (every query of the domain, of that school).
  ApplicationMessage: (body, fx) => invalidate(fx, [t.applicationForm.pathFilter({ predicate: (q) => isOfSchool(q.queryKey, body.schoolId) })]),
  ApplicationFormMessage: (body, fx) => invalidate(fx, [t.applicationForm.pathFilter({ predicate: (q) => isOfSchool(q.queryKey, body.schoolId) })]),
  OnNewStudentMessage: (body, fx) => invalidate(fx, LIVE_QUERIES.OnNewStudentMessage(body)),
  StudentInfoMessage: (body, fx) => invalidate(fx, LIVE_QUERIES.StudentInfoMessage(body)),
  PaymentItemMessage: (body, fx) => invalidate(fx, LIVE_QUERIES.PaymentItemMessage(body)),
  ExamMessage: (body, fx) => invalidate(fx, LIVE_QUERIES.ExamMessage(body)),
  TeachingLessonRecordMessage: (body, fx) => invalidate(fx, LIVE_QUERIES.TeachingLessonRecordMessage(body)),
  DrivingLessonRecordMessage: (body, fx) => invalidate(fx, LIVE_QUERIES.DrivingLessonRecordMessage(body)),
  ReportMessage: (body, fx) => invalidate(fx, LIVE_QUERIES.ReportMessage(body)),
  InterpreterMessage: (body, fx) => invalidate(fx, LIVE_QUERIES.InterpreterMessage(body)),
  TagMessage: (body, fx) => invalidate(fx, LIVE_QUERIES.TagMessage(body)),
  SchoolCarMessage: (body, fx) => invalidate(fx, LIVE_QUERIES.SchoolCarMessage(body)),
  TeacherMessage: (body, fx) => invalidate(fx, LIVE_QUERIES.TeacherMessage(body)),
  LessonPlanMessage: (body, fx) => invalidate(fx, LIVE_QUERIES.LessonPlanMessage(body)),
  PriceListMessage: (body, fx) => invalidate(fx, LIVE_QUERIES.PriceListMessage(body)),
  InvoiceMessage: (body, fx) => invalidate(fx, LIVE_QUERIES.InvoiceMessage(body)),
  // The file itself is handled by whoever asked for it (features/pdf/use-pdf-export.tsx, through `onLiveMessage`); the
  // Historie PDF list shows the new status. The body names no school: the lists of every school go stale (one user's).
  OnPdfFileChanged: (_body, fx) => invalidate(fx, [t.pdfFile.getPdfFiles.pathFilter()]),
};

type Listener = (message: LiveMessage) => void;
const listeners = new Set<Listener>();

/** Lets a feature react to messages too (e.g. a PDF export waiting for its clientCode). Returns an unsubscribe. */
export function onLiveMessage(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Runs the reaction of every known key of a message; unknown keys are ignored. */
export function handleLiveMessage(message: unknown, fx: LiveEffects) {
  if (!message || typeof message !== 'object') return;
  for (const [name, body] of Object.entries(message)) {
    const reaction = LIVE_REACTIONS[name as LiveMessageName] as ((body: unknown, fx: LiveEffects) => void) | undefined;
    reaction?.(body, fx);
  }
  for (const listener of listeners) listener(message as LiveMessage);
}

let socket: Socket | null = null;
let generation = 0;

/** (Re)connects with the current token; `auth` is read again on every reconnect. */
export async function connectLive(getAuth: () => { token: string | null; schoolId: string | null }, fx: LiveEffects) {
  disconnectLive();
  const mine = ++generation;
  const { io } = await import('socket.io-client');
  if (mine !== generation) return; // a logout or a newer login came first
  socket = io({
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    auth: (cb) => {
      const { token, schoolId } = getAuth();
      cb({ token, ...(schoolId ? { schoolId } : {}) });
    },
  });
  socket.on(LIVE_EVENT, (message: unknown) => handleLiveMessage(message, fx));
  // A handshake refused because the database was away ('UNAVAILABLE') is not retried by socket.io itself (a refusal
  // by the server's middleware is final); retry with back-off so live updates come back without a reload.
  let delay = 1_000;
  let hasConnected = false;
  socket.on('connect', () => {
    delay = 1_000;
    markLive(true);
    // Messages sent while the socket was away are lost (screens refresh from messages, not after each write), so a
    // reconnect makes every query stale once; the first connect has nothing to catch up on.
    if (hasConnected) fx.invalidate([{}]);
    hasConnected = true;
  });
  socket.on('disconnect', (reason) => {
    markLive(false);
    // The server closed this login's socket (a logout elsewhere, a new password, "sign out the other devices"): the
    // user reload then answers 401 and the session ends here too, straight to the login page.
    if (reason === 'io server disconnect' && mine === generation) fx.reloadUser();
  });
  socket.on('connect_error', (err) => {
    const current = socket;
    if (err.message !== 'UNAVAILABLE' || !current || current.active || mine !== generation) return;
    setTimeout(() => {
      if (mine === generation && !current.connected) current.connect();
    }, delay);
    delay = Math.min(delay * 2, 30_000);
  });
}

/**
 * `<html data-live="connected">` while the socket is connected, so an end-to-end test can wait until the school's
 * messages reach the page (the handshake joined the school's room before 'connect').
 */
function markLive(connected: boolean) {
  if (typeof document === 'undefined') return;
  if (connected) document.documentElement.dataset.live = 'connected';
  else delete document.documentElement.dataset.live;
}

/** Follows the active school: the server proves membership before joining its room. */
export function watchSchool(schoolId: string | null) {
  if (socket?.connected && schoolId) socket.emit('school:watch', schoolId);
}

export function disconnectLive() {
  generation += 1;
  socket?.disconnect();
  socket = null;
}
