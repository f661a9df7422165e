// socket.io on the same HTTP server (DESIGN §6). Messages are published after commit, with ids only.
import type { Server as HttpServer } from 'node:http';
import type { Db } from '@volant/db/client';
import { LIVE_EVENT, type LiveMessage, schoolRoom, userRoom } from '@volant/shared/live';
import { Server } from 'socket.io';
import type { Pool } from 'pg';
import { findSessionUser } from '../features/user/session.ts';
import { findMembership } from '../features/school/school.queries.ts';

export interface Live {
  toUser(userId: string, message: LiveMessage): void;
  toSchool(schoolId: string, message: LiveMessage): void;
  /** Make a connected user's sockets join (or leave) a school room, on this and other instances. */
  joinSchool(userId: string, schoolId: string): void;
  leaveSchool(userId: string, schoolId: string): void;
  /** Close every socket of one login (logout), on this and other instances. */
  disconnectSession(sessionId: string): void;
  /** Close every socket of a user (password reset, all sessions revoked), on this and other instances. */
  disconnectUser(userId: string): void;
}

/** Recorded messages, for tests and for a server with no socket attached yet. */
export function createRecordingLive(): Live & { sent: { room: string; message: LiveMessage }[] } {
  const sent: { room: string; message: LiveMessage }[] = [];
  return {
    sent,
    toUser: (userId, message) => sent.push({ room: userRoom(userId), message }),
    toSchool: (schoolId, message) => sent.push({ room: schoolRoom(schoolId), message }),
    joinSchool: () => {},
    leaveSchool: () => {},
    disconnectSession: (sessionId) => sent.push({ room: `session:${sessionId}`, message: { Disconnect: {} } as unknown as LiveMessage }),
    disconnectUser: (userId) => sent.push({ room: userRoom(userId), message: { Disconnect: {} } as unknown as LiveMessage }),
  };
}

export async function attachSocket(opts: { httpServer: HttpServer; db: Db; pool?: Pool; now: () => Date }) {
  const io = new Server(opts.httpServer, { path: '/socket.io', transports: ['websocket', 'polling'], serveClient: false });
  if (opts.pool) {
    const { createAdapter } = await import('@socket.io/postgres-adapter');
    await opts.pool.query('CREATE TABLE IF NOT EXISTS socket_io_attachments (id bigserial UNIQUE, created_at timestamptz DEFAULT NOW(), payload bytea)');
    io.adapter(createAdapter(opts.pool, { tableName: 'socket_io_attachments' }));
  }
  io.use(async (socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : null;
    const session = token ? await findSessionUser(opts.db, token, opts.now()).catch(() => null) : null;
    if (!session) return next(new Error('UNAUTHORIZED'));
    socket.data.userId = session.user.id;
    socket.data.sessionId = session.id;
    next();
  });
  io.on('connection', async (socket) => {
    const userId = socket.data.userId as string;
    socket.join([userRoom(userId), `session:${socket.data.sessionId as string}`]);
    // The client names the school it shows; membership is proven before joining its room.
    const schoolId = socket.handshake.auth?.schoolId;
    if (typeof schoolId === 'string' && (await findMembership(opts.db, schoolId, userId).catch(() => undefined))) {
      socket.join(schoolRoom(schoolId));
    }
    socket.on('school:watch', async (id: unknown, ack?: (ok: boolean) => void) => {
      for (const room of socket.rooms) if (room.startsWith('school:')) socket.leave(room);
      const ok = typeof id === 'string' && !!(await findMembership(opts.db, id, userId).catch(() => undefined));
      if (ok) socket.join(schoolRoom(id as string));
      if (typeof ack === 'function') ack(ok);
    });
  });
  const live: Live = {
    toUser: (userId, message) => io.to(userRoom(userId)).emit(LIVE_EVENT, message),
    toSchool: (schoolId, message) => io.to(schoolRoom(schoolId)).emit(LIVE_EVENT, message),
    joinSchool: (userId, schoolId) => io.in(userRoom(userId)).socketsJoin(schoolRoom(schoolId)),
    leaveSchool: (userId, schoolId) => io.in(userRoom(userId)).socketsLeave(schoolRoom(schoolId)),
    disconnectSession: (sessionId) => io.in(`session:${sessionId}`).disconnectSockets(true),
    disconnectUser: (userId) => io.in(userRoom(userId)).disconnectSockets(true),
  };
  return { io, live };
}
