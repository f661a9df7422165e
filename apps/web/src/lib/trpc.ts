import type { AppRouter } from '../../../server/src/app-router';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { createTRPCContext, createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { QueryClient } from '@tanstack/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import superjson from 'superjson';
import { getStoredToken } from './token.ts';

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: (count, error) => {
          const code = error instanceof TRPCClientError ? error.data?.code : undefined;
          if (code === 'UNAUTHORIZED' || code === 'NOT_FOUND' || code === 'FORBIDDEN' || code === 'BAD_REQUEST') return false;
          return count < 2;
        },
      },
    },
  });
}

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    httpBatchLink({
      url: '/api/trpc',
      transformer: superjson,
      // The server refuses a batch of more than 32 calls (apps/server/src/lib/transport-guard.ts MAX_BATCH_CALLS).
      maxItems: 16,
      headers() {
        const token = getStoredToken();
        return token ? { authorization: `Bearer ${token}` } : {};
      },
    }),
  ],
});

/** The one query cache of the app. */
export const queryClient = createQueryClient();

/** Query options outside React (boot, live reactions); the same keys as `useTRPC()` in components. */
export const trpcOptions = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

/** The Czech message of an API error, and the field errors of an input error. */
export function describeError(error: unknown): { message: string; appCode: string | null; fieldErrors: Record<string, string[]> } {
  if (error instanceof TRPCClientError) {
    const data = error.data as { appCode?: string | null; zodError?: { fieldErrors: Record<string, string[]> } | null } | undefined;
    return { message: error.message, appCode: data?.appCode ?? null, fieldErrors: data?.zodError?.fieldErrors ?? {} };
  }
  return { message: error instanceof Error ? error.message : 'Unknown error', appCode: null, fieldErrors: {} };
}

export function errorCode(error: unknown): string | undefined {
  return error instanceof TRPCClientError ? (error.data as { code?: string } | undefined)?.code : undefined;
}
