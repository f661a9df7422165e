// The unit of work on a real database: what commits together, when follow-ups run, and how a nested call joins.
import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRecordingLive } from '../live/live.ts';
import { getTestApp, type TestApp, uniqueEmail } from '../testing/harness.ts';
import { audit } from './audit.ts';
import { inTransaction, type UnitDeps } from './unit-of-work.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

/** Deps whose live hub, outbox wake and error log write into one ordered list of events. */
function recordingDeps() {
  const events: string[] = [];
  const errors: unknown[] = [];
  const live = createRecordingLive();
  const deps: UnitDeps = {
    db: app.handle.db,
    live: {
      ...live,
      toSchool: (schoolId, message) => events.push(`live:${Object.keys(message)[0]}:${schoolId}`),
    },
    outbox: { wake: () => events.push('wake'), drain: async () => {}, stop: async () => {} },
    now: () => new Date(),
    log: { error: (obj: unknown) => void errors.push(obj) },
  };
  return { deps, events, errors };
}

/** A distinct audit action per test, to find exactly its rows. */
const newAction = () => `test.uow.${randomUUID()}`;
const write = (tx: DbOrTx, action: string, entityType = 'thing') => audit(tx, { schoolId: null, userId: null, action, entityType });
const rowsOf = async (action: string) =>
  (await app.handle.db.select({ entityType: schema.auditLog.entityType }).from(schema.auditLog).where(eq(schema.auditLog.action, action))).map(
    (r) => r.entityType,
  );
const mailsTo = (recipient: string) => app.handle.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.recipient, recipient));
const mail = (to: string) => ({ to, subject: 'Předmět', text: 'Text', html: '<p>Text</p>' });

describe('inTransaction', () => {
  it('commits the write and runs its follow-ups after the commit, in the order they were registered', async () => {
    const { deps, events } = recordingDeps();
    const action = newAction();
    const to = uniqueEmail('uow');
    const result = await inTransaction(deps, async (tx, after) => {
      await write(tx, action);
      after.live((live) => live.toSchool('s1', { TierChangedMessage: { schoolId: 's1' } }));
      await after.mail('CONTACT', mail(to));
      after.live((live) => live.toSchool('s2', { TierChangedMessage: { schoolId: 's2' } }));
      expect(events).toEqual([]);
      return 'done';
    });
    expect(result).toBe('done');
    expect(events).toEqual(['live:TierChangedMessage:s1', 'wake', 'live:TierChangedMessage:s2']);
    expect(await rowsOf(action)).toEqual(['thing']);
    expect(await mailsTo(to)).toHaveLength(1);
  });

  it('on a rollback drops the write, the enqueued mail and every follow-up', async () => {
    const { deps, events } = recordingDeps();
    const action = newAction();
    const to = uniqueEmail('uow');
    await expect(
      inTransaction(deps, async (tx, after) => {
        await write(tx, action);
        await after.mail('CONTACT', mail(to));
        after.live((live) => live.toSchool('s1', { TierChangedMessage: { schoolId: 's1' } }));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(events).toEqual([]);
    expect(await rowsOf(action)).toEqual([]);
    expect(await mailsTo(to)).toHaveLength(0);
  });

  it('wakes the outbox once for several mails and not at all when the hourly limit wrote none', async () => {
    const { deps, events } = recordingDeps();
    const to = uniqueEmail('uow');
    await inTransaction(deps, async (_tx, after) => {
      expect(await after.mail('CONTACT', mail(to))).toBe(true);
      expect(await after.mail('CONTACT', mail(to))).toBe(true);
    });
    expect(events).toEqual(['wake']);
    events.length = 0;
    const limited = uniqueEmail('uow');
    await inTransaction(deps, async (_tx, after) => {
      for (let i = 0; i < 5; i++) await after.mail('RESET', mail(limited));
    });
    events.length = 0;
    await inTransaction(deps, async (_tx, after) => {
      expect(await after.mail('RESET', mail(limited))).toBe(false);
    });
    expect(events).toEqual([]);
  });

  it('lets a nested call join the outer transaction: its follow-ups wait for the outer commit and its write for the outer outcome', async () => {
    const { deps, events } = recordingDeps();
    const action = newAction();
    const inner = () =>
      inTransaction(deps, async (tx, after) => {
        await write(tx, action, 'inner');
        after.live((live) => live.toSchool('inner', { TierChangedMessage: { schoolId: 'inner' } }));
      });
    await inTransaction(deps, async (tx, after) => {
      after.live((live) => live.toSchool('outer-before', { TierChangedMessage: { schoolId: 'outer-before' } }));
      await inner();
      expect(events).toEqual([]);
      // The inner write is already visible inside the outer transaction.
      expect((await tx.select().from(schema.auditLog).where(eq(schema.auditLog.action, action))).length).toBe(1);
      after.live((live) => live.toSchool('outer-after', { TierChangedMessage: { schoolId: 'outer-after' } }));
      await write(tx, action, 'outer');
    });
    expect(events).toEqual(['live:TierChangedMessage:outer-before', 'live:TierChangedMessage:inner', 'live:TierChangedMessage:outer-after']);
    expect((await rowsOf(action)).sort()).toEqual(['inner', 'outer']);

    // The outer transaction fails after the inner call returned: the inner write and follow-ups go with it.
    const rolledBack = newAction();
    events.length = 0;
    await expect(
      inTransaction(deps, async (tx) => {
        await inTransaction(deps, async (innerTx, after) => {
          await write(innerTx, rolledBack, 'inner');
          after.live((live) => live.toSchool('inner', { TierChangedMessage: { schoolId: 'inner' } }));
        });
        await write(tx, rolledBack, 'outer');
        throw new Error('outer refused');
      }),
    ).rejects.toThrow('outer refused');
    expect(events).toEqual([]);
    expect(await rowsOf(rolledBack)).toEqual([]);
  });

  it('rolls back only a nested call that threw, and drops its follow-ups, when the outer call goes on', async () => {
    const { deps, events } = recordingDeps();
    const action = newAction();
    await inTransaction(deps, async (tx, after) => {
      await write(tx, action, 'outer');
      await inTransaction(deps, async (innerTx, innerAfter) => {
        await write(innerTx, action, 'inner');
        innerAfter.live((live) => live.toSchool('inner', { TierChangedMessage: { schoolId: 'inner' } }));
        throw new Error('inner refused');
      }).catch(() => {});
      after.live((live) => live.toSchool('outer', { TierChangedMessage: { schoolId: 'outer' } }));
    });
    expect(events).toEqual(['live:TierChangedMessage:outer']);
    expect(await rowsOf(action)).toEqual(['outer']);
  });

  it('logs a follow-up that throws, runs the next ones and still answers', async () => {
    const { deps, events, errors } = recordingDeps();
    const action = newAction();
    const result = await inTransaction(deps, async (tx, after) => {
      await write(tx, action);
      after.live(() => {
        throw new Error('socket gone');
      });
      after.live((live) => live.toSchool('s1', { TierChangedMessage: { schoolId: 's1' } }));
      return 42;
    });
    expect(result).toBe(42);
    expect(events).toEqual(['live:TierChangedMessage:s1']);
    expect(errors).toHaveLength(1);
    expect(String((errors[0] as { err: Error }).err)).toContain('socket gone');
    expect(await rowsOf(action)).toEqual(['thing']);
  });

  it('opens its own transaction once the unit that started it has ended', async () => {
    const { deps, events } = recordingDeps();
    const action = newAction();
    let late: Promise<void> | undefined;
    await inTransaction(deps, async () => {
      // Work that outlives its unit (never do this in a service) must not join a finished transaction.
      late = new Promise((resolve) => setTimeout(resolve, 20)).then(() =>
        inTransaction(deps, async (tx, after) => {
          await write(tx, action);
          after.live((live) => live.toSchool('late', { TierChangedMessage: { schoolId: 'late' } }));
        }),
      );
    });
    await late;
    expect(events).toEqual(['live:TierChangedMessage:late']);
    expect(await rowsOf(action)).toEqual(['thing']);
  });
});
