// The student's own tRPC client for 'Můj výcvik' (/zak): its own token (a student session, never the staff one), its
// own query cache and its own React context, so a staff session and a student session in one browser never mix.
import type { AppRouter } from '../../../../server/src/app-router';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCContext, createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import { createQueryClient } from '../../lib/trpc.ts';

/** The student session's token, kept locally under its own key (the staff token is `volant.token`). */
export const STUDENT_TOKEN_KEY = 'volant.studentToken';

export function getStudentToken(): string | null {
  try {
    return localStorage.getItem(STUDENT_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storeStudentToken(token: string | null) {
  if (token) localStorage.setItem(STUDENT_TOKEN_KEY, token);
  else localStorage.removeItem(STUDENT_TOKEN_KEY);
}

export const { TRPCProvider: StudentTRPCProvider, useTRPC: useStudentTRPC, useTRPCClient: useStudentTRPCClient } = createTRPCContext<AppRouter>();

/** The student place's query cache: nothing a staff screen fetched is ever shown here, and the other way round. */
export const studentQueryClient = createQueryClient();

export const studentTrpcClient = createTRPCClient<AppRouter>({
  links: [
    httpBatchLink({
      url: '/api/trpc',
      transformer: superjson,
      maxItems: 16,
      headers() {
        const token = getStudentToken();
        return token ? { authorization: `Bearer ${token}` } : {};
      },
    }),
  ],
});

/** Query options outside React (sign-in, sign-out); the same keys as `useStudentTRPC()` in components. */
export const studentTrpcOptions = createTRPCOptionsProxy<AppRouter>({ client: studentTrpcClient, queryClient: studentQueryClient });
