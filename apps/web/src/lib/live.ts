// The live channel (DESIGN §6): socket.io on the same origin, `live-update` messages, and what the client does about
// each message, composed here from each feature's `<feature>.live.ts` and the session's own effects.
//
// The invalidation rule: a message makes stale exactly the queries that show what the write changed, of that school
// (keys carry `schoolId`), never a whole router. The writing client applies the same queries itself on the write's
// answer (put what the answer holds with setQueryData, invalidate the rest: lib/use-form-mutation.ts), so its screen
// is right with the socket down, and skips the echo of its own message (lib/live-queries.ts). After a reconnect every
// query is made stale once (the messages of the gap are lost).
import type { QueryFilters } from '@tanstack/react-query';
import { LIVE_EVENT, type LiveMessage, type LiveMessageName } from '@volant/shared/live';
import type { Socket } from 'socket.io-client';
import { applicationFormLive } from '../features/application-form/application-form.live.ts';
import { availabilityLive } from '../features/availability/availability.live.ts';
import { drivingLessonsRecordLive } from '../features/driving-lessons-record/driving-lessons-record.live.ts';
import { examLive } from '../features/exam/exam.live.ts';
import { interpreterLive } from '../features/interpreter/interpreter.live.ts';
import { invoiceLive } from '../features/invoice/invoice.live.ts';
import { lessonPlanLive } from '../features/lesson-plan/lesson-plan.live.ts';
import { paymentItemLive } from '../features/payment-item/payment-item.live.ts';
import { pdfLive } from '../features/pdf/pdf.live.ts';
import { reportLive } from '../features/report/report.live.ts';
import { schoolLive } from '../features/school/school.live.ts';
import { schoolCarLive } from '../features/school-car/school-car.live.ts';
import { studentLive } from '../features/student/student.live.ts';
import { tagLive } from '../features/tag/tag.live.ts';
import { recordDisputeLive } from '../features/record-dispute/record-dispute.live.ts';
import { teachingLessonRecordLive } from '../features/teaching-lesson-record/teaching-lesson-record.live.ts';
import { type LiveBody, withoutOwnEchoes } from './live-queries.ts';

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

/** What the school's data messages make stale: each feature's own reactions. */
const LIVE_QUERIES = {
  ...studentLive,
  ...paymentItemLive,
  ...examLive,
  ...teachingLessonRecordLive,
  ...drivingLessonsRecordLive,
  ...reportLive,
  ...interpreterLive,
  ...tagLive,
  ...schoolCarLive,
  ...schoolLive,
  ...lessonPlanLive,
  ...invoiceLive,
  ...applicationFormLive,
  ...pdfLive,
  ...recordDisputeLive,
  ...availabilityLive,
};
type QueryMessageName = keyof typeof LIVE_QUERIES;

const invalidate = (fx: LiveEffects, filters: QueryFilters[]) => fx.invalidate(withoutOwnEchoes(filters));

/** The user's own session (invites, notifications, blocking, tier, flags, settings): effects, not queries. */
const SESSION_REACTIONS: { [K in Exclude<LiveMessageName, QueryMessageName>]: (body: LiveBody<K>, fx: LiveEffects) => void } = {
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
};

type Reaction = (body: unknown, fx: LiveEffects) => void;

/** Every message's reaction: the session's effects, and the features' queries made stale (less the own write's echo). */
export const LIVE_REACTIONS: Record<LiveMessageName, Reaction> = {
  ...(SESSION_REACTIONS as Record<string, Reaction>),
  ...Object.fromEntries(
    Object.entries(LIVE_QUERIES).map(([name, queries]) => [
      name,
      (body: unknown, fx: LiveEffects) => invalidate(fx, (queries as (b: unknown) => QueryFilters[])(body)),
    ]),
  ),
} as Record<LiveMessageName, Reaction>;

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
    const reaction = LIVE_REACTIONS[name as LiveMessageName] as Reaction | undefined;
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
    // Messages sent while the socket was away are lost (other users' writes; this client's own writes updated its
    // cache from their answers), so a reconnect makes every query stale once. The first connect catches up too, on
    // what was read before it: a write between a screen's first read and the socket joining the school's room (a
    // slow handshake on a busy phone) was told to nobody here. Queries read after it are fresh.
    if (hasConnected) fx.invalidate([{}]);
    else {
      const joinedAt = Date.now();
      fx.invalidate([{ predicate: (query) => query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < joinedAt }]);
    }
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
