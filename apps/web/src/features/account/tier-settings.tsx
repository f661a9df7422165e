// Tarif: the active school's tier, this month's usage, what each tier offers, and the request for another tier (an
// admin sends and withdraws it; every member sees its state). TierChangedMessage reloads `account.*` in every open
// session, so a request, its withdrawal and the operator's answer show everywhere at once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDate } from '@volant/shared/format';
import { TIER_LABELS, TIERS, type Tier } from '@volant/shared/enums';
import { requestTierUpgradeInput } from '@volant/shared/user/inputs';
import { Alert, Button, Card, Col, Flex, Form, Input, Popconfirm, Progress, Radio, Row, Tag, Typography } from 'antd';
import { useState } from 'react';
import { tierUsagePercent } from '../../app/shell/tier-usage.tsx';
import { schoolOf, useMembership, useSchoolInput, useTier } from '../../app/use-school.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { notify } from '../../lib/antd-static.ts';
import { useFormMutation } from '../../lib/use-form-mutation.ts';
import { describeError, useTRPC } from '../../lib/trpc.ts';

const TIER_DESCRIPTIONS: Record<Tier, { summary: string; points: string[] }> = {
  STARTER: {
    summary: 'Pro malé autoškoly a na vyzkoušení.',
    points: ['Omezený počet nových žáků za kalendářní měsíc', 'Evidence žáků, výuky, výcviku a plateb', 'Hlášenky a PDF dokumenty'],
  },
  PREMIUM: {
    summary: 'Pro autoškoly, které rostou.',
    points: ['Neomezený počet nových žáků', 'Vše z tarifu Starter', 'Přednostní podpora'],
  },
  ENTERPRISE: {
    summary: 'Pro sítě autoškol a pobočky.',
    points: ['Individuální podmínky a limity', 'Vše z tarifu Premium', 'Pomoc s převodem dat a zaškolením'],
  },
};

function useTierUpgradeRequest() {
  const trpc = useTRPC();
  return useQuery(trpc.account.getTierUpgradeRequest.queryOptions(useSchoolInput()));
}

type UpgradeRequest = NonNullable<ReturnType<typeof useTierUpgradeRequest>['data']>;

/** The request's state: open (an admin may withdraw it), or how the operator settled it. */
function RequestState({ request, isAdmin }: { request: UpgradeRequest; isAdmin: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const school = useSchoolInput();
  const cancel = useMutation(trpc.account.cancelTierUpgradeRequest.mutationOptions());
  const label = TIER_LABELS[request.requestedTier];

  if (request.status === 'DONE') return <Alert type="success" showIcon title={`Tarif byl změněn na ${label}.`} />;
  if (request.status === 'CANCELLED')
    return <Alert type="warning" showIcon title="Žádost byla zamítnuta." description={`Žádost o tarif ${label} provozovatel nepřijal.`} />;

  const withdraw = async () => {
    try {
      await cancel.mutateAsync(schoolOf(school));
      notify.success('Žádost byla zrušena');
    } catch (e) {
      notify.error(describeError(e).message);
    }
    await queryClient.invalidateQueries(trpc.account.pathFilter());
  };

  const details = [request.requestedByName && `Požádal(a): ${request.requestedByName}`, request.note && `Poznámka: ${request.note}`].filter(Boolean);
  return (
    <Alert
      type="info"
      showIcon
      title={`Žádost o tarif ${label} byla odeslána ${formatDate(request.createdAt)} a čeká na vyřízení.`}
      description={
        details.length > 0 || isAdmin ? (
          // The button under the text, not beside it: on a phone a side button squeezed the text into a narrow column.
          <Flex vertical gap={8} align="flex-start">
            {details.length > 0 && <span>{details.join(' · ')}</span>}
            {isAdmin && (
              <Popconfirm title="Opravdu zrušit žádost o změnu tarifu?" okText="Zrušit žádost" cancelText="Ne" onConfirm={withdraw}>
                <Button size="small" loading={cancel.isPending}>
                  Zrušit žádost
                </Button>
              </Popconfirm>
            )}
          </Flex>
        ) : undefined
      }
    />
  );
}

/** The admin's request: the tier (one of the others) and an optional note for the operator. */
function RequestModal({ open, current, initialTier, onClose }: { open: boolean; current: Tier; initialTier: Tier | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const school = useSchoolInput();
  const [form] = Form.useForm();
  const send = useMutation(trpc.account.requestTierUpgrade.mutationOptions());
  const choices = TIERS.filter((t) => t !== current);
  // The tier screens (the request's state) refetch after the request, and after a refusal too (e.g. one already open).
  const tierScreens = () => [trpc.account.pathFilter()];
  const save = useFormMutation(form, {
    schema: requestTierUpgradeInput,
    send: (input) => send.mutateAsync({ ...schoolOf(school), ...input }),
    writes: tierScreens,
    success: 'Žádost o změnu tarifu byla odeslána',
    onSaved: onClose,
    onRefused: () => {
      for (const filter of tierScreens()) void queryClient.invalidateQueries(filter);
      return undefined;
    },
  });

  return (
    <AppModal
      open={open}
      title="Žádost o změnu tarifu"
      onCancel={onClose}
      okText="Odeslat žádost"
      onOk={() => form.submit()}
      confirmLoading={save.saving}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={save.submit}
        disabled={save.saving}
        initialValues={{ tier: initialTier ?? choices[0], note: '' }}
        preserve={false}
      >
        <Form.Item label="Nový tarif" name="tier">
          <Radio.Group
            options={choices.map((t) => ({ value: t, label: `${TIER_LABELS[t]} – ${TIER_DESCRIPTIONS[t].summary}` }))}
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          />
        </Form.Item>
        <Form.Item label="Poznámka pro provozovatele (nepovinné)" name="note">
          <Input.TextArea rows={3} maxLength={1000} showCount placeholder="Např. od kdy tarif potřebujete nebo kolik žáků čekáte" />
        </Form.Item>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          Žádost vyřídí provozovatel aplikace Volant. Změna se projeví hned po schválení, bez odhlášení.
        </Typography.Paragraph>
        {save.error && <Alert type="error" showIcon title={save.error} style={{ marginTop: 16 }} />}
      </Form>
    </AppModal>
  );
}

export function TierSettings() {
  const tier = useTier();
  const request = useTierUpgradeRequest();
  const { isAdmin } = useMembership();
  const [asking, setAsking] = useState<{ tier: Tier | null } | null>(null);
  if (tier.isPending) return <PageSpinner />;
  if (tier.isError) return <Alert type="error" showIcon title={describeError(tier.error).message} />;
  const { tier: current, maxStudentsInSchoolPerMonth: max, currentUsageStudentsInSchoolPerMonth: used } = tier.data;
  const isPending = request.data?.status === 'PENDING';
  const mayAsk = isAdmin && request.isSuccess && !isPending;

  return (
    <div style={{ maxWidth: 960 }}>
      <Typography.Title level={2}>Tarif</Typography.Title>
      <Card style={{ marginBottom: 16 }}>
        <Typography.Paragraph>
          Vaše autoškola má tarif <Tag color="blue">{TIER_LABELS[current]}</Tag>
        </Typography.Paragraph>
        {current === 'STARTER' && max != null ? (
          <>
            <Typography.Text>
              Noví žáci tento měsíc:{' '}
              <strong>
                {used}/{max}
              </strong>
            </Typography.Text>
            <Progress percent={tierUsagePercent(used, max)} status={used >= max ? 'exception' : 'normal'} />
            {used >= max && (
              <Alert type="warning" showIcon title="Měsíční limit nových žáků je vyčerpán. Další žáky přidáte od příštího měsíce nebo s vyšším tarifem." />
            )}
          </>
        ) : (
          current === 'PREMIUM' && <Typography.Text>Počet nových žáků není omezen. Tento měsíc jste přidali {used}.</Typography.Text>
        )}
      </Card>

      <Card title="Změna tarifu" style={{ marginBottom: 16 }}>
        <Flex vertical gap={12}>
          {request.isError && <Alert type="error" showIcon title={describeError(request.error).message} />}
          {request.data && <RequestState request={request.data} isAdmin={isAdmin} />}
          {!request.data && !isAdmin && request.isSuccess && (
            <Typography.Text type="secondary">O změnu tarifu může požádat administrátor autoškoly.</Typography.Text>
          )}
          {mayAsk && (
            <div>
              <Typography.Paragraph>
                Potřebujete víc žáků nebo další služby? Vyberte tarif a pošlete žádost provozovateli. Změna se projeví hned po schválení, bez odhlášení.
              </Typography.Paragraph>
              <Button type="primary" onClick={() => setAsking({ tier: null })}>
                Požádat o změnu tarifu
              </Button>
            </div>
          )}
        </Flex>
      </Card>

      <Row gutter={[16, 16]}>
        {TIERS.map((t) => (
          <Col key={t} xs={24} md={8}>
            <Card
              title={TIER_LABELS[t]}
              extra={
                t === current ? <Tag color="green">Aktuální</Tag> : isPending && request.data?.requestedTier === t ? <Tag color="blue">Vyžádáno</Tag> : null
              }
              style={{ height: '100%' }}
              actions={
                mayAsk && t !== current
                  ? [
                      <Button key="ask" type="link" onClick={() => setAsking({ tier: t })}>
                        Vybrat tarif {TIER_LABELS[t]}
                      </Button>,
                    ]
                  : undefined
              }
            >
              <Typography.Paragraph strong>{TIER_DESCRIPTIONS[t].summary}</Typography.Paragraph>
              <ul style={{ paddingInlineStart: 20, margin: 0 }}>
                {TIER_DESCRIPTIONS[t].points.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </Card>
          </Col>
        ))}
      </Row>
      <RequestModal open={asking !== null} current={current} initialTier={asking?.tier ?? null} onClose={() => setAsking(null)} />
    </div>
  );
}
