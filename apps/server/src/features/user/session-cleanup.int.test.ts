// The nightly clean-up: what it deletes and what it keeps, and that a worker instance schedules it (03:30, Prague).
// The rows live in 2001 and the job runs on a clock set then, so rows of tests running alongside are never touched.
import { randomUUID } from 'node:crypto';
import { schema } from '@volant/db/schema';
import { inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner } from '../../jobs/runner.ts';
import { createUser, getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { createTestStudent } from '../student/student.testing.ts';
import { SESSION_CLEANUP_JOB, sessionCleanupJob } from './session-cleanup.job.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const { sessions, emailTokens, studentPassAddressAttempts, studentPassAttempts, applicationFillTokens } = schema;
const at = (iso: string) => new Date(`2001-06-01T${iso}Z`);
const quiet = { info() {}, warn() {}, error() {} };

describe('nightly clean-up of sessions, tokens and lockouts', () => {
  it('deletes what has expired and keeps what still counts', async () => {
    const user = await createUser(app);
    const s = await setupSchool(app);
    const studentId = await createTestStudent(s.caller, s.schoolId);
    const now = at('03:30:00');
    const session = (name: string, expiresAt: Date, revokedAt: Date | null = null) => ({
      userId: user.id,
      tokenHash: `${name}-${randomUUID()}`,
      createdAt: at('00:00:00'),
      lastSeenAt: at('00:00:00'),
      expiresAt,
      revokedAt,
    });
    const made = await app.handle.db
      .insert(sessions)
      .values([
        session('expired', at('03:29:59')),
        session('live', at('03:30:01')),
        session('revoked-long-ago', at('23:00:00'), new Date('2001-05-30T00:00:00Z')),
        session('revoked-today', at('23:00:00'), at('01:00:00')),
      ])
      .returning({ id: sessions.id, tokenHash: sessions.tokenHash });
    const tokens = await app.handle.db
      .insert(emailTokens)
      .values([
        { userId: user.id, kind: 'RESET', tokenHash: `old-${randomUUID()}`, expiresAt: at('03:00:00') },
        { userId: user.id, kind: 'RESET', tokenHash: `new-${randomUUID()}`, expiresAt: at('04:00:00') },
      ])
      .returning({ id: emailTokens.id, tokenHash: emailTokens.tokenHash });
    const address = (name: string) => `${name}-${randomUUID()}`;
    const addresses = {
      quiet: address('quiet'),
      recent: address('recent'),
      blocked: address('blocked'),
    };
    await app.handle.db.insert(studentPassAddressAttempts).values([
      { address: addresses.quiet, failures: 3, lastFailedAt: at('02:00:00'), blockedUntil: at('02:05:00') },
      { address: addresses.recent, failures: 2, lastFailedAt: at('03:00:00') },
      { address: addresses.blocked, failures: 9, lastFailedAt: at('02:00:00'), blockedUntil: at('05:00:00') },
    ]);
    await app.handle.db.insert(studentPassAttempts).values({ schoolId: s.schoolId, studentId, failures: 4, lastFailedAt: at('02:00:00') });
    await app.handle.db.insert(applicationFillTokens).values([
      { schoolId: s.schoolId, tokenId: 'gone', expiresAt: at('03:00:00') },
      { schoolId: s.schoolId, tokenId: 'kept', expiresAt: at('04:00:00') },
    ]);

    const job = sessionCleanupJob({ db: app.handle.db, now: () => now, log: quiet });
    await job.run({}, { id: 'test', attempt: 1 });

    const left = async () => ({
      sessions: (
        await app.handle.db
          .select()
          .from(sessions)
          .where(
            inArray(
              sessions.id,
              made.map((m) => m.id),
            ),
          )
      )
        .map((r) => r.tokenHash.split('-')[0])
        .sort(),
      tokens: (
        await app.handle.db
          .select()
          .from(emailTokens)
          .where(
            inArray(
              emailTokens.id,
              tokens.map((t) => t.id),
            ),
          )
      ).map((r) => r.tokenHash.split('-')[0]),
      addresses: (
        await app.handle.db
          .select()
          .from(studentPassAddressAttempts)
          .where(inArray(studentPassAddressAttempts.address, Object.values(addresses)))
      )
        .map((r) => r.address.split('-')[0])
        .sort(),
      passAttempts: (
        await app.handle.db
          .select()
          .from(studentPassAttempts)
          .where(inArray(studentPassAttempts.studentId, [studentId]))
      ).length,
      fillTokens: (
        await app.handle.db
          .select()
          .from(applicationFillTokens)
          .where(inArray(applicationFillTokens.schoolId, [s.schoolId]))
      ).map((r) => r.tokenId),
    });
    const after = await left();
    expect(after.sessions).toEqual(['live', 'revoked']);
    expect(
      await app.handle.db
        .select()
        .from(sessions)
        .where(inArray(sessions.tokenHash, [made[3].tokenHash])),
    ).toHaveLength(1);
    expect(after.tokens).toEqual(['new']);
    expect(after.addresses).toEqual(['blocked', 'recent']);
    expect(after.passAttempts).toBe(0);
    expect(after.fillTokens).toEqual(['kept']);

    // Run again: nothing more goes (idempotent, as a retried or repeated sweep must be).
    await job.run({}, { id: 'test', attempt: 2 });
    expect(await left()).toEqual(after);
  });

  it('a worker instance schedules it nightly at 03:30 Prague time', async () => {
    const runner = createJobRunner({ handle: app.handle, log: quiet, work: true });
    runner.define(sessionCleanupJob({ db: app.handle.db, now: () => new Date(), log: quiet }));
    await runner.start();
    try {
      const result = await app.handle.db.execute(sql`select cron, timezone from pgboss.schedule where name = ${SESSION_CLEANUP_JOB}`);
      expect((result as unknown as { rows: unknown[] }).rows).toEqual([{ cron: '30 3 * * *', timezone: 'Europe/Prague' }]);
    } finally {
      await runner.stop();
    }
  });
});
