// Who is a platform operator (users.role ADMIN; nobody is one by default: `npm run operator` names them), and the
// statements of the operator's tools.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import type { FeatureFlag, Tier } from '@volant/shared/enums';
import { and, asc, eq, ilike, isNull, or, sql } from 'drizzle-orm';

const { users, schools, notifications, featureFlags } = schema;

const byEmail = (email: string) => sql`lower(${users.email}) = ${email.trim().toLowerCase()}`;

export async function findUserForOperator(db: DbOrTx, email: string) {
  const [row] = await db.select({ id: users.id, role: users.role, isActivated: users.isActivated }).from(users).where(byEmail(email)).limit(1);
  return row;
}

/** A new, confirmed operator account (the password is the one-time password the command prints). */
export async function insertOperator(db: DbOrTx, email: string, passwordHash: string) {
  const [row] = await db
    .insert(users)
    .values({ email: email.trim().toLowerCase(), firstName: 'Provozovatel', lastName: 'Volant', passwordHash, isActivated: true, role: 'ADMIN' })
    .returning({ id: users.id });
  return row;
}

export async function setOperatorRole(db: DbOrTx, email: string, isOperator: boolean) {
  const rows = await db
    .update(users)
    .set({ role: isOperator ? 'ADMIN' : 'USER', updatedAt: new Date() })
    .where(byEmail(email))
    .returning({ id: users.id });
  return rows.length > 0;
}

export function listOperators(db: DbOrTx) {
  return db
    .select({ email: users.email, isActivated: users.isActivated, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.role, 'ADMIN'))
    .orderBy(asc(users.email));
}

// ——— the operator's tools ———

export function listAllSchools(db: DbOrTx) {
  return db.select({ id: schools.id, name: schools.name, tier: schools.tier, isBlocked: schools.isBlocked }).from(schools).orderBy(asc(schools.name));
}

/** Blocks or unblocks any school, or changes its tier; returns its id, or undefined when there is no such school. */
export async function updateSchoolStatus(db: DbOrTx, schoolId: string, values: { isBlocked: boolean } | { tier: Tier }) {
  const [row] = await db.update(schools).set(values).where(eq(schools.id, schoolId)).returning({ id: schools.id });
  return row?.id;
}

export async function insertNotification(db: DbOrTx, values: typeof notifications.$inferInsert) {
  const [row] = await db.insert(notifications).values(values).returning({ id: notifications.id });
  return row.id;
}

/** The flag's one row for everybody (no user) or for one user, replaced. */
export async function replaceFeatureFlag(db: DbOrTx, name: FeatureFlag, userId: string | null, isEnabled: boolean) {
  await db.delete(featureFlags).where(and(eq(featureFlags.name, name), userId ? eq(featureFlags.userId, userId) : isNull(featureFlags.userId)));
  await db.insert(featureFlags).values({ name, userId, isEnabled });
}

/** Every feature-flag row, with the user's e-mail for a per-user one (the Debug page's 'Funkce' panel). */
export function listFeatureFlagRows(db: DbOrTx) {
  return db
    .select({ name: featureFlags.name, userId: featureFlags.userId, email: users.email, isEnabled: featureFlags.isEnabled })
    .from(featureFlags)
    .leftJoin(users, eq(users.id, featureFlags.userId))
    .orderBy(featureFlags.name, users.email);
}

/** Users whose e-mail or name contains the text (at most 10), for picking whom a flag is for. */
export function findUsersByText(db: DbOrTx, text: string) {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(or(ilike(users.email, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern)))
    .orderBy(users.email)
    .limit(10);
}
