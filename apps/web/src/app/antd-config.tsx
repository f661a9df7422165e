// antd's Czech locale and the app's theme. Everything that draws antd sits inside it: the app shell, the other public
// pages (routes.tsx's antd layout), the signed-in session's messages and the error screen. The login route loads none
// of it.
import ConfigProvider from 'antd/es/config-provider';
import csCZ from 'antd/es/locale/cs_CZ';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';

export function AntdConfig({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={csCZ} theme={{ token: { colorPrimary: '#1677ff', borderRadius: 8 } }}>
      {children}
    </ConfigProvider>
  );
}

/** The layout route of the public pages other than /login: they render inside antd's config. */
export default function AntdLayout() {
  return (
    <AntdConfig>
      <Outlet />
    </AntdConfig>
  );
}
