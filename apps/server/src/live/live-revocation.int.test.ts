// A live socket is worth no more than the login and the membership it was opened with: logout, removal from a
// school, a blocked school and the end of the session each stop what it receives, with real socket.io clients.
import { mkdtempSync } from 'node:fs';
import type net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DbHandle, openDb } from '@volant/db/client';
import { LIVE_EVENT, type LiveMessage } from '@volant/shared/live';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createSession } from '../gate/session.queries.ts';
import { buildServer } from '../server.ts';
import { addMember, createUser, getTestApp, setupSchool, type TestApp } from '../testing/harness.ts';
import { workerDatabaseUrl } from '../testing/database.ts';

/** The worker's PostgreSQL database, which a second instance opens (null on PGlite: one process only). */
const pgUrl = await workerDatabaseUrl();

type Server = Awaited<ReturnType<typeof buildServer>>;

let app: TestApp;
let server: Server;
let base: string;
const sockets: Socket[] = [];

async function listen(handle: DbHandle) {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'volant-live-')),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PUBLIC_PER_MIN: '100000',
  } as NodeJS.ProcessEnv);
  const built = await buildServer(config, handle);
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  return { built, base: `http://127.0.0.1:${(built.app.server.address() as net.AddressInfo).port}` };
}

beforeAll(async () => {
  app = await getTestApp();
  ({ built: server, base } = await listen(app.handle));
});

afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});

afterAll(async () => {
  await server?.app.close();
});

const tokenFor = (userId: string, days = 1) => createSession(app.handle.db, userId, new Date(), days);

async function mutate(path: string, token: string, input?: unknown, at = base) {
  const res = await fetch(`${at}/api/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ json: input ?? null }),
  });
  expect(res.status, `${path} answered ${res.status}: ${await res.clone().text()}`).toBe(200);
}

/** A connected socket that records every live message and whether the server closed it. */
async function socketFor(token: string, schoolId?: string, at = base) {
  const socket = connect(at, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: schoolId ? { token, schoolId } : { token },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  const received: LiveMessage[] = [];
  let closedBy: string | null = null;
  socket.on(LIVE_EVENT, (m: LiveMessage) => received.push(m));
  socket.on('disconnect', (reason) => {
    closedBy = reason;
  });
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  // The school room is joined after the membership check that follows the connection.
  await watch(socket, schoolId);
  return {
    socket,
    received,
    closedBy: () => closedBy,
    has: (m: LiveMessage) => received.some((r) => JSON.stringify(r) === JSON.stringify(m)),
  };
}

const watch = (socket: Socket, schoolId: string | undefined) =>
  new Promise<boolean>((resolve) => (schoolId ? socket.emit('school:watch', schoolId, resolve) : resolve(false)));

async function until(condition: () => boolean, withinMs = 3_000) {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > withinMs) throw new Error(`condition not met within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A school message that a control socket receives; the others have had their chance by then. */
async function schoolMessage(schoolId: string, control: { has(m: LiveMessage): boolean }) {
  const message: LiveMessage = { StudentInfoMessage: { schoolId, studentId: crypto.randomUUID() } };
  server.deps.live.toSchool(schoolId, message);
  await until(() => control.has(message));
  await new Promise((resolve) => setTimeout(resolve, 50));
  return message;
}

describe('live sockets after revocation', () => {
  it('closes the sockets of a login when it logs out, and only those', async () => {
    const { user, schoolId } = await setupSchool(app);
    const [loggedOut, other] = [await tokenFor(user.id), await tokenFor(user.id)];
    const leaving = await socketFor(loggedOut, schoolId);
    const staying = await socketFor(other, schoolId);

    await mutate('user.logout', loggedOut);
    await until(() => leaving.closedBy() !== null);
    expect(leaving.closedBy()).toBe('io server disconnect');

    const message = await schoolMessage(schoolId, staying);
    expect(leaving.has(message)).toBe(false);
    expect(staying.closedBy()).toBe(null);
  });

  it("a member removed from a school hears of it, then no more of that school's messages, and cannot watch it again", async () => {
    const { user: admin, schoolId } = await setupSchool(app);
    const teacher = await createUser(app);
    const member = await addMember(app, schoolId, teacher.id);
    const adminSocket = await socketFor(await tokenFor(admin.id), schoolId);
    const teacherSocket = await socketFor(await tokenFor(teacher.id), schoolId);
    const before = await schoolMessage(schoolId, adminSocket);
    expect(teacherSocket.has(before)).toBe(true);

    await mutate('school.removeMember', await tokenFor(admin.id), { schoolId, memberId: member.id });
    await until(() => teacherSocket.has({ SchoolInviteRemovedMessage: { schoolId } }));

    const after = await schoolMessage(schoolId, adminSocket);
    expect(teacherSocket.has(after)).toBe(false);
    expect(await watch(teacherSocket.socket, schoolId)).toBe(false);
    const afterWatch = await schoolMessage(schoolId, adminSocket);
    expect(teacherSocket.has(afterWatch)).toBe(false);
  });

  it("a blocked school's sockets are told, then get none of its messages, also when they connect anew; unblocking brings them back", async () => {
    const { user, schoolId } = await setupSchool(app);
    const { user: elsewhere, schoolId: otherSchool } = await setupSchool(app);
    const operator = await createUser(app, { role: 'ADMIN' });
    const opToken = await tokenFor(operator.id);
    const token = await tokenFor(user.id);
    const member = await socketFor(token, schoolId);
    // Control: a socket of another school, for the moment by which a message has been delivered.
    const control = await socketFor(await tokenFor(elsewhere.id), otherSchool);
    const probe = async () => {
      const message: LiveMessage = { StudentInfoMessage: { schoolId, studentId: crypto.randomUUID() } };
      server.deps.live.toSchool(schoolId, message);
      await schoolMessage(otherSchool, control);
      return message;
    };

    await mutate('operator.setSchoolBlocked', opToken, { targetSchoolId: schoolId, isBlocked: true });
    await until(() => member.has({ GroupBlockedMessage: { schoolId, isBlocked: true } }));
    expect(member.has(await probe())).toBe(false);
    const reconnected = await socketFor(token, schoolId);
    expect(reconnected.has(await probe())).toBe(false);

    await mutate('operator.setSchoolBlocked', opToken, { targetSchoolId: schoolId, isBlocked: false });
    await until(() => member.has({ GroupBlockedMessage: { schoolId, isBlocked: false } }));
    await until(() => reconnected.has({ GroupBlockedMessage: { schoolId, isBlocked: false } }));
    const back = await probe();
    await until(() => member.has(back) && reconnected.has(back));
  });

  it('closes a socket when its session runs out', async () => {
    const { user, schoolId } = await setupSchool(app);
    const token = await tokenFor(user.id, 1.5 / 86_400); // 1.5 s
    const socket = await socketFor(token, schoolId);
    expect(socket.closedBy()).toBe(null);
    await until(() => socket.closedBy() !== null, 4_000);
    expect(socket.closedBy()).toBe('io server disconnect');
  });

  it('closes every socket of a user (as a password reset does)', async () => {
    const { user, schoolId } = await setupSchool(app);
    const first = await socketFor(await tokenFor(user.id), schoolId);
    const second = await socketFor(await tokenFor(user.id));
    server.deps.live.disconnectUser(user.id);
    await until(() => first.closedBy() !== null && second.closedBy() !== null);
  });

  const url = pgUrl;
  it.runIf(url)('a logout on one instance closes the login’s socket on another', async () => {
    const handleB = await openDb({ databaseUrl: url as string, poolSize: 2 });
    const b = await listen(handleB);
    try {
      const { user, schoolId } = await setupSchool(app);
      const token = await tokenFor(user.id);
      const onA = await socketFor(token, schoolId);
      await mutate('user.logout', token, undefined, b.base);
      await until(() => onA.closedBy() !== null, 5_000);
    } finally {
      await b.built.app.close();
      await handleB.close();
    }
  });
});
