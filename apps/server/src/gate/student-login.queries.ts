// The statements of the student's sign-in (/zak, issue 19 §1): who may sign in with an address, and the single-use
// links (schema student_login_links: the token's hash only).
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { STUDENT_LINKS_PER_15_MIN } from '@volant/shared/student-portal/access';
import { and, asc, desc, eq, gt, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';

const { students, schools, studentLoginLinks } = schema;

/** What makes a student one who may sign in: access granted, not removed, not cancelled, this address. */
const mayLogIn = (email: string) =>
  and(sql`lower(${students.email}) = ${email}`, isNotNull(students.portalInvitedAt), isNull(students.removedAt), ne(students.state, 'STORNO'));

/** The students an address signs in as, one per school (the latest invited), by the school's name. */
export async function findStudentsByEmail(db: DbOrTx, email: string) {
  const rows = await db
    .select({ schoolId: students.schoolId, studentId: students.id, schoolName: schools.name })
    .from(students)
    .innerJoin(schools, eq(schools.id, students.schoolId))
    .where(mayLogIn(email))
    .orderBy(asc(schools.name), asc(students.schoolId), desc(students.portalInvitedAt));
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.schoolId) && seen.add(r.schoolId));
}

const FIFTEEN_MIN_MS = 15 * 60_000;

/**
 * Writes a sign-in link for `email` in one statement whether or not the address may sign in: the row is written only
 * when a student with access has it and the address got fewer than STUDENT_LINKS_PER_15_MIN links in 15 minutes.
 */
export async function insertLinkFor(tx: DbOrTx, email: string, tokenHash: string, now: Date, expiresAt: Date) {
  const since = new Date(now.getTime() - FIFTEEN_MIN_MS).toISOString();
  await tx.execute(sql`
    insert into ${studentLoginLinks} (kind, email, token_hash, created_at, expires_at)
    select 'LINK', ${email}, ${tokenHash}, ${now.toISOString()}::timestamptz, ${expiresAt.toISOString()}::timestamptz
    where exists (select 1 from ${students} where ${mayLogIn(email)})
      and (select count(*) from ${studentLoginLinks} where ${studentLoginLinks.email} = ${email} and ${studentLoginLinks.kind} = 'LINK'
           and ${studentLoginLinks.createdAt} > ${since}::timestamptz) < ${STUDENT_LINKS_PER_15_MIN}`);
}

/** SQL that holds once the link of this hash was written (the mail goes only then). */
export const linkExists = (tokenHash: string): SQL => sql`exists (select 1 from ${studentLoginLinks} where ${studentLoginLinks.tokenHash} = ${tokenHash})`;

export async function insertChoice(tx: DbOrTx, email: string, tokenHash: string, now: Date, expiresAt: Date) {
  await tx.insert(studentLoginLinks).values({ kind: 'CHOICE', email, tokenHash, createdAt: now, expiresAt });
}

/** Uses a link (or a choice) once: the address it was for, or null when unknown, used or expired. */
export async function consumeLink(tx: DbOrTx, tokenHash: string, kind: 'LINK' | 'CHOICE', now: Date) {
  const [row] = await tx
    .update(studentLoginLinks)
    .set({ usedAt: now })
    .where(
      and(eq(studentLoginLinks.tokenHash, tokenHash), eq(studentLoginLinks.kind, kind), isNull(studentLoginLinks.usedAt), gt(studentLoginLinks.expiresAt, now)),
    )
    .returning({ email: studentLoginLinks.email });
  return row ?? null;
}

export async function markSignedIn(tx: DbOrTx, schoolId: string, studentId: string, now: Date) {
  await tx
    .update(students)
    .set({ portalLastSignInAt: now })
    .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId)));
}
