// The operator's tier requests (Debug page, operator panel): open ones first with 'Schválit' / 'Zamítnout', then those
// settled in the last 30 days. A new request reaches the operator as a notification, which refreshes the list live.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDate, formatDateTime } from '@volant/shared/format';
import { TIER_LABELS } from '@volant/shared/enums';
import { Alert, Button, Card, Flex, Popconfirm, Table, Tag } from 'antd';
import { useEffect } from 'react';
import { CardList } from '../../components/card-list.tsx';
import { notify } from '../../lib/antd-static.ts';
import { onLiveMessage } from '../../lib/live.ts';
import { useIsPhone } from '../../lib/media.ts';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';

type TierRequest = RouterOutputs['operator']['getTierUpgradeRequests'][number];

const OUTCOMES: Record<TierRequest['outcome'], { label: string; color: string }> = {
  PENDING: { label: 'Čeká na vyřízení', color: 'blue' },
  APPROVED: { label: 'Schváleno', color: 'green' },
  REJECTED: { label: 'Zamítnuto', color: 'red' },
  WITHDRAWN: { label: 'Zrušeno autoškolou', color: 'default' },
};

const tierChange = (r: TierRequest) => `${TIER_LABELS[r.currentTier]} → ${TIER_LABELS[r.requestedTier]}`;
const requester = (r: TierRequest) => [r.requestedByName, r.requestedByEmail].filter(Boolean).join(', ') || '–';

export function TierRequestsPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const isPhone = useIsPhone();
  const requests = useQuery(trpc.operator.getTierUpgradeRequests.queryOptions());
  const resolve = useMutation(trpc.operator.resolveTierUpgradeRequest.mutationOptions());

  useEffect(
    () =>
      onLiveMessage((message) => {
        if ('NotificationMessage' in message) void queryClient.invalidateQueries(trpc.operator.getTierUpgradeRequests.queryFilter());
      }),
    [queryClient, trpc],
  );

  const answer = async (r: TierRequest, approve: boolean) => {
    try {
      await resolve.mutateAsync({ requestId: r.id, approve });
      notify.success(approve ? `Tarif autoškoly ${r.schoolName} byl změněn na ${TIER_LABELS[r.requestedTier]}` : 'Žádost byla zamítnuta');
    } catch (e) {
      notify.error(describeError(e).message);
    }
    await queryClient.invalidateQueries(trpc.operator.pathFilter());
  };

  const actions = (r: TierRequest) =>
    r.outcome === 'PENDING' ? (
      <Flex gap={8} wrap>
        <Popconfirm
          title={`Změnit tarif autoškoly ${r.schoolName} na ${TIER_LABELS[r.requestedTier]}?`}
          okText="Schválit"
          cancelText="Ne"
          onConfirm={() => answer(r, true)}
        >
          <Button type="primary" size="small" disabled={resolve.isPending} aria-label={`Schválit žádost autoškoly ${r.schoolName}`}>
            Schválit
          </Button>
        </Popconfirm>
        <Popconfirm
          title="Zamítnout žádost o změnu tarifu?"
          okText="Zamítnout"
          okButtonProps={{ danger: true }}
          cancelText="Ne"
          onConfirm={() => answer(r, false)}
        >
          <Button danger size="small" disabled={resolve.isPending} aria-label={`Zamítnout žádost autoškoly ${r.schoolName}`}>
            Zamítnout
          </Button>
        </Popconfirm>
      </Flex>
    ) : (
      <Tag color={OUTCOMES[r.outcome].color}>{OUTCOMES[r.outcome].label}</Tag>
    );

  const items = requests.data ?? [];
  return (
    <Card title="Žádosti o změnu tarifu" style={{ marginBottom: 16 }}>
      {requests.isError && <Alert type="error" showIcon title={describeError(requests.error).message} style={{ marginBottom: 16 }} />}
      {isPhone ? (
        <CardList<TierRequest>
          label="Žádosti o změnu tarifu"
          items={items}
          rowKey={(r) => r.id}
          title={(r) => r.schoolName}
          actions={actions}
          emptyText="Žádné žádosti o změnu tarifu"
          fields={(r) => [
            { label: 'Číslo', value: r.schoolNumber },
            { label: 'Tarif', value: tierChange(r) },
            { label: 'Požádal(a)', value: requester(r) },
            { label: 'Odesláno', value: formatDateTime(r.createdAt) },
            ...(r.note ? [{ label: 'Poznámka', value: r.note }] : []),
          ]}
        />
      ) : (
        <Table<TierRequest>
          rowKey="id"
          size="small"
          loading={requests.isPending}
          dataSource={items}
          pagination={items.length > 10 ? { pageSize: 10 } : false}
          locale={{ emptyText: 'Žádné žádosti o změnu tarifu' }}
          scroll={{ x: true }}
          columns={[
            { title: 'Autoškola', key: 'school', render: (_, r) => `${r.schoolName} (č. ${r.schoolNumber})` },
            { title: 'Změna tarifu', key: 'tier', render: (_, r) => tierChange(r) },
            { title: 'Požádal(a)', key: 'by', render: (_, r) => requester(r) },
            { title: 'Poznámka', dataIndex: 'note', render: (note: string | null) => note ?? '–' },
            {
              title: 'Odesláno',
              dataIndex: 'createdAt',
              render: (d: Date, r) => (r.resolvedAt ? `${formatDate(d)} (vyřízeno ${formatDate(r.resolvedAt)})` : formatDateTime(d)),
            },
            { title: 'Stav', key: 'actions', render: (_, r) => actions(r) },
          ]}
        />
      )}
    </Card>
  );
}
