// /app/more ('Více' on mobile): the sidebar's destinations, the school switcher, and logout.
import { LogoutOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Card, List, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { SETTINGS_GROUP_LABEL, SETTINGS_ITEMS, sidebarItems } from '../app/nav.ts';
import { useIsDebugAllowed } from '../app/root-layout.tsx';
import { SchoolSwitcher } from '../app/shell/school-switcher.tsx';
import { TierUsageWidget } from '../app/shell/tier-usage.tsx';
import { useLogout } from '../app/shell/user-menu.tsx';
import { useAppStore } from '../app/store.ts';
import { useMembership } from '../app/use-school.ts';
import { PendingApplicationsBadge } from '../features/application-form/pending-applications-badge.tsx';

function LinkList({ items }: { items: { key: string; label: string; path: string }[] }) {
  return (
    <List
      dataSource={items}
      renderItem={(item) => (
        <List.Item style={{ padding: 0 }}>
          <Link to={item.path} style={{ display: 'flex', justifyContent: 'space-between', width: '100%', padding: '12px 0' }}>
            <span>
              {item.label}
              {item.key === 'application-form' && <PendingApplicationsBadge />}
            </span>
            <RightOutlined />
          </Link>
        </List.Item>
      )}
    />
  );
}

export default function MorePage() {
  const navigate = useNavigate();
  const isDebugAllowed = useIsDebugAllowed();
  const hasVersion21 = useAppStore((s) => s.featureFlags.includes('VERSION_2_1'));
  const { isAdmin, may } = useMembership();
  const isBlocked = useAppStore((s) => s.isGroupBlocked);
  const email = useAppStore((s) => s.user?.email);
  const doLogout = useLogout();

  return (
    <div style={{ maxWidth: 640, margin: '0 auto' }}>
      <Typography.Title level={2}>Více</Typography.Title>
      <SchoolSwitcher mobile />
      {!isBlocked && (
        <>
          <Button type="primary" block icon={<PlusOutlined />} style={{ marginBottom: 12 }} onClick={() => navigate('/app/new-student')}>
            Nový žák
          </Button>
          <Card size="small" style={{ marginBottom: 12 }}>
            <LinkList items={sidebarItems({ isDebugAllowed, hasVersion21, isAdmin, isOffice: may('recordChain.getCorrections') })} />
          </Card>
          <Card size="small" title={SETTINGS_GROUP_LABEL} style={{ marginBottom: 12 }}>
            <LinkList items={SETTINGS_ITEMS} />
          </Card>
          <TierUsageWidget />
        </>
      )}
      <Card size="small">
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          Přihlášen(a) jako {email}
        </Typography.Paragraph>
        <Button block danger icon={<LogoutOutlined />} onClick={() => void doLogout()}>
          Odhlásit se
        </Button>
      </Card>
    </div>
  );
}
