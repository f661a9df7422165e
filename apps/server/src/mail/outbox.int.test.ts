// Mail leaves through mail_outbox: an SMTP outage loses nothing and delays no answer, and no address can be flooded.
import { schema } from '@volant/db/schema';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, getTestApp, setupSchool, type TestApp, uniqueEmail } from '../testing/harness.ts';
import { appRouter } from '../app-router.ts';
import type { AppDeps } from '../trpc/context.ts';
import { createCallerFactory } from '../trpc/init.ts';
import { createJobRunner, JOB_POLL_MS } from '../jobs/runner.ts';
import { MAIL_JOB, mailJob } from './mail.jobs.ts';
import type { MailMessage } from './mailer.ts';
import { createMailOutbox } from './outbox.ts';
import { MAILS_PER_HOUR } from './outbox.queries.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const createCaller = createCallerFactory(appRouter);
const quiet = { warn() {}, error() {} };

/** An anonymous caller whose mail goes through `outbox` instead of the harness's. */
function anonymousWith(outbox: AppDeps['outbox']) {
  return createCaller({ ...app.deps, outbox, ip: '127.0.0.1', token: null, session: null });
}

function rowsTo(recipient: string) {
  return app.handle.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.recipient, recipient));
}

describe('mail outbox', () => {
  it('keeps a mail that SMTP refused and sends it on a later drain', async () => {
    await app.outbox(); // nothing of earlier tests left due
    const user = await createUser(app);
    let smtpUp = false;
    const sent: MailMessage[] = [];
    const mailer = {
      outboxDir: null,
      async send(m: MailMessage) {
        if (!smtpUp) throw new Error('connect ECONNREFUSED 127.0.0.1:587');
        sent.push(m);
      },
    };
    let clock = new Date();
    const outbox = createMailOutbox({ db: app.handle.db, mailer, log: quiet, now: () => clock });

    expect(await anonymousWith(outbox).user.requestPasswordReset({ email: user.email })).toEqual({ ok: true });
    clock = new Date();
    await outbox.drain();
    const [failed] = await rowsTo(user.email);
    expect(failed).toMatchObject({ kind: 'RESET', sentAt: null, attempts: 1, lastError: 'connect ECONNREFUSED 127.0.0.1:587' });
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(clock.getTime());

    // Not retried before its back-off is over, sent once it is and SMTP is back.
    smtpUp = true;
    await outbox.drain();
    expect(sent).toHaveLength(0);
    clock = new Date(clock.getTime() + 60_000);
    await outbox.drain();
    expect(sent.map((m) => m.to)).toEqual([user.email]);
    expect(sent[0].text).toContain('/reset-password-confirm/');
    const [done] = await rowsTo(user.email);
    expect(done).toMatchObject({ sentAt: clock, attempts: 2 });
    await outbox.stop();
  });

  it('answers without waiting for SMTP, and the job runner sends right after the commit', async () => {
    await app.outbox();
    let release = () => {};
    const started: string[] = [];
    let sendStartedAt = 0;
    const mailer = {
      outboxDir: null,
      send: (m: MailMessage) =>
        new Promise<void>((resolve) => {
          sendStartedAt = performance.now();
          started.push(m.to);
          release = resolve;
        }),
    };
    // The server's wiring (server.ts): the outbox's wake-up queues a `mail.send` job that this instance's worker runs.
    const jobs = createJobRunner({ handle: app.handle, log: { ...quiet, info() {} }, work: true });
    const outbox = createMailOutbox({ db: app.handle.db, mailer, log: quiet, schedule: (at) => jobs.wake(MAIL_JOB, at) });
    jobs.define(mailJob(outbox));
    await jobs.start();
    const email = uniqueEmail('slow-smtp');
    const start = performance.now();
    await anonymousWith(outbox).user.register({ email, firstName: 'Jana', lastName: 'Nováková', phone: '', password: 'tajne-heslo!' });
    const answeredAt = performance.now();
    expect(answeredAt - start).toBeLessThan(1_000);
    // The answer came first; the job woken by the commit is now stuck in SMTP, well before a poll would have found it.
    await vi.waitFor(() => expect(started).toEqual([email]), { timeout: 5_000, interval: 10 });
    expect(sendStartedAt - answeredAt).toBeLessThan(JOB_POLL_MS);
    const [row] = await rowsTo(email);
    expect(row.sentAt).toBeNull();
    release();
    await jobs.stop();
    await outbox.stop();
    const [after] = await rowsTo(email);
    expect(after.sentAt).not.toBeNull();
  });

  it('twenty reset requests for one address write at most five mails, with the same answer each time', async () => {
    const user = await createUser(app);
    const answers = new Set<string>();
    for (let i = 0; i < 20; i++) answers.add(JSON.stringify(await app.anonymous.user.requestPasswordReset({ email: user.email })));
    expect([...answers]).toEqual([JSON.stringify({ ok: true })]);
    expect(await rowsTo(user.email)).toHaveLength(MAILS_PER_HOUR.RESET as number);
    const tokens = await app.handle.db
      .select()
      .from(schema.emailTokens)
      .where(and(eq(schema.emailTokens.userId, user.id), eq(schema.emailTokens.kind, 'RESET')));
    expect(tokens).toHaveLength(5);
    expect((await app.outbox()).filter((m) => m.text.includes(`To: ${user.email}`))).toHaveLength(5);
  });

  it('twenty registrations of one address write at most five confirmation mails, and the last link sent still works', async () => {
    const email = uniqueEmail('bomb');
    for (let i = 0; i < 20; i++) {
      expect(await app.anonymous.user.register({ email, firstName: 'Jana', lastName: 'Nováková', phone: '', password: `heslo-${i}!` })).toEqual({
        ok: true,
      });
    }
    expect(await rowsTo(email)).toHaveLength(5);
    const mails = (await app.outbox()).filter((m) => m.text.includes(`To: ${email}`));
    const code = /email-confirm\/([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text.replace(/=\r?\n/g, '') ?? '')?.[1] as string;
    await app.anonymous.user.confirmEmail({ code });
    // The fifth registration is the one in force: the ones over the limit did not replace it.
    expect((await app.anonymous.user.loginUser({ email, password: 'heslo-4!' })).state).toBe('OK');
  });

  it('invite mails to one address are limited too, while the invite itself still waits in the account', async () => {
    const invitee = await createUser(app);
    const { schoolId, caller } = await setupSchool(app);
    const { id } = await caller.school.inviteMember({ schoolId, email: invitee.email, role: 'TEACHER' });
    for (let i = 0; i < 10; i++) expect(await caller.school.resendInvite({ schoolId, inviteId: id })).toEqual({ ok: true });
    expect(await rowsTo(invitee.email)).toHaveLength(MAILS_PER_HOUR.INVITE as number);
    const other = await setupSchool(app);
    await other.caller.school.inviteMember({ schoolId: other.schoolId, email: invitee.email, role: 'TEACHER' });
    expect(await rowsTo(invitee.email)).toHaveLength(5);
    const inviteeCaller = await app.callerFor(invitee.id);
    expect((await inviteeCaller.schoolInvite.getUnusedInvites()).map((i) => i.schoolId).sort()).toEqual([schoolId, other.schoolId].sort());
  });
});
