// Platba's 'Splátkový kalendář' (issue 21 §2): the student's price split into instalments with due dates, each with
// what the payments cover (allocated oldest due date first) and its state — 'Zaplaceno', 'Částečně zaplaceno',
// 'K úhradě', 'Po splatnosti'. The office applies one of the school's templates ('Použít šablonu') or edits the
// plan ('Upravit splátky'). Amounts are typed in koruny; the server keeps haléře.
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { formatDate, formatMoney, toCzk } from '@volant/shared/format';
import { setStudentInstalmentsInput } from '@volant/shared/instalment/inputs';
import { INSTALMENT_STATE_LABELS, type InstalmentState, INSTALMENTS_MAX } from '@volant/shared/instalment/instalments';
import { PRICE_MAX_CZK } from '@volant/shared/payment-item/inputs';
import { App, Button, Card, Empty, Flex, Form, Input, InputNumber, Select, Table, type TableProps, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { schoolOf, useMembership, useSchoolInput, withSchool } from '../../app/use-school.ts';
import { CardList } from '../../components/card-list.tsx';
import { DayPicker } from '../../components/day-picker.tsx';
import { FormDrawer } from '../../components/form-drawer.tsx';
import { clearErrorsOnChange, toIsoDate } from '../../lib/form-fields.ts';
import { useIsPhone } from '../../lib/media.ts';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';
import { useApplyWrite, useFormMutation } from '../../lib/use-form-mutation.ts';
import { paymentItemLive } from './payment-item.live.ts';

type Plan = RouterOutputs['instalment']['getStudentInstalments'];
type Instalment = Plan['items'][number];

const STATE_COLORS: Record<InstalmentState, string> = { PAID: 'green', PARTLY_PAID: 'blue', DUE: 'default', OVERDUE: 'red' };

export function InstalmentStateTag({ state }: { state: InstalmentState }) {
  return <Tag color={STATE_COLORS[state]}>{INSTALMENT_STATE_LABELS[state]}</Tag>;
}

interface PlanValues {
  items?: { label?: string; dueOn?: Dayjs | null; amount?: number | null }[];
}

/** The drawer 'Upravit splátky': one row per instalment (name, due date, amount in Kč); saving replaces the plan. */
function PlanDrawer({ open, studentId, plan, onClose }: { open: boolean; studentId: string; plan: Plan | undefined; onClose: () => void }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const [form] = Form.useForm<PlanValues>();
  const set = useMutation(trpc.instalment.setStudentInstalments.mutationOptions());
  const save = useFormMutation(form, {
    schema: setStudentInstalmentsInput,
    send: (_input, values) => set.mutateAsync({ ...schoolOf(school), ...values }),
    writes: () => paymentItemLive.PaymentItemMessage({ schoolId: schoolOf(school).schoolId, studentId }),
    success: 'Splátkový kalendář byl uložen',
    onSaved: onClose,
  });
  const initial = (plan?.items ?? []).map((i) => ({ label: i.label, dueOn: dayjs(i.dueOn), amount: toCzk(i.amount) }));
  const onFinish = (values: PlanValues) =>
    save.submit({
      studentId,
      items: (values.items ?? []).map((i) => ({ label: i.label ?? '', dueOn: toIsoDate(i.dueOn) ?? '', amount: i.amount ?? undefined })),
    });
  return (
    <FormDrawer open={open} onClose={onClose} title="Upravit splátky" width={640} saving={save.saving} onSave={() => form.submit()} error={save.error}>
      <Form<PlanValues>
        form={form}
        name="instalments"
        layout="vertical"
        initialValues={{ items: initial }}
        onFinish={onFinish}
        onValuesChange={clearErrorsOnChange(form)}
      >
        <Form.List name="items">
          {(fields, { add, remove }) => (
            <Flex vertical gap={8}>
              {fields.map((field, i) => (
                <Flex key={field.key} gap={8} align="start" wrap>
                  <Form.Item name={[field.name, 'label']} label={i === 0 ? 'Splátka' : undefined} style={{ flex: '2 1 160px', marginBottom: 0 }}>
                    <Input aria-label={`Název splátky ${i + 1}`} maxLength={200} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'dueOn']} label={i === 0 ? 'Splatnost' : undefined} style={{ flex: '1 1 140px', marginBottom: 0 }}>
                    <DayPicker aria-label={`Splatnost splátky ${i + 1}`} latest="2100-12-31" style={{ width: '100%' }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'amount']} label={i === 0 ? 'Částka (Kč)' : undefined} style={{ flex: '1 1 120px', marginBottom: 0 }}>
                    <InputNumber<number>
                      aria-label={`Částka splátky ${i + 1}`}
                      min={0}
                      max={PRICE_MAX_CZK}
                      precision={2}
                      decimalSeparator=","
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`Odebrat splátku ${i + 1}`}
                    onClick={() => remove(field.name)}
                    style={{ marginTop: i === 0 ? 30 : 0 }}
                  />
                </Flex>
              ))}
              {fields.length < INSTALMENTS_MAX && (
                <Button icon={<PlusOutlined />} onClick={() => add({ label: `${fields.length + 1}. splátka`, dueOn: null, amount: null })}>
                  Přidat splátku
                </Button>
              )}
            </Flex>
          )}
        </Form.List>
      </Form>
    </FormDrawer>
  );
}

export function StudentInstalments({ studentId }: { studentId: string }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const isPhone = useIsPhone();
  const applyWrite = useApplyWrite();
  const { may } = useMembership();
  const canEdit = may('instalment.setStudentInstalments');
  const { message, notification } = App.useApp();
  const [drawer, setDrawer] = useState({ open: false, opened: 0 });
  const [templateId, setTemplateId] = useState<string | null>(null);
  const plan = useQuery(trpc.instalment.getStudentInstalments.queryOptions(withSchool(school, { studentId })));
  const templates = useQuery({ ...trpc.instalment.getTemplates.queryOptions(school), enabled: canEdit });
  const apply = useMutation(
    trpc.instalment.applyTemplate.mutationOptions({
      onSuccess: async () => {
        await applyWrite(paymentItemLive.PaymentItemMessage({ schoolId: schoolOf(school).schoolId, studentId }));
        message.success('Šablona splátek byla použita');
      },
      onError: (err) => notification.error({ title: 'Chyba', description: describeError(err).message }),
    }),
  );
  const items = plan.data?.items ?? [];

  const columns: TableProps<Instalment>['columns'] = [
    { key: 'label', title: 'Splátka', render: (_, i) => i.label },
    { key: 'dueOn', title: 'Splatnost', render: (_, i) => formatDate(i.dueOn) },
    { key: 'amount', title: 'Částka', align: 'right', render: (_, i) => formatMoney(i.amount) },
    { key: 'paid', title: 'Zaplaceno', align: 'right', render: (_, i) => formatMoney(i.paid) },
    { key: 'remaining', title: 'Zbývá', align: 'right', render: (_, i) => formatMoney(i.remaining) },
    { key: 'state', title: 'Stav', render: (_, i) => <InstalmentStateTag state={i.state} /> },
  ];

  return (
    <Card
      size="small"
      title="Splátkový kalendář"
      extra={
        canEdit && (
          <Button type="link" icon={<EditOutlined />} onClick={() => setDrawer((d) => ({ open: true, opened: d.opened + 1 }))}>
            Upravit splátky
          </Button>
        )
      }
    >
      <Flex vertical gap={12}>
        {items.length > 0 && (
          <Flex gap={24} wrap>
            <Typography.Text>
              Po splatnosti:{' '}
              <Typography.Text strong type={plan.data?.overdue ? 'danger' : undefined} data-testid="instalments-overdue">
                {formatMoney(plan.data?.overdue ?? 0)}
              </Typography.Text>
            </Typography.Text>
            <Typography.Text>
              K úhradě: <Typography.Text strong>{formatMoney(plan.data?.upcoming ?? 0)}</Typography.Text>
              {plan.data?.nextDueOn ? ` (nejbližší splatnost ${formatDate(plan.data.nextDueOn)})` : ''}
            </Typography.Text>
          </Flex>
        )}
        {isPhone ? (
          <CardList<Instalment>
            label="Splátky"
            items={items}
            rowKey={(i) => i.id}
            title={(i) => `${i.label} · ${formatMoney(i.amount)}`}
            fields={(i) => [
              { label: 'Splatnost', value: formatDate(i.dueOn) },
              { label: 'Zbývá', value: formatMoney(i.remaining) },
              { label: 'Stav', value: <InstalmentStateTag state={i.state} /> },
            ]}
            emptyText="Žák nemá splátkový kalendář"
          />
        ) : (
          <Table<Instalment>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={items}
            loading={plan.isPending}
            pagination={false}
            locale={{ emptyText: <Empty description="Žák nemá splátkový kalendář" /> }}
          />
        )}
        {canEdit && (templates.data?.length ?? 0) > 0 && (
          <Flex gap={8} wrap align="center">
            <Select
              aria-label="Šablona splátek"
              placeholder="Šablona splátek"
              style={{ minWidth: 220 }}
              value={templateId}
              onChange={setTemplateId}
              options={(templates.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
            />
            <Button disabled={!templateId} loading={apply.isPending} onClick={() => templateId && apply.mutate({ ...schoolOf(school), studentId, templateId })}>
              Použít šablonu
            </Button>
          </Flex>
        )}
      </Flex>
      <PlanDrawer key={drawer.opened} open={drawer.open} studentId={studentId} plan={plan.data} onClose={() => setDrawer((d) => ({ ...d, open: false }))} />
    </Card>
  );
}
