// 'Přístup žáka' → 'Pozvat žáka' / 'Zrušit přístup' (issue 19 §1): the office gives a student with an e-mail access to
// 'Můj výcvik' (/zak) and takes it away; taking it away ends every session of the student at once.
import { recordEvent } from '../../events/record.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { revokeAllStudentSessions } from '../../gate/student-session.queries.ts';
import { studentInviteMail } from '../../mail/templates.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { findAccess, setInvitedAt } from './student-access.queries.ts';

const studentNotFound = () => new AppError('STUDENT_NOT_FOUND');

/** The card's section: the address, when the student was invited (null: no access) and last signed in. */
export async function getAccess(deps: AppDeps, schoolId: SchoolId, studentId: string) {
  const row = await findAccess(deps.db, schoolId, studentId);
  if (!row) throw studentNotFound();
  return { email: row.email, invitedAt: row.invitedAt, lastSignInAt: row.lastSignInAt };
}

/** 'Pozvat žáka' (again: a new mail): access from now, and a mail to the student's address with the way in. */
export async function inviteStudent(deps: AppDeps, schoolId: SchoolId, userId: string, studentId: string) {
  return inTransaction(deps, async (tx, after) => {
    const row = await findAccess(tx, schoolId, studentId);
    if (!row) throw studentNotFound();
    const email = row.email?.trim().toLowerCase();
    if (!email) throw new AppError('STUDENT_ACCESS_NO_EMAIL');
    if (row.state === 'STORNO') throw new AppError('STUDENT_ACCESS_STORNO');
    const now = deps.now();
    await setInvitedAt(tx, schoolId, studentId, now);
    const url = `${deps.config.publicUrl}/zak?email=${encodeURIComponent(email)}`;
    const written = await after.mail('STUDENT_INVITE', studentInviteMail(email, { schoolName: row.schoolName, firstName: row.firstName, url }));
    if (!written) throw new AppError('RATE_LIMITED');
    await recordEvent(deps, tx, after, { name: 'student.portalInvite', schoolId, userId, entityType: 'student', entityId: studentId, data: { email } });
    return { email, invitedAt: now, lastSignInAt: row.lastSignInAt };
  });
}

/** 'Zrušit přístup': no more links, and every session of the student ends now. */
export async function revokeStudentAccess(deps: AppDeps, schoolId: SchoolId, userId: string, studentId: string) {
  return inTransaction(deps, async (tx, after) => {
    const row = await findAccess(tx, schoolId, studentId);
    if (!row) throw studentNotFound();
    const now = deps.now();
    await setInvitedAt(tx, schoolId, studentId, null);
    await revokeAllStudentSessions(tx, schoolId, studentId, now);
    await recordEvent(deps, tx, after, { name: 'student.portalRevoke', schoolId, userId, entityType: 'student', entityId: studentId });
    return { email: row.email, invitedAt: null, lastSignInAt: row.lastSignInAt };
  });
}
