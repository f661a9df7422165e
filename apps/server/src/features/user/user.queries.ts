import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { FEATURE_FLAG_DEFAULTS } from '@volant/shared/enums';
import { and, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

const { users, emailTokens, featureFlags } = schema;

export async function getMe(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      role: users.role,
      activeSchoolId: users.activeSchoolId,
      // User settings the shell needs at once: where to land after login, the calendar's first view.
      landingPage: users.landingPage,
      calendarView: users.calendarView,
      schoolCount: sql<number>`(select count(*)::int from school_members m where m.user_id = "users"."id" and m.is_active)`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return undefined;
  const { schoolCount, ...user } = row;
  return { ...user, isAccountInitialized: schoolCount > 0 };
}

/**
 * The flags on for this user: a flag's default (FEATURE_FLAG_DEFAULTS), overridden by the row for everybody (no
 * user), overridden by the user's own row (which can switch a flag off for one user).
 */
export async function listFeatureFlags(db: DbOrTx, userId: string) {
  const rows = await db
    .select({ name: featureFlags.name, userId: featureFlags.userId, isEnabled: featureFlags.isEnabled })
    .from(featureFlags)
    .where(or(isNull(featureFlags.userId), eq(featureFlags.userId, userId)));
  const result = new Map<string, boolean>(Object.entries(FEATURE_FLAG_DEFAULTS));
  for (const r of rows.filter((r) => r.userId === null)) result.set(r.name, r.isEnabled);
  for (const r of rows.filter((r) => r.userId !== null)) result.set(r.name, r.isEnabled);
  return [...result].filter(([, on]) => on).map(([name]) => name);
}

/** Unread notifications meant for this user directly or for a school the user belongs to. */
export async function setActiveSchool(db: DbOrTx, userId: string, schoolId: string | null) {
  await db.update(users).set({ activeSchoolId: schoolId }).where(eq(users.id, userId));
}

// ——— accounts: registration, e-mail codes, passwords ———

const byEmail = (email: string) => sql`lower(${users.email}) = ${email.trim().toLowerCase()}`;

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [user] = await db.select().from(users).where(byEmail(email)).limit(1);
  return user;
}

export async function findUserIdByEmail(db: DbOrTx, email: string) {
  const [user] = await db.select({ id: users.id }).from(users).where(byEmail(email)).limit(1);
  return user?.id;
}

export async function findRegistrationState(db: DbOrTx, email: string) {
  const [user] = await db.select({ id: users.id, isActivated: users.isActivated }).from(users).where(byEmail(email)).limit(1);
  return user;
}

export interface Registration {
  firstName: string;
  lastName: string;
  phone: string | null;
  passwordHash: string;
}

/** Replaces the pending registration of an unconfirmed account; undefined once the account is confirmed. */
export async function updatePendingRegistration(db: DbOrTx, userId: string, registered: Registration, now: Date) {
  const [user] = await db
    .update(users)
    .set({ ...registered, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.isActivated, false)))
    .returning({ id: users.id });
  return user?.id;
}

/** A new unconfirmed account; undefined when the address was taken meanwhile. */
export async function insertUnconfirmedUser(db: DbOrTx, email: string, registered: Registration) {
  const [user] = await db
    .insert(users)
    .values({ email, ...registered })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return user?.id;
}

/** Kills the user's unused codes: of one kind, or all of them. */
export async function closeEmailTokens(db: DbOrTx, userId: string, now: Date, kind?: 'CONFIRM' | 'RESET') {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), kind ? eq(emailTokens.kind, kind) : undefined, isNull(emailTokens.usedAt)));
}

export async function insertEmailToken(db: DbOrTx, values: typeof emailTokens.$inferInsert) {
  await db.insert(emailTokens).values(values);
}

/** Marks a live code of the kind used and returns what it carries; undefined when unknown, used or expired. */
export async function consumeEmailToken(db: DbOrTx, tokenHash: string, kind: 'CONFIRM' | 'RESET', now: Date) {
  const [token] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)))
    .returning({
      userId: emailTokens.userId,
      passwordHash: emailTokens.passwordHash,
      firstName: emailTokens.firstName,
      lastName: emailTokens.lastName,
      phone: emailTokens.phone,
    });
  return token;
}

/** The registered value while the account is unconfirmed; a confirmed account keeps what it has. */
function unlessActivated(column: AnyPgColumn, registered: string | null) {
  return sql`case when ${users.isActivated} then ${column} else ${registered} end`;
}

/**
 * Confirms the account. A registration's payload (from its CONFIRM code) is put in force only while the account is
 * unconfirmed; a code without one (issued before registrations carried it) only activates.
 */
export async function activateUser(db: DbOrTx, userId: string, registered: { [K in keyof Registration]: Registration[K] | null }, now: Date) {
  const values = registered.passwordHash
    ? {
        passwordHash: unlessActivated(users.passwordHash, registered.passwordHash),
        firstName: unlessActivated(users.firstName, registered.firstName),
        lastName: unlessActivated(users.lastName, registered.lastName),
        phone: unlessActivated(users.phone, registered.phone),
      }
    : {};
  const [user] = await db
    .update(users)
    .set({ ...values, isActivated: true, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  return user;
}

/**
 * A RESET code for the address's account, written by a statement that selects the user, so an unknown address (or
 * one over its hourly limit, `allowed`) writes no row at the same cost.
 */
export async function insertResetTokenFor(db: DbOrTx, email: string, tokenHash: string, expiresAt: Date, allowed: SQL) {
  await db.execute(sql`
    insert into ${emailTokens} (user_id, kind, token_hash, expires_at)
    select ${users.id}, 'RESET', ${tokenHash}, ${expiresAt.toISOString()}::timestamptz from ${users}
    where ${byEmail(email)} and ${allowed}`);
}

/** SQL that holds once a code with this hash exists (in the same transaction). */
export const emailTokenExists = (tokenHash: string) => sql`exists (select 1 from ${emailTokens} where ${emailTokens.tokenHash} = ${tokenHash})`;

/** Following a reset link proves the mailbox, so the account counts as confirmed too. */
export async function setPassword(db: DbOrTx, userId: string, passwordHash: string, now: Date) {
  await db.update(users).set({ passwordHash, isActivated: true, updatedAt: now }).where(eq(users.id, userId));
}
