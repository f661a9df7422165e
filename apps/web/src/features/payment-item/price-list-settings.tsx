// Settings → Ceník (issue 9 price list): the school's course price per group × training kind × training type, in Kč,
// and the extras' prices ('Další položky'). A student without an own price gets the price of their first group, kind
// and type on the Platba tab (fixed when their training starts). Admins edit.
import { InstalmentTemplatesSettings } from './instalment-templates-settings.tsx';
import { PaymentReminderSettings } from './payment-reminder-settings.tsx';
import { AutoChargeSettings } from './auto-charge-settings.tsx';
import { DeleteOutlined } from '@ant-design/icons';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LICENCE_GROUPS, type LicenceGroup, TRAINING_KIND_LABELS, TRAINING_TYPE_LABELS, type TrainingKind, type TrainingType } from '@volant/shared/enums';
import { ERROR_TITLES } from '@volant/shared/errors';
import { formatMoney, groupsText } from '@volant/shared/format';
import { PRICE_MAX_CZK, priceListItemInput } from '@volant/shared/payment-item/inputs';
import { Alert, App, Button, Card, Empty, Flex, Form, InputNumber, Popconfirm, Select, Table, type TableProps, Typography } from 'antd';
import { schoolOf, useMembership, useSchoolInput } from '../../app/use-school.ts';
import { CardList } from '../../components/card-list.tsx';
import { clearErrorsOnChange } from '../../lib/form-fields.ts';
import { useIsPhone } from '../../lib/media.ts';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';
import { useFormMutation } from '../../lib/use-form-mutation.ts';
import { paymentItemLive } from './payment-item.live.ts';
import { TrainingKindSelect, TrainingTypeSelect } from '../student/student-fields.tsx';
import { withFeedback } from '../../components/feedback-scope.tsx';
import { PriceExtrasSettings } from './price-extras-settings.tsx';

type Price = RouterOutputs['paymentItem']['getPriceList'][number];

interface Values {
  group?: LicenceGroup;
  kind?: TrainingKind;
  variant?: TrainingType;
  price?: number | null;
}

const what = (p: Pick<Price, 'group' | 'kind' | 'variant'>) =>
  `${groupsText([p.group])} · ${TRAINING_KIND_LABELS[p.kind as TrainingKind]} · ${TRAINING_TYPE_LABELS[p.variant as TrainingType]}`;

function PriceListSettingsView() {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const isPhone = useIsPhone();
  const queryClient = useQueryClient();
  const { isAdmin } = useMembership();
  const { message, notification } = App.useApp();
  const [form] = Form.useForm<Values>();
  const list = useQuery(trpc.paymentItem.getPriceList.queryOptions(school));
  const set = useMutation(trpc.paymentItem.setPriceListItem.mutationOptions());
  const prices = list.data ?? [];
  const priceList = () => trpc.paymentItem.getPriceList.queryFilter(schoolOf(school));
  // The answer is the whole price list; the rest of the price list's live reaction (defaults, balances) is refetched.
  const save = useFormMutation(form, {
    schema: priceListItemInput,
    send: (_input, values) => set.mutateAsync({ ...schoolOf(school), ...values }), // koruny to the server
    writes: () => paymentItemLive.PriceListMessage(schoolOf(school)),
    puts: (rows) => [{ filter: priceList(), update: () => rows }],
    success: 'Cena byla uložena',
    onSaved: () => form.setFieldValue('price', null),
  });

  const onFinish = (values: Values) => save.submit({ group: values.group, kind: values.kind, variant: values.variant, price: values.price ?? undefined });

  const remove = (p: Price) =>
    set
      .mutateAsync({ ...schoolOf(school), group: p.group, kind: p.kind, variant: p.variant, price: null })
      .then((rows) => {
        queryClient.setQueryData(priceList().queryKey, rows);
        message.success('Cena byla odstraněna');
      })
      .catch((err: unknown) => notification.error({ title: ERROR_TITLES.error, description: describeError(err).message }));

  const actions = (p: Price) =>
    isAdmin ? (
      <Popconfirm title="Opravdu chcete odstranit cenu?" okText="Ano" cancelText="Zrušit" onConfirm={() => remove(p)}>
        <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Odstranit cenu ${what(p)}`} title="Odstranit" />
      </Popconfirm>
    ) : null;

  const columns: TableProps<Price>['columns'] = [
    { key: 'group', title: 'Skupina', render: (_, p) => groupsText([p.group]) },
    { key: 'kind', title: 'Druh výcviku', render: (_, p) => TRAINING_KIND_LABELS[p.kind as TrainingKind] },
    { key: 'variant', title: 'Typ výcviku', render: (_, p) => TRAINING_TYPE_LABELS[p.variant as TrainingType] },
    { key: 'price', title: 'Cena', align: 'right', render: (_, p) => formatMoney(p.price) },
    ...(isAdmin ? [{ key: 'actions', title: '', align: 'right' as const, render: (_: unknown, p: Price) => actions(p) }] : []),
  ];

  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Ceník
      </Typography.Title>
      {list.isError && <Alert type="error" showIcon title={describeError(list.error).message} />}
      {isAdmin && (
        <Card size="small" title="Nastavit cenu">
          {save.error && <Alert type="error" showIcon title={save.error} style={{ marginBottom: 16 }} />}
          <Form<Values>
            form={form}
            name="price-list"
            layout={isPhone ? 'vertical' : 'inline'}
            initialValues={{ kind: 'BASIC', variant: 'COURSE' }}
            onFinish={onFinish}
            onValuesChange={clearErrorsOnChange(form)}
          >
            <Form.Item label="Skupina" name="group" required>
              <Select<LicenceGroup>
                aria-label="Skupina"
                placeholder="Vyberte skupinu"
                style={{ minWidth: 120 }}
                options={LICENCE_GROUPS.map((g) => ({ value: g, label: groupsText([g]) }))}
              />
            </Form.Item>
            <Form.Item label="Druh výcviku" name="kind" required>
              <TrainingKindSelect aria-label="Druh výcviku" style={{ minWidth: 140 }} />
            </Form.Item>
            <Form.Item label="Typ výcviku" name="variant" required>
              <TrainingTypeSelect aria-label="Typ výcviku" style={{ minWidth: 140 }} />
            </Form.Item>
            <Form.Item label="Cena (Kč)" name="price" required>
              <InputNumber<number> aria-label="Cena (Kč)" min={0} max={PRICE_MAX_CZK} step={100} precision={2} decimalSeparator="," style={{ width: 160 }} />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit" loading={save.saving}>
                Uložit cenu
              </Button>
            </Form.Item>
          </Form>
        </Card>
      )}
      {isPhone ? (
        <CardList<Price>
          label="Ceník"
          items={prices}
          rowKey={what}
          title={what}
          actions={actions}
          fields={(p) => [{ label: 'Cena', value: formatMoney(p.price) }]}
          emptyText="Ceník je zatím prázdný"
        />
      ) : (
        <Table<Price>
          rowKey={what}
          columns={columns}
          dataSource={prices}
          loading={list.isPending && school !== skipToken}
          pagination={false}
          locale={{ emptyText: <Empty description="Ceník je zatím prázdný" /> }}
        />
      )}
      <PriceExtrasSettings />
      <InstalmentTemplatesSettings />
      <PaymentReminderSettings />
      <AutoChargeSettings />
    </Flex>
  );
}

const PriceListSettings = withFeedback(PriceListSettingsView);
export default PriceListSettings;
