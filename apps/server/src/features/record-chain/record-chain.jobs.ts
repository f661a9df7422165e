// The chain's genesis in the background (issue 22 §1). A school's chain starts with a BASELINE entry for every record
// it has (record-chain.ts's openChain). Left to the school's first write after the chain came, that genesis ran inside
// a user's request: for a school of 60,000 rides ~20 s and most of a second of the HTTP thread hashing (bench
// inspection-pack.ts). This sweep starts the chain of every school that has none, one school per transaction, shortly
// after the server starts and then every 15 minutes (new schools, and any a failed run left): a write rarely finds a
// school without its chain. A write that does still makes the genesis itself, as before — the same entries either way.
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { schoolOfOwnWork } from '../../gate/job-tenant.ts';
import type { JobDefinition } from '../../jobs/runner.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { openChain } from './record-chain.ts';
import { listSchoolsWithoutChain } from './record-chain.queries.ts';

export const RECORD_CHAIN_GENESIS_JOB = 'recordChain.genesis';

/** Starts the chain of every school without one; resolves to how many were started. */
export async function startMissingChains(deps: Pick<AppDeps, 'db' | 'now'>): Promise<number> {
  let started = 0;
  for (;;) {
    const ids = await listSchoolsWithoutChain(deps.db, 50);
    if (ids.length === 0) return started;
    for (const id of ids) {
      // The row's own school (gate/job-tenant.ts); openChain does nothing when a write started the chain meanwhile.
      await deps.db.transaction((tx) => openChain(tx, schoolOfOwnWork(id), deps.now()));
      started += 1;
      await yieldToLoop();
    }
  }
}

export function recordChainGenesisJob(deps: Pick<AppDeps, 'db' | 'now'>): JobDefinition {
  return {
    kind: RECORD_CHAIN_GENESIS_JOB,
    queue: { policy: 'short', retryLimit: 3, retryDelay: 60, expireInSeconds: 30 * 60 },
    cron: '*/15 * * * *',
    run: async () => {
      await startMissingChains(deps);
    },
  };
}
