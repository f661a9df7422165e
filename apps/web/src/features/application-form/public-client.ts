// The public page's own tRPC client: no session header (an applicant has none, and a school's site embeds the page
// where the office's login must not travel), no batching (two calls in the page's life).
import type { AppRouter } from '../../../../server/src/app-router';
import { createTRPCClient, httpLink } from '@trpc/client';
import superjson from 'superjson';

export const publicClient = createTRPCClient<AppRouter>({
  links: [httpLink({ url: '/api/trpc', transformer: superjson })],
});
