// The live channel (DESIGN §6): socket.io on the same origin, `live-update` messages, and ONE map from each
// message to what the client does about it.
import { LIVE_EVENT, type LiveMessage, type LiveMessageName } from '@volant/shared/live';
import type { Socket } from 'socket.io-client';

type Body<K extends LiveMessageName> = Extract<LiveMessage, Record<K, unknown>>[K];

/** What a reaction may do; the session module provides the real effects, tests provide spies. */
export interface LiveEffects {
  activeSchoolId(): string;
  info(text: string): void;
  reloadUser(): void;
  refetchInvites(): void;
  refetchNotifications(): void;
  removeNotification(id: string): void;
  setGroupBlocked(isBlocked: boolean): void;
  reloadTier(): void;
  /** Invalidates every query of a tRPC router by path prefix, e.g. 'student'. */
  invalidateRouter(router: string): void;
}

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
  OnNewStudentMessage: (_body, fx) => {
    fx.invalidateRouter('account');
    fx.invalidateRouter('student');
  },
  StudentInfoMessage: (_body, fx) => fx.invalidateRouter('student'),
  PaymentItemMessage: (_body, fx) => {
    fx.invalidateRouter('student');
    fx.invalidateRouter('paymentItem');
  },
  TeachingLessonRecordMessage: (_body, fx) => {
    fx.invalidateRouter('student');
    fx.invalidateRouter('teachingLessonRecord');
  },
  DrivingLessonRecordMessage: (_body, fx) => {
    fx.invalidateRouter('student');
    fx.invalidateRouter('drivingLessonsRecord');
  },
  ReportMessage: (_body, fx) => fx.invalidateRouter('report'),
  InterpreterMessage: (_body, fx) => fx.invalidateRouter('interpreter'),
  TagMessage: (_body, fx) => fx.invalidateRouter('tag'),
  // PDF results are handled by whoever asked for the file (see `onLiveMessage`).
  OnPdfFileChanged: () => {},
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
  socket.on('connect', () => {
    delay = 1_000;
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

/** Follows the active school: the server proves membership before joining its room. */
export function watchSchool(schoolId: string | null) {
  if (socket?.connected && schoolId) socket.emit('school:watch', schoolId);
}

export function disconnectLive() {
  generation += 1;
  socket?.disconnect();
  socket = null;
}
