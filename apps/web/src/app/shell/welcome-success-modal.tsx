// After the login flow: the account is set up.
import { CheckCircleTwoTone } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { AppModal } from '../../components/app-modal.tsx';
import { useAppStore } from '../store.ts';

export function WelcomeSuccessModal() {
  const open = useAppStore((s) => s.welcomeSuccessModalVisible);
  const close = useAppStore((s) => s.setWelcomeSuccessModalVisible);
  return (
    <AppModal
      open={open}
      title="Účet byl úspěšně nastaven"
      onCancel={() => close(false)}
      footer={
        <Button type="primary" onClick={() => close(false)}>
          Pokračovat do aplikace
        </Button>
      }
    >
      <div style={{ textAlign: 'center', paddingTop: 16 }}>
        <CheckCircleTwoTone twoToneColor="#52c41a" className="pulse-5s" style={{ fontSize: 64 }} />
        <Typography.Paragraph>
          Vaše autoškola je připravená. Teď můžete přidat první žáky, pozvat kolegy v Nastavení → Učitelé a doplnit údaje o provozovateli.
        </Typography.Paragraph>
      </div>
    </AppModal>
  );
}
