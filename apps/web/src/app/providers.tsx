// Query cache + tRPC, and antd with the Czech locale. Kept small: the login route loads this.
import { QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd/es/config-provider';
import csCZ from 'antd/es/locale/cs_CZ';
import type { ReactNode } from 'react';
import { queryClient, TRPCProvider, trpcClient } from '../lib/trpc.ts';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={csCZ} theme={{ token: { colorPrimary: '#1677ff', borderRadius: 8 } }}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          {children}
        </TRPCProvider>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
