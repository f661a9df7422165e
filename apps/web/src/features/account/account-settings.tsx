// Účet: the signed-in user's own account.
import { STAFF_ROLE_LABELS } from '@volant/shared/enums';
import { Button, Card, Descriptions } from 'antd';
import { useNavigate } from 'react-router';
import { useMembership } from '../../app/use-school.ts';
import { useAppStore } from '../../app/store.ts';

export function AccountSettings() {
  const user = useAppStore((s) => s.user);
  const membership = useMembership();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <Card title="Můj účet" style={{ maxWidth: 720 }}>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label="Jméno">{`${user.firstName} ${user.lastName}`}</Descriptions.Item>
        <Descriptions.Item label="E-mail">{user.email}</Descriptions.Item>
        <Descriptions.Item label="Telefon">{user.phone || '–'}</Descriptions.Item>
        {membership.data && <Descriptions.Item label="Role v autoškole">{STAFF_ROLE_LABELS[membership.data.role]}</Descriptions.Item>}
      </Descriptions>
      <p style={{ marginTop: 16 }}>Heslo změníte přes odkaz, který vám pošleme e-mailem.</p>
      <Button onClick={() => navigate('/reset-password')}>Změnit heslo</Button>
    </Card>
  );
}
