// The signed-in user's e-mail with a menu offering 'Uživatelské Nastavení' (version 2.1, on unless the operator turned it
// off for the user) and 'Odhlásit se'.
import { DownOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useNavigate } from 'react-router';
import { logout } from '../session.ts';
import { useAppStore } from '../store.ts';

export function useLogout() {
  const navigate = useNavigate();
  return async () => {
    await logout();
    navigate('/login', { replace: true });
  };
}

export function UserMenu({ compact }: { compact?: boolean }) {
  const email = useAppStore((s) => s.user?.email ?? '');
  const hasVersion21 = useAppStore((s) => s.featureFlags.includes('VERSION_2_1'));
  const navigate = useNavigate();
  const doLogout = useLogout();
  const items = [
    ...(hasVersion21
      ? [{ key: 'user-settings', icon: <SettingOutlined />, label: 'Uživatelské Nastavení', onClick: () => navigate('/app/user-settings') }]
      : []),
    { key: 'logout', icon: <LogoutOutlined />, label: 'Odhlásit se', onClick: () => void doLogout() },
  ];
  return (
    <Dropdown trigger={['click']} menu={{ items }} placement="bottomRight">
      {compact ? (
        <Button type="text" shape="circle" icon={<UserOutlined />} aria-label={email} title={email} />
      ) : (
        <Button type="text" icon={<UserOutlined />} style={{ maxWidth: 280 }}>
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{email}</span>
          <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      )}
    </Dropdown>
  );
}
