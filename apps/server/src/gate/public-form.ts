// The public application form's gate: an applicant has no session, and what they may act for is the school of a form
// that exists, of a school that is not blocked. The form's row proves that school.
import type { DbOrTx } from '@volant/db/client';
import { findPublicForm } from '../features/application-form/application-form.queries.ts';
import { proveSchoolId } from '../lib/tenant.ts';

/** The form with its school's details and the school's id proven by it; undefined for no form or a blocked school. */
export async function openPublicForm(db: DbOrTx, formId: string) {
  const found = await findPublicForm(db, formId);
  if (!found || found.schoolIsBlocked) return undefined;
  return { ...found, schoolId: proveSchoolId(found.form.schoolId) };
}
