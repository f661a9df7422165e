// The signed-in user's e-mail with a menu offering 'Odhlásit se'.
import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
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
  const doLogout = useLogout();
  return (
    <Dropdown
      trigger={['click']}
      menu={{ items: [{ key: 'logout', icon: <LogoutOutlined />, label: 'Odhlásit se', onClick: () => void doLogout() }] }}
      placement="bottomRight"
    >
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
