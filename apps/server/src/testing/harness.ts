// API tests go through the real router on a real database. Each test makes its own school, so files run in
// parallel without truncating tables.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DbHandle, openDb } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { eq } from 'drizzle-orm';
import { inject } from 'vitest';
import { loadConfig } from '../config.ts';
import { AppError } from '../lib/app-error.ts';
import { hashPassword } from '../lib/crypto.ts';
import { RateLimiter } from '../lib/rate-limit.ts';
import { createRecordingLive } from '../live/live.ts';
import { createMailer } from '../mail/mailer.ts';
import { createMailOutbox } from '../mail/outbox.ts';
import { appRouter } from '../app-router.ts';
import type { AppDeps } from '../trpc/context.ts';
import { createCallerFactory } from '../trpc/init.ts';
import { createSession, findSessionUser } from '../gate/session.queries.ts';
import { workerDatabaseUrl } from './database.ts';
import { TEST_SECRET_KEY } from './secret.ts';

const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;

export interface TestApp {
  handle: DbHandle;
  deps: AppDeps & { live: ReturnType<typeof createRecordingLive> };
  /** A caller with no session (public procedures). */
  anonymous: Caller;
  callerFor(userId: string, ip?: string): Promise<Caller>;
  /** A caller carrying only a Bearer token (a student's session, or none with null), from an address. */
  callerWithToken(token: string | null, ip?: string): Caller;
  /** Sends the mail waiting in mail_outbox (tests send it only when they read it), then lists what was sent. */
  outbox(): Promise<{ file: string; text: string }[]>;
  close(): Promise<void>;
}

let shared: Promise<TestApp> | null = null;

/** One database per test file (worker), opened from the migrated snapshot or the run's PostgreSQL database. */
export function getTestApp(): Promise<TestApp> {
  shared ??= openTestApp();
  return shared;
}

async function openTestApp(): Promise<TestApp> {
  const url = await workerDatabaseUrl();
  const snapshot = inject('pgliteSnapshot');
  const handle = url
    ? await openDb({ databaseUrl: url, poolSize: 4 })
    : await openDb({ dataDir: 'memory://', loadDataDir: new Blob([readFileSync(snapshot as string)]) });
  const dataDir = mkdtempSync(join(tmpdir(), 'volant-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://volant.test', LOG_LEVEL: 'silent', SECRET_KEY: TEST_SECRET_KEY } as NodeJS.ProcessEnv);
  const live = createRecordingLive();
  const deps = {
    db: handle.db,
    config,
    live,
    outbox: createMailOutbox({
      db: handle.db,
      mailer: createMailer({ from: config.mailFrom, dataDir, log: { info() {}, error() {} } }),
      log: { warn() {}, error() {} },
    }),
    limits: { login: new RateLimiter(10_000, 60_000), public: new RateLimiter(100_000, 60_000) },
    now: () => new Date(),
    log: { warn() {}, error() {} },
  };
  const contextFor = (session: Awaited<ReturnType<typeof sessionFor>> | null, ip = '127.0.0.1') => ({
    ...deps,
    ip,
    token: session?.token ?? null,
    session: session?.session ?? null,
  });
  async function sessionFor(userId: string) {
    // The session the token opens (not an older one of the same user, which may be revoked).
    const token = await createSession(handle.db, userId, new Date(), 1);
    const session = await findSessionUser(handle.db, token, new Date());
    if (!session) throw new Error('the new session was not found');
    return { token, session };
  }
  return {
    handle,
    deps,
    anonymous: createCaller(contextFor(null)),
    async callerFor(userId, ip) {
      return createCaller(contextFor(await sessionFor(userId), ip));
    },
    callerWithToken(token, ip = '127.0.0.1') {
      return createCaller({ ...deps, ip, token, session: null });
    },
    async outbox() {
      await deps.outbox.drain();
      const dir = join(dataDir, 'outbox');
      let files: string[] = [];
      try {
        files = readdirSync(dir).sort();
      } catch {
        return [];
      }
      return files.map((f) => ({ file: f, text: readFileSync(join(dir, f), 'utf8') }));
    },
    close: () => handle.close(),
  };
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}.${Date.now().toString(36)}.${(counter++).toString(36)}.${Math.random().toString(36).slice(2, 6)}@example.cz`;

let cachedHash: Promise<string> | null = null;
export const TEST_PASSWORD = 'Heslo123!';

/** An activated user. */
export async function createUser(app: TestApp, overrides: Partial<typeof schema.users.$inferInsert> = {}) {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const [user] = await app.handle.db
    .insert(schema.users)
    .values({ email: uniqueEmail(), firstName: 'Test', lastName: 'Uživatel', passwordHash: await cachedHash, isActivated: true, ...overrides })
    .returning();
  return user;
}

/** A school with an admin user and that user's caller. The one helper every API test starts from. */
export async function setupSchool(
  app: TestApp,
  opts: { tier?: 'STARTER' | 'PREMIUM' | 'ENTERPRISE'; role?: 'ADMIN' | 'TEACHER' | 'ASSISTANT' | 'PARAMEDIC' } = {},
) {
  const user = await createUser(app);
  const [school] = await app.handle.db
    .insert(schema.schools)
    .values({
      name: `Autoškola ${user.email.slice(5, 14)}`,
      number: 'AS-1',
      office: 'Magistrát města Brna',
      street: 'Kounicova',
      streetCode: '1',
      city: 'Brno',
      postCode: '60200',
      tier: opts.tier ?? 'PREMIUM',
    })
    .returning();
  const [member] = await app.handle.db
    .insert(schema.schoolMembers)
    .values({ schoolId: school.id, userId: user.id, role: opts.role ?? 'ADMIN', firstName: user.firstName, lastName: user.lastName, email: user.email })
    .returning();
  await app.handle.db.update(schema.users).set({ activeSchoolId: school.id }).where(eq(schema.users.id, user.id));
  const caller = await app.callerFor(user.id);
  return { user, school, member, caller, schoolId: school.id };
}

/** Adds an existing user to a school with a role. */
export async function addMember(app: TestApp, schoolId: string, userId: string, role: 'ADMIN' | 'TEACHER' | 'ASSISTANT' | 'PARAMEDIC' = 'TEACHER') {
  const [member] = await app.handle.db.insert(schema.schoolMembers).values({ schoolId, userId, role, firstName: 'Člen', lastName: 'Školy' }).returning();
  return member;
}

/** The field messages of a refused input (zod's issues or an AppError.field), as 'path: message' lines. */
export async function inputIssues(call: Promise<unknown>): Promise<string[]> {
  const err = (await call.then(
    () => {
      throw new Error('expected the input to be refused');
    },
    (e: unknown) => e,
  )) as { cause?: { issues?: { path: PropertyKey[]; message: string }[] } };
  if (err.cause instanceof AppError && err.cause.field) return [`${err.cause.field}: ${err.cause.message}`];
  if (!err.cause?.issues) throw err;
  return err.cause.issues.map((i) => `${i.path.map(String).join('.')}: ${i.message}`);
}
