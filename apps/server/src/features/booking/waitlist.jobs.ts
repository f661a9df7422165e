// The 'Čekací listina' job kind (jobs/runner.ts): one job per freed slot, queued by the waitlist processor.
import type { JobDefinition } from '../../jobs/runner.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { sendWaitlistNotices, WAITLIST_JOB, type WaitlistPayload } from './waitlist.service.ts';

export function waitlistJob(deps: AppDeps): JobDefinition {
  const job: JobDefinition<WaitlistPayload> = {
    kind: WAITLIST_JOB,
    queue: { policy: 'short', retryLimit: 3, retryDelay: 60, expireInSeconds: 5 * 60, deleteAfterSeconds: 7 * 86_400 },
    run: (payload) => sendWaitlistNotices(deps, payload),
  };
  return job as unknown as JobDefinition;
}
