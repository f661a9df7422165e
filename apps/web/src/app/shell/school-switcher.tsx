// School switcher (spec §2): shown with more than one school; a dialog lists the schools as buttons.
import { BankOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Card, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { AppModal } from '../../components/app-modal.tsx';
import { notify } from '../../lib/antd-static.ts';
import { describeError } from '../../lib/trpc.ts';
import { switchSchool } from '../session.ts';
import { useActiveSchoolId, useSchools } from '../use-school.ts';

const DIALOG_TITLE = 'Vyberte autoškolu, kterou chcete spravovat';

function SchoolChoiceDialog({ open, onClose, closable }: { open: boolean; onClose: () => void; closable: boolean }) {
  const schools = useSchools();
  const activeId = useActiveSchoolId();
  const navigate = useNavigate();
  const [pendingId, setPendingId] = useState<string | null>(null);

  const choose = async (id: string) => {
    if (id === activeId) return onClose();
    setPendingId(id);
    try {
      await switchSchool(id);
      onClose();
      navigate('/app');
    } catch (e) {
      notify.error(describeError(e).message);
    } finally {
      setPendingId(null);
    }
  };

  return (
    <AppModal title={DIALOG_TITLE} open={open} onCancel={closable ? onClose : undefined} closable={closable} maskClosable={closable} footer={null}>
      {!schools.data ? (
        <div style={{ textAlign: 'center', padding: 24 }}>
          <Spin />
        </div>
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {schools.data.map((s) => (
            <Button
              key={s.id}
              block
              size="large"
              type={s.id === activeId ? 'primary' : 'default'}
              loading={pendingId === s.id}
              disabled={!!pendingId && pendingId !== s.id}
              onClick={() => choose(s.id)}
              icon={<BankOutlined />}
              style={{ justifyContent: 'flex-start', height: 'auto', minHeight: 40, whiteSpace: 'normal', textAlign: 'left' }}
            >
              {s.name}
              {s.isBlocked ? ' (zablokována)' : ''}
            </Button>
          ))}
        </Space>
      )}
    </AppModal>
  );
}

/** Desktop: a compact dropdown-like control titled 'Autoškola'. Mobile: a card with a title. */
export function SchoolSwitcher({ mobile, collapsed }: { mobile?: boolean; collapsed?: boolean }) {
  const schools = useSchools();
  const activeId = useActiveSchoolId();
  const [open, setOpen] = useState(false);
  if (!schools.data || schools.data.length < 2) return null;
  const active = schools.data.find((s) => s.id === activeId);
  const dialog = <SchoolChoiceDialog open={open} onClose={() => setOpen(false)} closable />;

  if (mobile) {
    return (
      <Card size="small" title="Autoškola" style={{ marginBottom: 12 }} extra={<Button onClick={() => setOpen(true)}>Změnit</Button>}>
        <Typography.Text strong>{active?.name ?? 'Není vybrána'}</Typography.Text>
        {dialog}
      </Card>
    );
  }
  if (collapsed) {
    return (
      <>
        <Button
          type="text"
          icon={<SwapOutlined />}
          aria-label={`Autoškola: ${active?.name ?? 'není vybrána'}`}
          title="Autoškola"
          onClick={() => setOpen(true)}
        />
        {dialog}
      </>
    );
  }
  return (
    <>
      <Button block onClick={() => setOpen(true)} style={{ height: 'auto', padding: '6px 12px', textAlign: 'left', display: 'block' }}>
        <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
          Autoškola
        </Typography.Text>
        <span style={{ display: 'flex', alignItems: 'center', gap: 8, justifyContent: 'space-between' }}>
          <Typography.Text strong ellipsis style={{ maxWidth: 170 }}>
            {active?.name ?? 'Není vybrána'}
          </Typography.Text>
          <SwapOutlined />
        </span>
      </Button>
      {dialog}
    </>
  );
}

/**
 * With no active school but several schools (e.g. after being removed from the active one) the user must choose;
 * with exactly one, it becomes active by itself.
 */
export function SchoolChoiceGuard() {
  const schools = useSchools();
  const activeId = useActiveSchoolId();
  const list = schools.data ?? [];
  const needsChoice = !activeId && list.length > 0;
  const onlySchoolId = needsChoice && list.length === 1 ? list[0].id : null;
  useEffect(() => {
    if (onlySchoolId) switchSchool(onlySchoolId).catch(() => {});
  }, [onlySchoolId]);
  return <SchoolChoiceDialog open={needsChoice && list.length > 1} onClose={() => {}} closable={false} />;
}
