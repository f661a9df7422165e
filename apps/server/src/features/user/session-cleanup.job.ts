// The nightly clean-up (a scheduled job, jobs/runner.ts): at 03:30 Prague time one instance deletes the expired
// sessions, tokens and lockout counters (session-cleanup.queries.ts) in one transaction.
import type { Db } from '@volant/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { JobDefinition } from '../../jobs/runner.ts';
import { deleteExpiredRows } from './session-cleanup.queries.ts';

export const SESSION_CLEANUP_JOB = 'sessions.cleanup';

export function sessionCleanupJob(deps: { db: Db; now: () => Date; log: Pick<FastifyBaseLogger, 'info'> }): JobDefinition {
  return {
    kind: SESSION_CLEANUP_JOB,
    queue: { policy: 'short', retryLimit: 3, retryDelay: 60, expireInSeconds: 10 * 60 },
    cron: '30 3 * * *',
    async run() {
      const deleted = await deps.db.transaction((tx) => deleteExpiredRows(tx, deps.now()));
      deps.log.info({ deleted }, 'expired sessions, tokens and lockouts deleted');
    },
  };
}
