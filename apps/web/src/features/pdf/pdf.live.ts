// The PDF files' live reactions (composed by lib/live.ts).
import type { LiveQueries } from '../../lib/live-queries.ts';
import { trpcOptions as t } from '../../lib/trpc.ts';

export const pdfLive = {
  // The file itself is handled by whoever asked for it (use-pdf-export.tsx, through `onLiveMessage`); the Historie PDF
  // list shows the new status. The body names no school: the lists of every school go stale (one user's).
  OnPdfFileChanged: () => [t.pdfFile.getPdfFiles.pathFilter()],
} satisfies LiveQueries<'OnPdfFileChanged'>;
