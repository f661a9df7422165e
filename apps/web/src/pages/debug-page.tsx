// /app/debug (debug flag or server debug): server config, feature flags and, for operators, a small operator panel
// with the background jobs' queues.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_TYPES, TIER_LABELS, TIERS, type Tier } from '@volant/shared/enums';
import { Alert, Button, Card, Descriptions, Form, Input, Select, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useActiveSchoolId } from '../app/use-school.ts';
import { useAppStore } from '../app/store.ts';
import { FeatureFlagsPanel } from '../features/operator/feature-flags-panel.tsx';
import { JobQueuesPanel } from '../features/operator/job-queues-panel.tsx';
import { TierRequestsPanel } from '../features/operator/tier-requests-panel.tsx';
import { notify } from '../lib/antd-static.ts';
import { describeError, useTRPC } from '../lib/trpc.ts';

const NOTIFICATION_TYPE_LABELS: Record<(typeof NOTIFICATION_TYPES)[number], string> = {
  GENERIC: 'Obecné oznámení',
  UNPAID_GROUP: 'Neuhrazená platba',
};

function OperatorPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const schools = useQuery(trpc.operator.listSchools.queryOptions());
  const setBlocked = useMutation(trpc.operator.setSchoolBlocked.mutationOptions());
  const setTier = useMutation(trpc.operator.setSchoolTier.mutationOptions());
  const createNotification = useMutation(trpc.operator.createNotification.mutationOptions());
  const [form] = Form.useForm();
  const [formError, setFormError] = useState<string | null>(null);

  const run = async (action: () => Promise<unknown>, ok: string) => {
    try {
      await action();
      notify.success(ok);
    } catch (e) {
      notify.error(describeError(e).message);
    }
    void queryClient.invalidateQueries(trpc.operator.listSchools.pathFilter());
  };

  const send = async (values: { targetSchoolId?: string; type: (typeof NOTIFICATION_TYPES)[number]; title?: string; message?: string }) => {
    setFormError(null);
    if (!values.targetSchoolId || !values.title?.trim() || !values.message?.trim()) {
      setFormError('Vyplňte autoškolu, nadpis i text oznámení.');
      return;
    }
    try {
      await createNotification.mutateAsync({ targetSchoolId: values.targetSchoolId, type: values.type, title: values.title, message: values.message });
      notify.success('Oznámení bylo odesláno');
      form.resetFields(['title', 'message']);
    } catch (e) {
      setFormError(describeError(e).message);
    }
  };

  return (
    <>
      <Card title="Autoškoly (provozovatel)" style={{ marginBottom: 16 }}>
        <Table
          rowKey="id"
          size="small"
          loading={schools.isPending}
          dataSource={schools.data}
          pagination={(schools.data?.length ?? 0) > 10 ? { pageSize: 10 } : false}
          scroll={{ x: true }}
          columns={[
            { title: 'Název', dataIndex: 'name' },
            {
              title: 'Tarif',
              dataIndex: 'tier',
              render: (tier: Tier, row) => (
                <Select
                  aria-label={`Tarif autoškoly ${row.name}`}
                  value={tier}
                  style={{ width: 140 }}
                  options={TIERS.map((t) => ({ value: t, label: TIER_LABELS[t] }))}
                  onChange={(next) => run(() => setTier.mutateAsync({ targetSchoolId: row.id, tier: next }), 'Tarif byl změněn')}
                />
              ),
            },
            {
              title: 'Zablokována',
              dataIndex: 'isBlocked',
              render: (isBlocked: boolean, row) => (
                <Switch
                  aria-label={`Zablokovat autoškolu ${row.name}`}
                  checked={isBlocked}
                  onChange={(next) =>
                    run(
                      () => setBlocked.mutateAsync({ targetSchoolId: row.id, isBlocked: next }),
                      next ? 'Autoškola byla zablokována' : 'Autoškola byla odblokována',
                    )
                  }
                />
              ),
            },
          ]}
        />
      </Card>
      <Card title="Poslat oznámení autoškole">
        <Form form={form} layout="vertical" onFinish={send} initialValues={{ type: 'GENERIC' }} requiredMark={false} disabled={createNotification.isPending}>
          <Form.Item label="Autoškola" name="targetSchoolId">
            <Select options={schools.data?.map((s) => ({ value: s.id, label: s.name }))} showSearch={{ optionFilterProp: 'label' }} />
          </Form.Item>
          <Form.Item label="Druh" name="type">
            <Select options={NOTIFICATION_TYPES.map((t) => ({ value: t, label: NOTIFICATION_TYPE_LABELS[t] }))} />
          </Form.Item>
          <Form.Item label="Nadpis" name="title">
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item label="Text" name="message">
            <Input.TextArea rows={4} maxLength={2000} />
          </Form.Item>
          {formError && <Alert type="error" title={formError} showIcon style={{ marginBottom: 16 }} />}
          <Button type="primary" htmlType="submit" loading={createNotification.isPending}>
            Odeslat oznámení
          </Button>
        </Form>
      </Card>
    </>
  );
}

export default function DebugPage() {
  const serverConfig = useAppStore((s) => s.serverConfig);
  const featureFlags = useAppStore((s) => s.featureFlags);
  const user = useAppStore((s) => s.user);
  const schoolId = useActiveSchoolId();
  return (
    <div style={{ maxWidth: 960 }}>
      <Typography.Title level={2}>Debug</Typography.Title>
      <Card title="Konfigurace serveru" style={{ marginBottom: 16 }}>
        <Descriptions column={1} size="small" bordered>
          {serverConfig &&
            Object.entries(serverConfig).map(([key, value]) => (
              <Descriptions.Item key={key} label={key}>
                {String(value)}
              </Descriptions.Item>
            ))}
        </Descriptions>
      </Card>
      <Card title="Uživatel a příznaky" style={{ marginBottom: 16 }}>
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="Uživatel">{user ? `${user.email} (${user.id})` : '–'}</Descriptions.Item>
          <Descriptions.Item label="Role uživatele">{user?.role ?? '–'}</Descriptions.Item>
          <Descriptions.Item label="Aktivní autoškola">{schoolId ?? '–'}</Descriptions.Item>
          <Descriptions.Item label="Feature flags">{featureFlags.length ? featureFlags.map((f) => <Tag key={f}>{f}</Tag>) : 'žádné'}</Descriptions.Item>
        </Descriptions>
      </Card>
      {user?.role === 'ADMIN' && <TierRequestsPanel />}
      {user?.role === 'ADMIN' && <FeatureFlagsPanel />}
      {user?.role === 'ADMIN' && <JobQueuesPanel />}
      {user?.role === 'ADMIN' && <OperatorPanel />}
    </div>
  );
}
