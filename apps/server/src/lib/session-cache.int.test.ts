// The school gate's cache (lib/session-cache.ts) over real HTTP: a logout, a password reset, a removal from a school
// and a block each take effect on the very next request — on PostgreSQL across two instances sharing the database,
// with both instances' caches holding the entry beforehand — and an instance that lost its LISTEN connection stops
// using its cache, so an invalidation it could not hear cannot let anyone in.
import net from 'node:net';
import { type DbHandle, openDb } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, newToken } from './crypto.ts';
import { SessionCache, SessionCacheListener } from './session-cache.ts';
import { inTransaction } from './unit-of-work.ts';
import { createSession } from '../gate/session.queries.ts';
import { addMember, createUser, getTestApp, setupSchool, type TestApp } from '../testing/harness.ts';
import { type Instance, instances, sleep, until } from '../testing/instances.ts';
import { workerDatabaseUrl } from '../testing/database.ts';

const url = await workerDatabaseUrl();

let app: TestApp;
/** The instance whose cache is looked at; `b` is the one the revocations go through (the same one on PGlite). */
let a: Instance;
let b: Instance;
const servers = instances();
const start = (handle: DbHandle, ownHandle: boolean) => servers.start(handle, ownHandle, (server) => server.deps.sessionCache?.enabled === true);

beforeAll(async () => {
  app = await getTestApp();
  a = await start(app.handle, false);
  b = url ? await start(await openDb({ databaseUrl: url, poolSize: 2 }), true) : a;
});

afterAll(() => servers.closeAll());

const tokenFor = (userId: string) => createSession(app.handle.db, userId, new Date(), 1);

/** A school read behind the whole ladder (session, membership, not blocked): its status. */
async function members(at: Instance, token: string, schoolId: string) {
  const input = encodeURIComponent(JSON.stringify({ json: { schoolId } }));
  const res = await fetch(`${at.base}/api/trpc/school.getMembers?input=${input}`, { headers: { authorization: `Bearer ${token}` } });
  return res.status;
}

async function mutate(at: Instance, path: string, token: string | null, input?: unknown) {
  const res = await fetch(`${at.base}/api/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ json: input ?? null }),
  });
  expect(res.status, `${path} answered ${res.status}: ${await res.clone().text()}`).toBe(200);
}

const isCached = (at: Instance, token: string, schoolId: string) => at.server.deps.sessionCache?.get(hashToken(token), schoolId, new Date()) !== undefined;

/** Both instances answer 200 and now hold the entry, so what follows is decided by the invalidation alone. */
async function warm(token: string, schoolId: string) {
  for (const at of new Set([a, b])) {
    expect(await members(at, token, schoolId)).toBe(200);
    expect(await members(at, token, schoolId)).toBe(200);
    expect(isCached(at, token, schoolId)).toBe(true);
  }
}

describe(`session cache${url ? ' on two instances' : ''}`, () => {
  it('answers a school call from the cache: a change written behind its back (no invalidation) is not seen until it is dropped', async () => {
    const { user, schoolId, member } = await setupSchool(app);
    const token = await tokenFor(user.id);
    await warm(token, schoolId);
    await app.handle.db.update(schema.schoolMembers).set({ isActive: false }).where(eq(schema.schoolMembers.id, member.id));
    expect(await members(a, token, schoolId)).toBe(200);
    a.server.deps.sessionCache?.clear();
    expect(await members(a, token, schoolId)).toBe(404);
  });

  it('a logout ends that login on the very next request everywhere, and no other login of the user', async () => {
    const { user, schoolId } = await setupSchool(app);
    const [loggedOut, other] = [await tokenFor(user.id), await tokenFor(user.id)];
    await warm(loggedOut, schoolId);
    await warm(other, schoolId);

    await mutate(b, 'user.logout', loggedOut);
    expect(await members(a, loggedOut, schoolId)).toBe(401);
    expect(await members(b, loggedOut, schoolId)).toBe(401);
    expect(isCached(a, other, schoolId)).toBe(true);
    expect(await members(a, other, schoolId)).toBe(200);
  });

  it('a password reset ends every login of the user on the very next request everywhere', async () => {
    const { user, schoolId } = await setupSchool(app);
    const [first, second] = [await tokenFor(user.id), await tokenFor(user.id)];
    await warm(first, schoolId);
    await warm(second, schoolId);
    const code = newToken();
    await app.handle.db
      .insert(schema.emailTokens)
      .values({ userId: user.id, kind: 'RESET', tokenHash: hashToken(code), expiresAt: new Date(Date.now() + 3_600_000) });

    await mutate(b, 'user.resetPasswordConfirm', null, { code, password: 'NoveHeslo123!' });
    for (const token of [first, second]) {
      expect(await members(a, token, schoolId)).toBe(401);
      expect(await members(b, token, schoolId)).toBe(401);
    }
  });

  it('a member removed from a school is refused on the very next request everywhere, and keeps their other schools', async () => {
    const { user: admin, schoolId } = await setupSchool(app);
    const { user: teacher, schoolId: ownSchool } = await setupSchool(app);
    const member = await addMember(app, schoolId, teacher.id);
    const token = await tokenFor(teacher.id);
    await warm(token, schoolId);
    await warm(token, ownSchool);

    await mutate(b, 'school.removeMember', await tokenFor(admin.id), { schoolId, memberId: member.id });
    expect(await members(a, token, schoolId)).toBe(404);
    expect(await members(b, token, schoolId)).toBe(404);
    expect(isCached(a, token, ownSchool)).toBe(true);
    expect(await members(a, token, ownSchool)).toBe(200);
  });

  it('blocking a school refuses its members on the very next request everywhere, and unblocking lets them in as quickly', async () => {
    const { user, schoolId } = await setupSchool(app);
    const { user: elsewhere, schoolId: otherSchool } = await setupSchool(app);
    const operatorToken = await tokenFor((await createUser(app, { role: 'ADMIN' })).id);
    const token = await tokenFor(user.id);
    const otherToken = await tokenFor(elsewhere.id);
    await warm(token, schoolId);
    await warm(otherToken, otherSchool);

    await mutate(b, 'operator.setSchoolBlocked', operatorToken, { targetSchoolId: schoolId, isBlocked: true });
    expect(await members(a, token, schoolId)).toBe(403);
    expect(await members(b, token, schoolId)).toBe(403);
    expect(isCached(a, otherToken, otherSchool)).toBe(true);
    // The blocked membership is cached now; unblocking must drop it too.
    expect(isCached(a, token, schoolId)).toBe(true);

    await mutate(b, 'operator.setSchoolBlocked', operatorToken, { targetSchoolId: schoolId, isBlocked: false });
    expect(await members(a, token, schoolId)).toBe(200);
    expect(await members(b, token, schoolId)).toBe(200);
  });

  it('a change that rolls back drops nothing anywhere, also from a savepoint, and a committed one waits for the others', async () => {
    const { user, schoolId } = await setupSchool(app);
    const token = await tokenFor(user.id);
    await warm(token, schoolId);
    const sessionId = b.server.deps.sessionCache?.get(hashToken(token), schoolId, new Date())?.session.id as string;
    const change = { kind: 'session', sessionId } as const;

    await expect(
      inTransaction(b.server.deps, async (_tx, after) => {
        await after.invalidateSessions(change);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await inTransaction(b.server.deps, async () => {
      await inTransaction(b.server.deps, async (_tx, after) => {
        await after.invalidateSessions(change);
        throw new Error('refused inside');
      }).catch(() => {});
    });
    await sleep(200); // a notification, were one sent, would have arrived by now
    expect(isCached(a, token, schoolId)).toBe(true);
    expect(isCached(b, token, schoolId)).toBe(true);

    await inTransaction(b.server.deps, async (_tx, after) => {
      await after.invalidateSessions(change);
    });
    expect(isCached(a, token, schoolId)).toBe(false);
    expect(isCached(b, token, schoolId)).toBe(false);
  });
});

/** A TCP hop to PostgreSQL the test can cut (every connection closed, new ones refused) or freeze (nothing answers). */
async function startProxy(target: URL) {
  const open = new Set<net.Socket>();
  let mode: 'pass' | 'refuse' | 'freeze' | 'no-notifications' = 'pass';
  const server = net.createServer((client) => {
    if (mode === 'refuse') return void client.destroy();
    open.add(client);
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    open.add(upstream);
    for (const s of [client, upstream]) {
      s.on('error', () => {});
      s.on('close', () => {
        open.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (d) => mode !== 'freeze' && upstream.write(d));
    // PostgreSQL's messages: a type byte and a length; NotificationResponse is 'A'.
    let pending = Buffer.alloc(0);
    upstream.on('data', (d) => {
      if (mode === 'freeze') return;
      if (mode !== 'no-notifications') return void client.write(d);
      pending = Buffer.concat([pending, d]);
      while (pending.length >= 5 && pending.length >= 1 + pending.readInt32BE(1)) {
        const size = 1 + pending.readInt32BE(1);
        if (pending[0] !== 0x41) client.write(pending.subarray(0, size));
        pending = pending.subarray(size);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const via = new URL(target);
  via.host = `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return {
    url: via.toString(),
    cut() {
      mode = 'refuse';
      for (const s of open) s.destroy();
    },
    freeze() {
      mode = 'freeze';
    },
    /** Everything passes but notifications (as through a proxy that pools connections per transaction). */
    dropNotifications() {
      mode = 'no-notifications';
    },
    restore() {
      mode = 'pass';
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.runIf(url)('session cache without its LISTEN connection', () => {
  const quiet = { warn() {}, info() {} };

  it('turns off and empties at once when the connection is terminated, and on again once it listens anew', async () => {
    const cache = new SessionCache();
    const listener = new SessionCacheListener(cache, { connectionString: url as string }, quiet, { maxRetryDelayMs: 200 });
    try {
      await until(() => cache.enabled);
      const { user } = await setupSchool(app);
      cache.put('h', 's', cache.begin(), {
        session: { id: 'x', user: { id: user.id, email: user.email, firstName: '', lastName: '', role: 'USER', activeSchoolId: null } },
        membership: { memberId: 'm', role: 'ADMIN', isBlocked: false },
        expiresAt: new Date(Date.now() + 60_000),
      });
      expect(cache.size).toBe(1);
      const pid = (listener.listening as unknown as { processID: number } | null)?.processID;
      expect(pid).toBeTypeOf('number');
      await app.handle.db.execute(sql`select pg_terminate_backend(${pid})`);
      await until(() => !cache.enabled, 2_000);
      expect(cache.size).toBe(0);
      await until(() => cache.enabled && (listener.listening as unknown as { processID: number } | null)?.processID !== pid, 5_000);
    } finally {
      listener.close();
    }
  });

  it('turns off when the connection stops answering its heartbeat (a peer gone without a word)', async () => {
    const proxy = await startProxy(new URL(url as string));
    const cache = new SessionCache();
    const listener = new SessionCacheListener(cache, { connectionString: proxy.url, connectionTimeoutMillis: 500 }, quiet, {
      heartbeatMs: 200,
      maxRetryDelayMs: 200,
    });
    try {
      await until(() => cache.enabled);
      proxy.freeze();
      await until(() => !cache.enabled, 1_500);
      proxy.restore();
      await until(() => cache.enabled, 5_000);
    } finally {
      listener.close();
      await proxy.close();
    }
  });

  it('never turns on over a connection that answers queries but delivers no notifications', async () => {
    const proxy = await startProxy(new URL(url as string));
    proxy.dropNotifications();
    const cache = new SessionCache();
    const listener = new SessionCacheListener(cache, { connectionString: proxy.url, connectionTimeoutMillis: 500 }, quiet, {
      heartbeatMs: 200,
      maxRetryDelayMs: 200,
    });
    try {
      await until(() => listener.listening !== null);
      await sleep(1_000);
      expect(cache.enabled).toBe(false);
      proxy.restore();
      await until(() => cache.enabled, 5_000);
    } finally {
      listener.close();
      await proxy.close();
    }
  });

  it('an instance that missed a removal while its database connection was down lets nobody in from its cache', async () => {
    const proxy = await startProxy(new URL(url as string));
    const c = await start(await openDb({ databaseUrl: proxy.url, poolSize: 2, connectionTimeoutMs: 1_000 }), true);
    try {
      const { user: admin, schoolId } = await setupSchool(app);
      const teacher = await createUser(app);
      const member = await addMember(app, schoolId, teacher.id);
      const token = await tokenFor(teacher.id);
      expect(await members(c, token, schoolId)).toBe(200);
      expect(isCached(c, token, schoolId)).toBe(true);

      proxy.cut();
      // The removal commits while c hears nothing; its notification is lost to c for good.
      await mutate(a, 'school.removeMember', await tokenFor(admin.id), { schoolId, memberId: member.id });
      await until(() => c.server.deps.sessionCache?.enabled === false, 2_000);
      proxy.restore();

      let status = 503;
      const deadline = Date.now() + 5_000;
      while (status === 503 && Date.now() < deadline) {
        status = await members(c, token, schoolId);
        if (status === 503) await sleep(100);
      }
      expect(status).toBe(404);
      await until(() => c.server.deps.sessionCache?.enabled === true, 5_000);
      expect(await members(c, token, schoolId)).toBe(404);
    } finally {
      await proxy.close();
    }
  });
});
