// Desktop sidebar (spec §2): 250 px open, 70 px collapsed; the 'Nastavení' group starts open on a settings path.
import {
  AuditOutlined,
  FileZipOutlined,
  BarChartOutlined,
  BugOutlined,
  CalendarOutlined,
  CarOutlined,
  CustomerServiceOutlined,
  FileTextOutlined,
  FormOutlined,
  PlusOutlined,
  SettingOutlined,
  TeamOutlined,
  TrophyOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Button, Layout, Menu, type MenuProps, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PendingApplicationsBadge } from '../../features/application-form/pending-applications-badge.tsx';
import { useMembership } from '../use-school.ts';
import { isSettingsPath, navKeyOf, SETTINGS_GROUP_KEY, SETTINGS_GROUP_LABEL, SETTINGS_ITEMS, sidebarItems } from '../nav.ts';
import { useIsDebugAllowed } from '../root-layout.tsx';
import { useAppStore } from '../store.ts';
import { SchoolSwitcher } from './school-switcher.tsx';
import { TierUsageWidget } from './tier-usage.tsx';

export const SIDEBAR_WIDTH = 250;
export const SIDEBAR_COLLAPSED_WIDTH = 70;
/** The app header's height on desktop (app.css `.app-header`). */
const HEADER_HEIGHT = 64;

const ICONS: Record<string, ReactNode> = {
  trainings: <CarOutlined />,
  calendar: <CalendarOutlined />,
  reporting: <FileTextOutlined />,
  courses: <TeamOutlined />,
  exams: <TrophyOutlined />,
  payments: <WalletOutlined />,
  debug: <BugOutlined />,
  'user-settings': <UserOutlined />,
  'application-form': <FormOutlined />,
  support: <CustomerServiceOutlined />,
  'prehled-skoly': <BarChartOutlined />,
  opravy: <AuditOutlined />,
  'podklady-pro-kontrolu': <FileZipOutlined />,
};

export function Sidebar() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const isDebugAllowed = useIsDebugAllowed();
  const hasVersion21 = useAppStore((s) => s.featureFlags.includes('VERSION_2_1'));
  const { isAdmin, may } = useMembership();
  const [collapsed, setCollapsed] = useState(false);
  const [openKeys, setOpenKeys] = useState<string[]>(() => (isSettingsPath(pathname) ? [SETTINGS_GROUP_KEY] : []));

  const items: MenuProps['items'] = [
    ...sidebarItems({ isDebugAllowed, hasVersion21, isAdmin, isOffice: may('recordChain.getCorrections') }).map((item) => ({
      key: item.key,
      icon: ICONS[item.key],
      label: (
        <Link to={item.path}>
          {item.label}
          {item.key === 'application-form' && <PendingApplicationsBadge />}
        </Link>
      ),
    })),
    {
      key: SETTINGS_GROUP_KEY,
      icon: <SettingOutlined />,
      label: SETTINGS_GROUP_LABEL,
      children: SETTINGS_ITEMS.map((item) => ({ key: item.key, label: <Link to={item.path}>{item.label}</Link> })),
    },
  ];

  return (
    <Layout.Sider
      collapsible
      collapsed={collapsed}
      onCollapse={setCollapsed}
      width={SIDEBAR_WIDTH}
      collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
      theme="light"
      // Under the sticky header and no taller than the window: the collapse button (fixed at the window's bottom)
      // then ends the sidebar instead of lying over its last items, and the menu scrolls on its own.
      style={{ borderRight: '1px solid #f0f0f0', position: 'sticky', top: HEADER_HEIGHT, height: `calc(100vh - ${HEADER_HEIGHT}px)`, alignSelf: 'flex-start' }}
    >
      <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        <div style={{ padding: collapsed ? '12px 0' : 12, display: 'flex', flexDirection: 'column', gap: 8, alignItems: collapsed ? 'center' : 'stretch' }}>
          <SchoolSwitcher collapsed={collapsed} />
          {collapsed ? (
            <Tooltip title="Nový žák" placement="right">
              <Button type="primary" shape="circle" icon={<PlusOutlined />} aria-label="Nový žák" onClick={() => navigate('/app/new-student')} />
            </Tooltip>
          ) : (
            <Button type="primary" block icon={<PlusOutlined />} onClick={() => navigate('/app/new-student')}>
              Nový žák
            </Button>
          )}
        </div>
        <div style={{ flex: 1, minHeight: 0, overflowY: 'auto', overflowX: 'hidden' }}>
          <Menu
            mode="inline"
            items={items}
            selectedKeys={[navKeyOf(pathname)]}
            openKeys={collapsed ? undefined : openKeys}
            onOpenChange={(keys) => setOpenKeys(keys as string[])}
            style={{ borderInlineEnd: 'none' }}
          />
          {!collapsed && <TierUsageWidget />}
        </div>
      </div>
    </Layout.Sider>
  );
}
