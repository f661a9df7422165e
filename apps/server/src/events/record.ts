// Records an event with its write and hands it to the processors after commit (event.ts, processors.ts):
// - The audit_log row IS the event record: name → action, the actor → user_id, entity, data.
// - The school's cached answers go with the commit (lib/read-cache.ts), on every instance before the caller's answer.
// - Rolled back, the write records nothing and its processors never run. Committed, the processors run in their
//   list's order and the caller's answer waits for them; one that throws is logged and the next ones still run.
import type { DbOrTx } from '@volant/db/client';
import { audit } from '../lib/audit.ts';
import type { After } from '../lib/unit-of-work.ts';
import type { AppDeps } from '../trpc/context.ts';
import type { AppEvent } from './event.ts';
import { processEvent } from './processors.ts';

export async function recordEvent(deps: AppDeps, tx: DbOrTx, after: After, event: AppEvent) {
  const { name, schoolId, userId, entityType, entityId, data } = event;
  await audit(tx, { schoolId, userId, action: name, entityType, entityId, data });
  if (schoolId) await after.invalidateReads(schoolId);
  after.settle(() => processEvent(deps, event));
}
