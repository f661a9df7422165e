// The pass page's own tRPC client: no session header, and every call a POST (tRPC's method override, allowed by the
// server for queries), so the student's code travels in a body and never in a URL, a log line or a Referer.
import type { AppRouter } from '../../../../server/src/app-router';
import { createTRPCClient, httpLink } from '@trpc/client';
import superjson from 'superjson';

export const passClient = createTRPCClient<AppRouter>({
  links: [httpLink({ url: '/api/trpc', transformer: superjson, methodOverride: 'POST' })],
});
