import type { DbOrTx } from '@volant/db/client';
import type { LoginInput } from '@volant/shared/user/inputs';
import { recordEvent } from '../../events/record.ts';
import { AppError } from '../../lib/app-error.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, hashToken, newToken, verifyPassword } from '../../lib/crypto.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { hasMailQuota, isUnderMailLimit, lockRecipient } from '../../mail/outbox.queries.ts';
import { accountExistsMail, passwordResetMail, registrationConfirmMail } from '../../mail/templates.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { createSession, revokeAllSessions, revokeSession } from '../../gate/session.queries.ts';
import {
  activateUser,
  closeEmailTokens,
  consumeEmailToken,
  emailTokenExists,
  findRegistrationState,
  findUserByEmail,
  insertEmailToken,
  insertResetTokenFor,
  insertUnconfirmedUser,
  setPassword,
  updatePendingRegistration,
} from './user.queries.ts';
import { isVisible, markNotificationRead } from '../notification/notification.queries.ts';

const CONFIRM_TTL_MS = 7 * 86_400_000;
const RESET_TTL_MS = 3_600_000;

export type LoginResult = { state: 'OK'; token: string } | { state: 'NOT_ACTIVATED' } | { state: 'INVALID_CREDENTIALS' };

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
  await inTransaction(deps, async (tx, after) => {
    await lockRecipient(tx, email);
    const existing = await findRegistrationState(tx, email);
    const isTaken = existing?.isActivated === true;
    // Over the hourly limit of mails to this address: the usual answer, and the pending registration stays as it was.
    if (!(await hasMailQuota(tx, isTaken ? 'ACCOUNT_EXISTS' : 'CONFIRM', email, now))) return;
    const registered = { firstName: input.firstName, lastName: input.lastName, phone: input.phone, passwordHash };
    const userId =
      (existing ? await updatePendingRegistration(tx, existing.id, registered, now) : await insertUnconfirmedUser(tx, email, registered)) ?? existing?.id;
    if (!userId) return;
    // Older confirmation links die: only the registration just made can be confirmed (none exist for a taken address).
    await closeEmailTokens(tx, userId, now, 'CONFIRM');
    if (isTaken) {
      await insertEmailToken(tx, { userId, kind: 'RESET', tokenHash: hashToken(code), expiresAt: new Date(now.getTime() + RESET_TTL_MS) });
      await after.mail('ACCOUNT_EXISTS', accountExistsMail(email, `${deps.config.publicUrl}/reset-password-confirm/${code}`));
    } else {
      await insertEmailToken(tx, { userId, kind: 'CONFIRM', tokenHash: hashToken(code), expiresAt: new Date(now.getTime() + CONFIRM_TTL_MS), ...registered });
      await after.mail('CONFIRM', registrationConfirmMail(email, input.firstName, `${deps.config.publicUrl}/email-confirm/${code}`));
    }
  });
  return { ok: true as const };
}

async function useEmailToken(db: DbOrTx, now: Date, code: string, kind: 'CONFIRM' | 'RESET') {
  const token = await consumeEmailToken(db, hashToken(code), kind, now);
  if (!token) throw new AppError('INVALID_CODE');
  return token;
}

export async function confirmEmail(deps: AppDeps, code: string) {
  const now = deps.now();
  return inTransaction(deps, async (tx, after) => {
    const token = await useEmailToken(tx, now, code, 'CONFIRM');
    const user = await activateUser(tx, token.userId, token, now);
    await closeEmailTokens(tx, token.userId, now, 'CONFIRM');
    await recordEvent(deps, tx, after, { name: 'user.confirmEmail', schoolId: null, userId: token.userId, entityType: 'user', entityId: token.userId });
    return { email: user.email };
  });
}

export async function login(deps: AppDeps, input: LoginInput): Promise<LoginResult> {
  const user = await findUserByEmail(deps.db, input.email);
  // Verify against a dummy hash for unknown e-mails: the same work and the same answer either way.
  const isValid = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!user || !isValid) return { state: 'INVALID_CREDENTIALS' };
  if (!user.isActivated) return { state: 'NOT_ACTIVATED' };
  const token = await inTransaction(deps, (tx) => createSession(tx, user.id, deps.now(), deps.config.sessionDays));
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
  await inTransaction(deps, async (tx, after) => {
    await lockRecipient(tx, email);
    await insertResetTokenFor(tx, email, tokenHash, new Date(now.getTime() + RESET_TTL_MS), isUnderMailLimit('RESET', email, now));
    await after.mail('RESET', passwordResetMail(email, `${deps.config.publicUrl}/reset-password-confirm/${code}`), emailTokenExists(tokenHash));
  });
  return { ok: true as const };
}

export async function resetPassword(deps: AppDeps, code: string, password: string) {
  const passwordHash = await hashPassword(password);
  const now = deps.now();
  await inTransaction(deps, async (tx, after) => {
    const { userId } = await useEmailToken(tx, now, code, 'RESET');
    await setPassword(tx, userId, passwordHash, now);
    // Every other code of the user dies with the reset: an older reset link, or a pending registration's confirmation
    // link, must not put another password in force afterwards.
    await closeEmailTokens(tx, userId, now);
    await revokeAllSessions(tx, userId, now);
    await after.invalidateSessions({ kind: 'user', userId });
    await recordEvent(deps, tx, after, { name: 'user.resetPassword', schoolId: null, userId, entityType: 'user', entityId: userId });
  });
  return { ok: true as const };
}

/** Ends this login on the server and closes its live sockets, which would otherwise keep receiving the school's news. */
export async function logout(deps: AppDeps, sessionId: string) {
  await inTransaction(deps, async (tx, after) => {
    await revokeSession(tx, sessionId, deps.now());
    await after.invalidateSessions({ kind: 'session', sessionId });
    after.live((live) => live.disconnectSession(sessionId));
  });
  return { ok: true as const };
}

export async function readNotification(deps: AppDeps, userId: string, id: string) {
  await inTransaction(deps, async (tx, after) => {
    if (!(await isVisible(tx, id, userId))) throw new AppError('NOT_FOUND');
    await markNotificationRead(tx, id, userId);
    after.live((live) => live.toUser(userId, { NotificationReadMessage: { id } }));
  });
  return { ok: true as const };
}
