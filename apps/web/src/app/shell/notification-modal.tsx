// The first unread notification; its only button marks it read.
import { ExclamationCircleTwoTone, InfoCircleTwoTone } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { AppModal } from '../../components/app-modal.tsx';
import { notify } from '../../lib/antd-static.ts';
import { describeError } from '../../lib/trpc.ts';
import { readNotification } from '../session.ts';
import { useAppStore } from '../store.ts';

export function NotificationModal() {
  const notification = useAppStore((s) => s.notifications[0]);
  const [pending, setPending] = useState(false);
  if (!notification) return null;
  const isUnpaid = notification.type === 'UNPAID_GROUP';

  const confirm = async () => {
    setPending(true);
    try {
      await readNotification(notification.id);
    } catch (e) {
      notify.error(describeError(e).message);
    } finally {
      setPending(false);
    }
  };

  return (
    <AppModal
      open
      closable={false}
      maskClosable={false}
      keyboard={false}
      title={
        <Space>
          {isUnpaid ? <ExclamationCircleTwoTone twoToneColor="#faad14" /> : <InfoCircleTwoTone />}
          {notification.title}
        </Space>
      }
      footer={
        <Button type="primary" onClick={confirm} loading={pending}>
          Potvrzuji přečtení
        </Button>
      }
    >
      <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>{notification.message}</Typography.Paragraph>
      {isUnpaid && (
        <Typography.Paragraph type="warning">
          Platba za aktuální období zatím nebyla přijata. Pokud nebude uhrazena, účet autoškoly bude zablokován.
        </Typography.Paragraph>
      )}
    </AppModal>
  );
}
