// The rule of the cache (DESIGN §6): a write makes stale exactly the queries that show what it changed, named once
// per live message in its feature's `<feature>.live.ts` (composed by lib/live.ts). Every other client learns it from
// the live message; the writing client applies the same queries itself on the write's answer (lib/use-form-mutation.ts)
// and skips the echo of its own message here.
import { hashKey, type QueryClient, type QueryFilters, type QueryKey } from '@tanstack/react-query';
import type { LiveMessage, LiveMessageName } from '@volant/shared/live';

/** The body of one kind of live message. */
export type LiveBody<K extends LiveMessageName> = Extract<LiveMessage, Record<K, unknown>>[K];

/** For each of a feature's messages, the queries it makes stale. Keys carry the school (every school query's input has `schoolId`). */
export type LiveQueries<K extends LiveMessageName> = { [N in K]: (body: LiveBody<N>) => QueryFilters[] };

// ——— the echo of the client's own write ———
// `expectOwnEcho(key)` before sending makes the next message that would make exactly this key stale skip it (within a
// few seconds; cancel on failure): the writer already updated or refetched it from the answer. A message of someone
// else's write arriving first is skipped instead: the write's own answer was read after both.
const ownEchoes = new Map<string, number>();
const ECHO_WAIT_MS = 5_000;

export function expectOwnEcho(queryKey: QueryKey, now = Date.now()): () => void {
  const hash = hashKey(queryKey);
  ownEchoes.set(hash, now + ECHO_WAIT_MS);
  return () => ownEchoes.delete(hash);
}

/** The filters left once the expected echoes are taken out (a filter with a predicate is never an echo). */
export function withoutOwnEchoes(filters: QueryFilters[], now = Date.now()): QueryFilters[] {
  return filters.filter((filter) => {
    if (!filter.queryKey || filter.predicate) return true;
    const hash = hashKey(filter.queryKey);
    const until = ownEchoes.get(hash);
    if (until === undefined) return true;
    ownEchoes.delete(hash);
    return until < now;
  });
}

// ——— making stale what a change touched ———

/**
 * Marks the queries of `filter` stale and reads the shown ones again. A first read still on its way is cancelled and
 * asked again: TanStack joins an invalidation to a first read in flight instead of asking anew, and that read may have
 * been answered before the change (a screen opened while someone else saved left it empty until the next change).
 */
export async function invalidateAfterChange(client: QueryClient, filter: QueryFilters): Promise<void> {
  const firstReads = client
    .getQueryCache()
    .findAll(filter)
    .filter((query) => query.state.fetchStatus === 'fetching' && query.state.data === undefined);
  if (firstReads.length) await client.cancelQueries({ predicate: (query) => firstReads.includes(query) });
  await client.invalidateQueries(filter);
}
