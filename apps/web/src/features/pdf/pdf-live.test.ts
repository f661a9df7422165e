// OnPdfFileChanged through the real reaction and a real query cache: the Historie PDF pages (an infinite query, with
// or without filters) go stale, so a finished file shows without waiting for the poll; other lists do not.
import type { QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { cachedWith, staleAfter as staleAfterIn } from '../../lib/live-testing.ts';
import { trpcOptions as t } from '../../lib/trpc.ts';

const cached: Record<string, QueryKey> = {
  'history, all': t.pdfFile.getPdfFiles.infiniteQueryKey({ schoolId: 's1', kind: null, status: null, limit: 50 }),
  'history, done reports': t.pdfFile.getPdfFiles.infiniteQueryKey({ schoolId: 's1', kind: 'REPORT', status: 'DONE', limit: 50 }),
  'one file': t.pdfFile.getPdfFile.queryKey({ schoolId: 's1', id: 'f' }),
  hlášenky: t.report.getReports.queryKey({ schoolId: 's1' }),
};

const staleAfter = (message: unknown) => staleAfterIn(cachedWith(cached), message);

describe('OnPdfFileChanged', () => {
  it('makes every page of the Historie PDF stale, filtered or not, and nothing else', () => {
    expect(staleAfter({ OnPdfFileChanged: { id: 'f', status: 'done', clientCode: 'c', type: 'REPORT' } })).toEqual(['history, all', 'history, done reports']);
  });
});
