// The student's own portal: what a student sees of themselves through their own session (the student rung).
import { AppError } from '../../lib/app-error.ts';
import type { ProvenStudent } from '../../lib/tenant.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { findPortalStudent } from './student-portal.queries.ts';

/** The header of 'Můj výcvik': the student's name, registration number and school. */
export async function getMe(deps: AppDeps, student: ProvenStudent) {
  const me = await findPortalStudent(deps.db, student);
  // Removed since the rung read the session (the same statement's moment later): as a student that does not exist.
  if (!me) throw new AppError('STUDENT_NOT_FOUND');
  return me;
}
