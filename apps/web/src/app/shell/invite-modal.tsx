// Unused invites of the user: accept (the school becomes active) or decline, one at a time.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STAFF_ROLE_LABELS } from '@volant/shared/enums';
import { Alert, Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AppModal } from '../../components/app-modal.tsx';
import { notify } from '../../lib/antd-static.ts';
import { describeError, useTRPC } from '../../lib/trpc.ts';
import { reloadUser, switchSchool } from '../session.ts';
import { useAppStore } from '../store.ts';

export function InviteModal() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const isLoggedIn = useAppStore((s) => !!s.user);
  const invites = useQuery({ ...trpc.schoolInvite.getUnusedInvites.queryOptions(), enabled: isLoggedIn });
  const apply = useMutation(trpc.schoolInvite.applyInviteInAccount.mutationOptions());
  const decline = useMutation(trpc.schoolInvite.declineInvite.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const invite = invites.data?.[0];
  if (!invite) return null;

  const refetch = () => queryClient.invalidateQueries(trpc.schoolInvite.getUnusedInvites.pathFilter());

  const accept = async () => {
    setError(null);
    try {
      const result = await apply.mutateAsync({ id: invite.id });
      await reloadUser();
      await queryClient.invalidateQueries(trpc.user.getUserSchools.pathFilter());
      await switchSchool(result.schoolId);
      await refetch();
      notify.success(`Vítejte v autoškole ${result.schoolName}`);
      navigate('/app');
    } catch (e) {
      setError(describeError(e).message);
      await refetch();
    }
  };

  const reject = async () => {
    setError(null);
    try {
      await decline.mutateAsync({ id: invite.id });
    } catch (e) {
      setError(describeError(e).message);
    }
    await refetch();
  };

  const busy = apply.isPending || decline.isPending;
  return (
    <AppModal
      open
      title={`Přijměte pozvánku do autoškoly ${invite.schoolName}`}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={
        <Space wrap style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={reject} loading={decline.isPending} disabled={busy}>
            Odmítnout pozvánku
          </Button>
          <Button type="primary" onClick={accept} loading={apply.isPending} disabled={busy}>
            Přijmout pozvánku
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph>
        Autoškola <strong>{invite.schoolName}</strong> vás zve ke spolupráci v roli <strong>{STAFF_ROLE_LABELS[invite.role]}</strong>. Po přijetí se autoškola
        stane vaší aktivní autoškolou.
      </Typography.Paragraph>
      {error && <Alert type="error" title={error} showIcon />}
    </AppModal>
  );
}
