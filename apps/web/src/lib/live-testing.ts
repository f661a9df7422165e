// Test scaffolding for the live reaction (handleLiveMessage): fake effects and a real query cache to see what goes stale.
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { vi } from 'vitest';
import { handleLiveMessage, type LiveEffects } from './live.ts';
import { invalidateAfterChange } from './live-queries.ts';

/** Effects that only record their calls; `invalidate` too unless a test replaces it. */
export function fakeLiveEffects(activeSchoolId = 's1') {
  return {
    activeSchoolId: () => activeSchoolId,
    info: vi.fn(),
    reloadUser: vi.fn(),
    refetchInvites: vi.fn(),
    refetchNotifications: vi.fn(),
    removeNotification: vi.fn(),
    setGroupBlocked: vi.fn(),
    reloadTier: vi.fn(),
    reloadFeatureFlags: vi.fn(),
    invalidate: vi.fn(),
  } satisfies LiveEffects;
}

/** Named cached queries with their data, from keys that all hold the same data. */
export function cachedWith(keys: Record<string, QueryKey>, data: unknown = {}): Record<string, [QueryKey, unknown]> {
  return Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, [key, data]]));
}

/** The names of the cached queries a message makes stale, through the real reaction and a real query cache (sorted). */
export function staleAfter(cached: Record<string, [QueryKey, unknown]>, message: unknown, activeSchoolId = 's1'): string[] {
  const queryClient = new QueryClient();
  for (const [key, data] of Object.values(cached)) queryClient.setQueryData(key, data);
  const fx: LiveEffects = {
    ...fakeLiveEffects(activeSchoolId),
    invalidate: (filters) => filters.forEach((f) => void invalidateAfterChange(queryClient, f)),
  };
  handleLiveMessage(message, fx);
  return Object.entries(cached)
    .filter(([, [key]]) => queryClient.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();
}
