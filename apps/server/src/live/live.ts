// socket.io on the same HTTP server (DESIGN §6). Messages are published after commit, with ids only.
// Rooms of a socket: user:<id> and session:<id> always; watch:<schoolId> for the school it follows (membership
// proven), and school:<schoolId> too while that school is not blocked. School data goes to school:<id>.
import type { Server as HttpServer } from 'node:http';
import type { Db } from '@volant/db/client';
import { LIVE_EVENT, type LiveMessage, schoolRoom, userRoom } from '@volant/shared/live';
import type { Pool } from 'pg';
import { type Socket, Server } from 'socket.io';
import { findMembership } from '../lib/tenant.ts';
import { findSessionExpiry, findSessionUser } from '../gate/session.queries.ts';
import { createResilientAdapter, type PubSubLog } from './postgres-pubsub.ts';

export interface Live {
  toUser(userId: string, message: LiveMessage): void;
  toSchool(schoolId: string, message: LiveMessage): void;
  /** Every connected socket, on every instance (a feature flag switched for everybody). */
  toEveryone(message: LiveMessage): void;
  /** Make a connected user's sockets join (or leave) a school room, on this and other instances. */
  joinSchool(userId: string, schoolId: string): void;
  leaveSchool(userId: string, schoolId: string): void;
  /** Close every socket of one login (logout), on this and other instances. */
  disconnectSession(sessionId: string): void;
  /** Close every socket of a user (password reset, all sessions revoked), on this and other instances. */
  disconnectUser(userId: string): void;
  /**
   * Tell a school's sockets it is blocked and stop its data reaching them (they leave the room but keep following
   * the school), or unblock it: its followers get the data again and are told so.
   */
  setSchoolBlocked(schoolId: string, isBlocked: boolean): void;
}

const sessionRoom = (sessionId: string) => `session:${sessionId}`;
const watchRoom = (schoolId: string) => `watch:${schoolId}`;
/** setTimeout's longest delay; a later session expiry is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Recorded messages and closed rooms, for tests and for a server with no socket attached yet. */
export function createRecordingLive(): Live & { sent: { room: string; message: LiveMessage }[]; disconnected: string[] } {
  const sent: { room: string; message: LiveMessage }[] = [];
  const disconnected: string[] = [];
  return {
    sent,
    disconnected,
    toUser: (userId, message) => sent.push({ room: userRoom(userId), message }),
    toSchool: (schoolId, message) => sent.push({ room: schoolRoom(schoolId), message }),
    toEveryone: (message) => sent.push({ room: '*', message }),
    joinSchool: () => {},
    leaveSchool: () => {},
    disconnectSession: (sessionId) => disconnected.push(sessionRoom(sessionId)),
    disconnectUser: (userId) => disconnected.push(userRoom(userId)),
    setSchoolBlocked: (schoolId, isBlocked) =>
      sent.push({ room: isBlocked ? schoolRoom(schoolId) : watchRoom(schoolId), message: { GroupBlockedMessage: { schoolId, isBlocked } } }),
  };
}

export async function attachSocket(opts: { httpServer: HttpServer; db: Db; pool?: Pool; now: () => Date; log: PubSubLog }) {
  const { db, now } = opts;
  const io = new Server(opts.httpServer, { path: '/socket.io', transports: ['websocket', 'polling'], serveClient: false });
  if (opts.pool) {
    await opts.pool.query('CREATE TABLE IF NOT EXISTS socket_io_attachments (id bigserial UNIQUE, created_at timestamptz DEFAULT NOW(), payload bytea)');
    io.adapter(createResilientAdapter(opts.pool, { tableName: 'socket_io_attachments', log: opts.log }));
  }
  io.use(async (socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : null;
    let session: Awaited<ReturnType<typeof findSessionUser>> = null;
    try {
      session = token ? await findSessionUser(db, token, now()) : null;
    } catch (err) {
      // Not the client's fault: it may try again, unlike after UNAUTHORIZED.
      opts.log.warn({ err }, 'live: handshake could not check the session');
      return next(new Error('UNAVAILABLE'));
    }
    if (!session) return next(new Error('UNAUTHORIZED'));
    socket.data.userId = session.user.id;
    socket.data.sessionId = session.id;
    // Rooms are joined before the client hears 'connect', so a message sent right after it is not missed.
    socket.join([userRoom(session.user.id), sessionRoom(session.id)]);
    // The client names the school it shows; it may switch later with 'school:watch'.
    const schoolId = socket.handshake.auth?.schoolId;
    if (typeof schoolId === 'string' && (await joinIfMember(socket, schoolId))) socket.data.schoolId = schoolId;
    next();
  });

  io.on('connection', (socket) => {
    const sessionId = socket.data.sessionId as string;

    // The session is looked at again now the socket is in its room: a logout that committed during the handshake
    // sent its disconnect before the socket could hear it. Then once more when the session runs out.
    let expiryTimer: NodeJS.Timeout | undefined;
    const checkSession = async () => {
      let expiresAt: Date | null;
      try {
        expiresAt = await findSessionExpiry(db, sessionId, now());
      } catch {
        // The database is away: keep the socket, look again later.
        expiryTimer = setTimeout(checkSession, 60_000);
        return;
      }
      if (!expiresAt) return void socket.disconnect(true);
      expiryTimer = setTimeout(checkSession, Math.min(Math.max(expiresAt.getTime() - now().getTime(), 0) + 1_000, MAX_TIMER_MS));
    };
    socket.on('disconnect', () => clearTimeout(expiryTimer));
    void checkSession();

    // One watch at a time, so a quick switch between schools cannot leave the socket in two school rooms.
    const handshakeSchool = socket.data.schoolId as string | undefined;
    let watching: Promise<boolean> = handshakeSchool ? confirmMember(socket, handshakeSchool) : Promise.resolve(false);
    const watch = (schoolId: unknown) => {
      watching = watching.then(
        async () => {
          for (const room of socket.rooms) if (room.startsWith('school:') || room.startsWith('watch:')) socket.leave(room);
          return typeof schoolId === 'string' && (await joinIfMember(socket, schoolId)) && (await confirmMember(socket, schoolId));
        },
        () => false,
      );
      return watching;
    };
    socket.on('school:watch', async (id: unknown, ack?: (ok: boolean) => void) => {
      const ok = await watch(id);
      if (typeof ack === 'function') ack(ok);
    });
  });

  // Membership is proven before joining a school's rooms, and again once in them: a removal or block that committed
  // during the first look sent its leave before this socket was there to hear it.
  async function joinIfMember(socket: Socket, schoolId: string): Promise<boolean> {
    const member = await findMembership(db, schoolId, socket.data.userId as string).catch(() => undefined);
    // A socket that went away meanwhile cannot join any more (socket.io makes join a no-op on cleanup).
    if (!member) return false;
    socket.join(member.isBlocked ? [watchRoom(schoolId)] : [watchRoom(schoolId), schoolRoom(schoolId)]);
    return true;
  }

  async function confirmMember(socket: Socket, schoolId: string): Promise<boolean> {
    const member = await findMembership(db, schoolId, socket.data.userId as string).catch(() => ({ isBlocked: false }));
    if (!member) {
      socket.leave(watchRoom(schoolId));
      socket.leave(schoolRoom(schoolId));
      return false;
    }
    if (member.isBlocked) socket.leave(schoolRoom(schoolId));
    return true;
  }

  const live: Live = {
    toUser: (userId, message) => io.to(userRoom(userId)).emit(LIVE_EVENT, message),
    toSchool: (schoolId, message) => io.to(schoolRoom(schoolId)).emit(LIVE_EVENT, message),
    toEveryone: (message) => io.emit(LIVE_EVENT, message),
    joinSchool: (userId, schoolId) => io.in(userRoom(userId)).socketsJoin([schoolRoom(schoolId), watchRoom(schoolId)]),
    leaveSchool: (userId, schoolId) => io.in(userRoom(userId)).socketsLeave([schoolRoom(schoolId), watchRoom(schoolId)]),
    disconnectSession: (sessionId) => io.in(sessionRoom(sessionId)).disconnectSockets(true),
    disconnectUser: (userId) => io.in(userRoom(userId)).disconnectSockets(true),
    // The adapter emits locally only after publishing, but leaves rooms at once; the news of the block therefore
    // goes to the followers' room too, which nobody leaves, so no socket misses it whatever arrives first.
    setSchoolBlocked: (schoolId, isBlocked) => {
      const message: LiveMessage = { GroupBlockedMessage: { schoolId, isBlocked } };
      if (isBlocked) {
        io.to([schoolRoom(schoolId), watchRoom(schoolId)]).emit(LIVE_EVENT, message);
        io.in(schoolRoom(schoolId)).socketsLeave(schoolRoom(schoolId));
      } else {
        io.in(watchRoom(schoolId)).socketsJoin(schoolRoom(schoolId));
        io.to(watchRoom(schoolId)).emit(LIVE_EVENT, message);
      }
    },
  };
  return { io, live };
}
