// Who is a platform operator (users.role ADMIN). Nobody is one by default: `npm run operator` names them.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { asc, eq, sql } from 'drizzle-orm';

const { users } = schema;

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
