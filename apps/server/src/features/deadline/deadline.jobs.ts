// The deadline sweep's job (issue 22 §3): nightly at 01:00 Prague (an hour every night has, whatever the clock change;
// a cron: one run per tick across instances, and each notification marked once in reminder_sends).
import type { JobDefinition } from '../../jobs/runner.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { DEADLINE_SWEEP_JOB, sweepDeadlines } from './deadline.service.ts';

export function deadlineSweepJob(deps: AppDeps): JobDefinition {
  return {
    kind: DEADLINE_SWEEP_JOB,
    queue: { policy: 'short', retryLimit: 3, retryDelay: 60, expireInSeconds: 15 * 60 },
    cron: '0 1 * * *',
    run: () => sweepDeadlines(deps),
  };
}
