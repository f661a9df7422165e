// The student's sign-in to 'Můj výcvik' (/zak, issue 19 §1; docs/decisions/0013-student-access.md): an e-mailed
// single-use link, 15 minutes, in the URL's fragment (/zak/prihlaseni#<token>), so the token reaches no server log;
// using it opens a student session (gate/student-session.queries.ts). An address with access in several schools gets a
// choice token instead, which only the holder of the link has, and picks the school with it.
import { STUDENT_CHOICE_MINUTES, STUDENT_LINK_MINUTES, STUDENT_LOGIN_TEXTS, STUDENT_SESSION_DAYS } from '@volant/shared/student-portal/access';
import type { DbOrTx } from '@volant/db/client';
import { recordEvent } from '../events/record.ts';
import { AppError } from '../lib/app-error.ts';
import { hashToken, newToken } from '../lib/crypto.ts';
import { proveStudent } from '../lib/tenant.ts';
import { type After, inTransaction } from '../lib/unit-of-work.ts';
import { lockRecipient } from '../mail/outbox.queries.ts';
import { studentLoginMail } from '../mail/templates.ts';
import type { AppDeps } from '../trpc/context.ts';
import { consumeLink, findStudentsByEmail, insertChoice, insertLinkFor, linkExists, markSignedIn } from './student-login.queries.ts';
import { createStudentSession, revokeStudentSession } from './student-session.queries.ts';

const MINUTE_MS = 60_000;

/**
 * 'Poslat přihlašovací odkaz': the same statements and the same answer whether or not the address may sign in, and
 * whether or not it is over its limit of links; the mail goes only when the link was written.
 */
export async function requestStudentLink(deps: AppDeps, email: string) {
  const token = newToken();
  const tokenHash = hashToken(token);
  const now = deps.now();
  await inTransaction(deps, async (tx, after) => {
    await lockRecipient(tx, email);
    const schools = await findStudentsByEmail(tx, email);
    await insertLinkFor(tx, email, tokenHash, now, new Date(now.getTime() + STUDENT_LINK_MINUTES * MINUTE_MS));
    const url = `${deps.config.publicUrl}/zak/prihlaseni#${token}`;
    await after.mail(
      'STUDENT_LOGIN',
      studentLoginMail(
        email,
        schools.map((s) => s.schoolName),
        url,
      ),
      linkExists(tokenHash),
    );
  });
  return { message: STUDENT_LOGIN_TEXTS.sent };
}

const invalid = () => new AppError('STUDENT_LINK_INVALID');

async function openSession(deps: AppDeps, tx: DbOrTx, after: After, found: { schoolId: string; studentId: string }, now: Date) {
  const student = proveStudent(found.schoolId, found.studentId);
  const token = await createStudentSession(tx, student.schoolId, student.studentId, now, STUDENT_SESSION_DAYS);
  await markSignedIn(tx, student.schoolId, student.studentId, now);
  await recordEvent(deps, tx, after, {
    name: 'student.portalSignIn',
    schoolId: student.schoolId,
    userId: null,
    entityType: 'student',
    entityId: student.studentId,
  });
  return token;
}

export type StudentSignIn =
  | { state: 'SIGNED_IN'; token: string }
  | { state: 'CHOOSE'; choiceToken: string; schools: { schoolId: string; schoolName: string }[] };

/** Uses the link once: a session, or (several schools) a choice token with the schools to pick from. */
export async function signInStudent(deps: AppDeps, token: string): Promise<StudentSignIn> {
  const now = deps.now();
  return inTransaction(deps, async (tx, after) => {
    const link = await consumeLink(tx, hashToken(token), 'LINK', now);
    if (!link) throw invalid();
    const found = await findStudentsByEmail(tx, link.email);
    // Access revoked (or the student left) since the link was sent.
    if (found.length === 0) throw invalid();
    if (found.length === 1) return { state: 'SIGNED_IN', token: await openSession(deps, tx, after, found[0], now) };
    const choiceToken = newToken();
    await insertChoice(tx, link.email, hashToken(choiceToken), now, new Date(now.getTime() + STUDENT_CHOICE_MINUTES * MINUTE_MS));
    return { state: 'CHOOSE', choiceToken, schools: found.map(({ schoolId, schoolName }) => ({ schoolId, schoolName })) };
  });
}

/** The school picked with the choice token (used once): a session of the address's student there. */
export async function chooseStudentSchool(deps: AppDeps, choiceToken: string, schoolId: string) {
  const now = deps.now();
  return inTransaction(deps, async (tx, after) => {
    const choice = await consumeLink(tx, hashToken(choiceToken), 'CHOICE', now);
    if (!choice) throw invalid();
    const found = (await findStudentsByEmail(tx, choice.email)).find((s) => s.schoolId === schoolId);
    if (!found) throw invalid();
    return { token: await openSession(deps, tx, after, found, now) };
  });
}

/** 'Odhlásit se': ends this session. */
export async function logoutStudent(deps: AppDeps, sessionId: string) {
  await inTransaction(deps, (tx) => revokeStudentSession(tx, sessionId, deps.now()));
  return { ok: true as const };
}
