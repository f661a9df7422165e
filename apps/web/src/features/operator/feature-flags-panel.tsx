// The operator's 'Funkce' panel (Debug page): switch a feature flag (DEBUG, version 2.1) for everybody or for one
// user. The change reaches the user's open sessions at once (FeatureFlagsMessage).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FEATURE_FLAG_DEFAULTS, FEATURE_FLAG_LABELS, FEATURE_FLAGS, type FeatureFlag } from '@volant/shared/enums';
import { Card, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { notify } from '../../lib/antd-static.ts';
import { describeError, useTRPC } from '../../lib/trpc.ts';

export function FeatureFlagsPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const flags = useQuery(trpc.operator.getFeatureFlags.queryOptions());
  const [query, setQuery] = useState('');
  const [user, setUser] = useState<{ id: string; email: string } | null>(null);
  const users = useQuery({ ...trpc.operator.findUsers.queryOptions({ query }), enabled: query.trim().length >= 2 });
  const set = useMutation(trpc.operator.setFeatureFlag.mutationOptions());

  const row = (name: FeatureFlag, userId: string | null) => flags.data?.find((f) => f.name === name && f.userId === userId);
  // With no row a flag is its default for everybody, and a user without a row of their own has the flag for everybody.
  const forAll = (name: FeatureFlag) => row(name, null)?.isEnabled ?? FEATURE_FLAG_DEFAULTS[name];
  const isOn = (name: FeatureFlag, userId: string | null) => (userId ? (row(name, userId)?.isEnabled ?? forAll(name)) : forAll(name));
  const toggle = async (name: FeatureFlag, targetUserId: string | null, isEnabled: boolean) => {
    try {
      await set.mutateAsync({ name, targetUserId, isEnabled });
      notify.success(`${FEATURE_FLAG_LABELS[name]}: ${isEnabled ? 'zapnuto' : 'vypnuto'}${targetUserId ? ' pro uživatele' : ' pro všechny'}`);
    } catch (e) {
      notify.error(describeError(e).message);
    }
    void queryClient.invalidateQueries(trpc.operator.getFeatureFlags.pathFilter());
  };

  return (
    <Card title="Funkce (feature flags)" style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary">Změna se otevřeným aplikacím projeví hned, bez obnovení stránky.</Typography.Paragraph>
      <Typography.Title level={5}>Pro všechny</Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        {FEATURE_FLAGS.map((name) => (
          <Space key={name}>
            <Switch aria-label={`${FEATURE_FLAG_LABELS[name]} pro všechny`} checked={isOn(name, null)} onChange={(v) => void toggle(name, null, v)} />
            {FEATURE_FLAG_LABELS[name]}
          </Space>
        ))}
      </Space>
      <Typography.Title level={5}>Pro jednoho uživatele</Typography.Title>
      <Select
        showSearch
        aria-label="Uživatel"
        placeholder="E-mail nebo jméno uživatele"
        style={{ width: '100%', maxWidth: 420, marginBottom: 12 }}
        filterOption={false}
        onSearch={setQuery}
        value={user?.id}
        onChange={(id) => setUser(users.data?.find((u) => u.id === id) ?? null)}
        notFoundContent={query.trim().length < 2 ? 'Napište alespoň 2 znaky' : 'Nenalezeno'}
        options={(users.data ?? []).map((u) => ({ value: u.id, label: `${u.email} (${u.firstName} ${u.lastName})` }))}
      />
      {user && (
        <Space wrap style={{ marginBottom: 16 }}>
          {FEATURE_FLAGS.map((name) => (
            <Space key={name}>
              <Switch
                aria-label={`${FEATURE_FLAG_LABELS[name]} pro ${user.email}`}
                checked={isOn(name, user.id)}
                onChange={(v) => void toggle(name, user.id, v)}
              />
              {FEATURE_FLAG_LABELS[name]}
            </Space>
          ))}
        </Space>
      )}
      <Table
        size="small"
        rowKey={(r) => `${r.name}:${r.userId ?? '*'}`}
        loading={flags.isPending}
        dataSource={flags.data ?? []}
        pagination={false}
        scroll={{ x: true }}
        columns={[
          { title: 'Funkce', dataIndex: 'name', render: (n: FeatureFlag) => FEATURE_FLAG_LABELS[n] },
          { title: 'Pro', dataIndex: 'email', render: (e: string | null) => e ?? 'všechny' },
          { title: 'Stav', dataIndex: 'isEnabled', render: (on: boolean) => <Tag color={on ? 'green' : 'default'}>{on ? 'zapnuto' : 'vypnuto'}</Tag> },
        ]}
      />
    </Card>
  );
}
