// The tenant proof for work the app gave itself (docs/decisions/0005-student-rung.md): a job's payload is written only
// by the app's own processors after a proven write (events/processors.ts → after.job), and a row read from the
// database names its own school. Reminders (features/reminders) prove their school here, as the PDF jobs do in
// pdf/jobs.ts, never from a caller's input.
import { proveSchoolId, type SchoolId } from '../lib/tenant.ts';

/** The school of a job the app queued itself, or of a row it just read (the row's own school_id). */
export const schoolOfOwnWork = (schoolId: string): SchoolId => proveSchoolId(schoolId);
