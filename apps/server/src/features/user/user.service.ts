import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import type { LoginInput } from '@volant/shared/validation';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, hashToken, newToken, verifyPassword } from '../../lib/crypto.ts';
import { enqueueMail, hasMailQuota, isUnderMailLimit, lockRecipient } from '../../mail/outbox.queries.ts';
import { accountExistsMail, passwordResetMail, registrationConfirmMail } from '../../mail/templates.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { createSession, revokeAllSessions } from './session.queries.ts';

const { users, emailTokens } = schema;

const CONFIRM_TTL_MS = 7 * 86_400_000;
const RESET_TTL_MS = 3_600_000;

export type LoginResult = { state: 'OK'; token: string } | { state: 'NOT_ACTIVATED' } | { state: 'INVALID_CREDENTIALS' };

export async function findUserByEmail(deps: Pick<AppDeps, 'db'>, email: string) {
  const [user] = await deps.db.select().from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`).limit(1);
  return user;
}

/**
 * The same work and the same answer whether the address is new, registered but unconfirmed, or taken, so neither the
 * answer nor its timing reveals accounts: the password is always hashed, the same statements run, a token and a mail
 * row are always written, and no mail is sent inside the request.
 *
 * A registration lives on its CONFIRM token (password hash and names): confirming that link puts exactly them in
 * force, and registering again replaces the pending registration, so whoever registered an address first cannot keep
 * the account once the mailbox owner registers and confirms. A taken address changes nothing; its owner is told.
 */
export async function register(deps: AppDeps, input: { email: string; firstName: string; lastName: string; phone: string | null; password: string }) {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const code = newToken();
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await lockRecipient(tx, email);
    const [existing] = await tx.select({ id: users.id, isActivated: users.isActivated }).from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
    const isTaken = existing?.isActivated === true;
    // Over the hourly limit of mails to this address: the usual answer, and the pending registration stays as it was.
    if (!(await hasMailQuota(tx, isTaken ? 'ACCOUNT_EXISTS' : 'CONFIRM', email, now))) return;
    const registered = { firstName: input.firstName, lastName: input.lastName, phone: input.phone, passwordHash };
    const [user] = existing
      ? await tx
          .update(users)
          .set({ ...registered, updatedAt: now })
          .where(and(eq(users.id, existing.id), eq(users.isActivated, false)))
          .returning({ id: users.id })
      : await tx
          .insert(users)
          .values({ email, ...registered })
          .onConflictDoNothing()
          .returning({ id: users.id });
    const userId = user?.id ?? existing?.id;
    if (!userId) return;
    // Older confirmation links die: only the registration just made can be confirmed (none exist for a taken address).
    await tx
      .update(emailTokens)
      .set({ usedAt: now })
      .where(and(eq(emailTokens.userId, userId), eq(emailTokens.kind, 'CONFIRM'), isNull(emailTokens.usedAt)));
    if (isTaken) {
      await tx.insert(emailTokens).values({ userId, kind: 'RESET', tokenHash: hashToken(code), expiresAt: new Date(now.getTime() + RESET_TTL_MS) });
      await enqueueMail(tx, 'ACCOUNT_EXISTS', accountExistsMail(email, `${deps.config.publicUrl}/reset-password-confirm/${code}`), now);
    } else {
      await tx
        .insert(emailTokens)
        .values({ userId, kind: 'CONFIRM', tokenHash: hashToken(code), expiresAt: new Date(now.getTime() + CONFIRM_TTL_MS), ...registered });
      await enqueueMail(tx, 'CONFIRM', registrationConfirmMail(email, input.firstName, `${deps.config.publicUrl}/email-confirm/${code}`), now);
    }
  });
  deps.outbox.wake();
  return { ok: true as const };
}

async function consumeEmailToken(db: DbOrTx, now: Date, code: string, kind: 'CONFIRM' | 'RESET') {
  const [token] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.tokenHash, hashToken(code)), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)))
    .returning({
      userId: emailTokens.userId,
      passwordHash: emailTokens.passwordHash,
      firstName: emailTokens.firstName,
      lastName: emailTokens.lastName,
      phone: emailTokens.phone,
    });
  if (!token) throw new AppError('INVALID_CODE', 'NOT_FOUND');
  return token;
}

/** The registered value while the account is unconfirmed; a confirmed account keeps what it has. */
function unlessActivated(column: AnyPgColumn, registered: string | null) {
  return sql`case when ${users.isActivated} then ${column} else ${registered} end`;
}

export async function confirmEmail(deps: AppDeps, code: string) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const token = await consumeEmailToken(tx, now, code, 'CONFIRM');
    // Links issued before registrations carried their payload have none: they only activate.
    const registered = token.passwordHash
      ? {
          passwordHash: unlessActivated(users.passwordHash, token.passwordHash),
          firstName: unlessActivated(users.firstName, token.firstName),
          lastName: unlessActivated(users.lastName, token.lastName),
          phone: unlessActivated(users.phone, token.phone),
        }
      : {};
    const [user] = await tx
      .update(users)
      .set({ ...registered, isActivated: true, updatedAt: now })
      .where(eq(users.id, token.userId))
      .returning({ email: users.email });
    await tx
      .update(emailTokens)
      .set({ usedAt: now })
      .where(and(eq(emailTokens.userId, token.userId), eq(emailTokens.kind, 'CONFIRM'), isNull(emailTokens.usedAt)));
    await audit(tx, { schoolId: null, userId: token.userId, action: 'user.confirmEmail', entityType: 'user', entityId: token.userId });
    return { email: user.email };
  });
}

export async function login(deps: AppDeps, input: LoginInput): Promise<LoginResult> {
  const user = await findUserByEmail(deps, input.email);
  // Verify against a dummy hash for unknown e-mails: the same work and the same answer either way.
  const isValid = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!user || !isValid) return { state: 'INVALID_CREDENTIALS' };
  if (!user.isActivated) return { state: 'NOT_ACTIVATED' };
  const token = await createSession(deps.db, user.id, deps.now(), deps.config.sessionDays);
  return { state: 'OK', token };
}

/**
 * The same statements whether or not the address has an account (or is over its hourly limit): the token and the mail
 * are inserted by statements that select the user, so an unknown address writes zero rows at the same cost.
 */
export async function requestPasswordReset(deps: AppDeps, rawEmail: string) {
  const email = rawEmail.trim().toLowerCase();
  const code = newToken();
  const tokenHash = hashToken(code);
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + RESET_TTL_MS).toISOString();
  await deps.db.transaction(async (tx) => {
    await lockRecipient(tx, email);
    await tx.execute(sql`
      insert into ${emailTokens} (user_id, kind, token_hash, expires_at)
      select ${users.id}, 'RESET', ${tokenHash}, ${expiresAt}::timestamptz from ${users}
      where lower(${users.email}) = ${email} and ${isUnderMailLimit('RESET', email, now)}`);
    await enqueueMail(
      tx,
      'RESET',
      passwordResetMail(email, `${deps.config.publicUrl}/reset-password-confirm/${code}`),
      now,
      sql`exists (select 1 from ${emailTokens} where ${emailTokens.tokenHash} = ${tokenHash})`,
    );
  });
  deps.outbox.wake();
  return { ok: true as const };
}

export async function resetPassword(deps: AppDeps, code: string, password: string) {
  const passwordHash = await hashPassword(password);
  const now = deps.now();
  const userId = await deps.db.transaction(async (tx) => {
    const { userId } = await consumeEmailToken(tx, now, code, 'RESET');
    // Following the link proves the mailbox, so the account counts as confirmed too.
    await tx.update(users).set({ passwordHash, isActivated: true, updatedAt: now }).where(eq(users.id, userId));
    // Every other code of the user dies with the reset: an older reset link, or a pending registration's confirmation
    // link, must not put another password in force afterwards.
    await tx
      .update(emailTokens)
      .set({ usedAt: now })
      .where(and(eq(emailTokens.userId, userId), isNull(emailTokens.usedAt)));
    await revokeAllSessions(tx, userId, now);
    await audit(tx, { schoolId: null, userId, action: 'user.resetPassword', entityType: 'user', entityId: userId });
    return userId;
  });
  deps.live.disconnectUser(userId);
  return { ok: true as const };
}
