import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import type { LoginInput } from '@volant/shared/validation';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, hashToken, newToken, verifyPassword } from '../../lib/crypto.ts';
import { passwordResetMail, registrationConfirmMail } from '../../mail/templates.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { createSession, revokeAllSessions } from './session.ts';

const { users, emailTokens } = schema;

const CONFIRM_TTL_MS = 7 * 86_400_000;
const RESET_TTL_MS = 3_600_000;

export type LoginResult = { state: 'OK'; token: string } | { state: 'NOT_ACTIVATED' } | { state: 'INVALID_CREDENTIALS' };

export async function findUserByEmail(deps: Pick<AppDeps, 'db'>, email: string) {
  const [user] = await deps.db.select().from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`).limit(1);
  return user;
}

async function issueEmailToken(deps: AppDeps, userId: string, kind: 'CONFIRM' | 'RESET') {
  const code = newToken();
  const ttl = kind === 'CONFIRM' ? CONFIRM_TTL_MS : RESET_TTL_MS;
  await deps.db.insert(emailTokens).values({ userId, kind, tokenHash: hashToken(code), expiresAt: new Date(deps.now().getTime() + ttl) });
  return code;
}

/** The same answer whether the e-mail is new or taken, so registration does not reveal accounts. */
export async function register(deps: AppDeps, input: { email: string; firstName: string; lastName: string; phone: string | null; password: string }) {
  const existing = await findUserByEmail(deps, input.email);
  if (existing) {
    if (!existing.isActivated) {
      const code = await issueEmailToken(deps, existing.id, 'CONFIRM');
      await deps.mailer.send(registrationConfirmMail(existing.email, existing.firstName, `${deps.config.publicUrl}/email-confirm/${code}`));
    }
    return { ok: true as const };
  }
  const passwordHash = await hashPassword(input.password);
  const [user] = await deps.db
    .insert(users)
    .values({ email: input.email, firstName: input.firstName, lastName: input.lastName, phone: input.phone, passwordHash })
    .onConflictDoNothing()
    .returning({ id: users.id, email: users.email, firstName: users.firstName });
  if (!user) return { ok: true as const };
  const code = await issueEmailToken(deps, user.id, 'CONFIRM');
  await deps.mailer.send(registrationConfirmMail(user.email, user.firstName, `${deps.config.publicUrl}/email-confirm/${code}`));
  return { ok: true as const };
}

async function consumeEmailToken(db: DbOrTx, now: Date, code: string, kind: 'CONFIRM' | 'RESET') {
  const [token] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.tokenHash, hashToken(code)), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)))
    .returning({ userId: emailTokens.userId });
  if (!token) throw new AppError('INVALID_CODE', 'NOT_FOUND');
  return token.userId;
}

export async function confirmEmail(deps: AppDeps, code: string) {
  const userId = await consumeEmailToken(deps.db, deps.now(), code, 'CONFIRM');
  const [user] = await deps.db.update(users).set({ isActivated: true, updatedAt: deps.now() }).where(eq(users.id, userId)).returning({ email: users.email });
  await audit(deps.db, { schoolId: null, userId, action: 'user.confirmEmail', entityType: 'user', entityId: userId });
  return { email: user.email };
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

export async function requestPasswordReset(deps: AppDeps, email: string) {
  const user = await findUserByEmail(deps, email);
  if (user) {
    const code = await issueEmailToken(deps, user.id, 'RESET');
    await deps.mailer.send(passwordResetMail(user.email, `${deps.config.publicUrl}/reset-password-confirm/${code}`));
  }
  return { ok: true as const };
}

export async function resetPassword(deps: AppDeps, code: string, password: string) {
  const passwordHash = await hashPassword(password);
  return deps.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, deps.now(), code, 'RESET');
    // Following the link proves the mailbox, so the account counts as confirmed too.
    await tx.update(users).set({ passwordHash, isActivated: true, updatedAt: deps.now() }).where(eq(users.id, userId));
    await revokeAllSessions(tx, userId, deps.now());
    await audit(tx, { schoolId: null, userId, action: 'user.resetPassword', entityType: 'user', entityId: userId });
    return { ok: true as const };
  });
}
