// OnPdfFileChanged through the real reaction and a real query cache: the Historie PDF pages (an infinite query, with
// or without filters) go stale, so a finished file shows without waiting for the poll; other lists do not.
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { handleLiveMessage, type LiveEffects } from '../../lib/live.ts';
import { trpcOptions as t } from '../../lib/trpc.ts';

const cached: Record<string, QueryKey> = {
  'history, all': t.pdfFile.getPdfFiles.infiniteQueryKey({ schoolId: 's1', kind: null, status: null, limit: 50 }),
  'history, done reports': t.pdfFile.getPdfFiles.infiniteQueryKey({ schoolId: 's1', kind: 'REPORT', status: 'DONE', limit: 50 }),
  'one file': t.pdfFile.getPdfFile.queryKey({ schoolId: 's1', id: 'f' }),
  hlášenky: t.report.getReports.queryKey({ schoolId: 's1' }),
};

function staleAfter(message: unknown): string[] {
  const queryClient = new QueryClient();
  for (const key of Object.values(cached)) queryClient.setQueryData(key, {});
  const fx: LiveEffects = {
    activeSchoolId: () => 's1',
    info: vi.fn(),
    reloadUser: vi.fn(),
    refetchInvites: vi.fn(),
    refetchNotifications: vi.fn(),
    removeNotification: vi.fn(),
    setGroupBlocked: vi.fn(),
    reloadTier: vi.fn(),
    invalidate: (filters) => filters.forEach((f) => void queryClient.invalidateQueries(f)),
  };
  handleLiveMessage(message, fx);
  return Object.entries(cached)
    .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();
}

describe('OnPdfFileChanged', () => {
  it('makes every page of the Historie PDF stale, filtered or not, and nothing else', () => {
    expect(staleAfter({ OnPdfFileChanged: { id: 'f', status: 'done', clientCode: 'c', type: 'REPORT' } })).toEqual(['history, all', 'history, done reports']);
  });
});
