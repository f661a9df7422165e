// The member's own switch 'Ranní přehled dne e-mailem' (Uživatelské nastavení, issue 19 §4), stored on the membership:
// it is per school, like the agenda it asks for.
import { recordEvent } from '../../events/record.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { findMorningAgenda, setMorningAgenda } from './reminders.queries.ts';

export async function setOwnMorningAgenda(deps: AppDeps, schoolId: SchoolId, userId: string, memberId: string, enabled: boolean) {
  await inTransaction(deps, async (tx, after) => {
    await setMorningAgenda(tx, schoolId, memberId, enabled);
    await recordEvent(deps, tx, after, { name: 'user.setMorningAgenda', schoolId, userId, entityType: 'schoolMember', entityId: memberId, data: { enabled } });
  });
  return { morningAgenda: await findMorningAgenda(deps.db, schoolId, memberId) };
}

export { findMorningAgenda };
