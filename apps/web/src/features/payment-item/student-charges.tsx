// Platba's 'Další položky' (issue 9): extras charged to the student beyond the course price (kondiční jízda, opravná
// zkouška …), each raising what they owe. 'Přidat položku' opens a drawer with the item prefilled from the school's
// extras price; a line is deleted after 'Opravdu chcete položku odstranit?'.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { PRICE_EXTRA_LABELS, PRICE_EXTRAS, type PriceExtra } from '@volant/shared/enums';
import { ERROR_TITLES } from '@volant/shared/errors';
import { formatDate, formatMoney, toCzk } from '@volant/shared/format';
import { addChargeInput, CHARGE_QUANTITY_MAX, PRICE_MAX_CZK } from '@volant/shared/payment-item/inputs';
import { schoolToday } from '@volant/shared/school-time';
import { App, Button, Empty, Flex, Form, Input, InputNumber, Popconfirm, Select, Table, type TableProps, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { schoolOf, useMembership, useSchoolInput } from '../../app/use-school.ts';
import { CardList } from '../../components/card-list.tsx';
import { DayPicker } from '../../components/day-picker.tsx';
import { FormDrawer } from '../../components/form-drawer.tsx';
import { browserNow } from '../../lib/clock.ts';
import { clearErrorsOnChange, toIsoDate } from '../../lib/form-fields.ts';
import { useApplyWrite, useFormMutation } from '../../lib/use-form-mutation.ts';
import { paymentItemLive } from './payment-item.live.ts';
import { useIsPhone } from '../../lib/media.ts';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';

type Charge = RouterOutputs['paymentItem']['getPaymentItems']['charges'][number];

interface ChargeValues {
  item?: PriceExtra;
  label?: string;
  quantity?: number | null;
  unitPrice?: number | null;
  chargedOn?: Dayjs | null;
  note?: string;
}

/** The drawer 'Přidat položku': the item (its label and the school's price prefilled, both editable), quantity, day, note. */
function ChargeDrawer({ open, studentId, onClose }: { open: boolean; studentId: string; onClose: () => void }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const [form] = Form.useForm<ChargeValues>();
  const extras = useQuery(trpc.paymentItem.getPriceExtras.queryOptions(school));
  const add = useMutation(trpc.paymentItem.addCharge.mutationOptions());
  // A charge moves the student's Platba and balance: the payment's live reaction, applied on the answer.
  const save = useFormMutation(form, {
    schema: addChargeInput,
    send: (_input, values) => add.mutateAsync({ ...schoolOf(school), ...values }), // koruny to the server
    writes: () => paymentItemLive.PaymentItemMessage({ schoolId: schoolOf(school).schoolId, studentId }),
    success: 'Položka byla přidána',
    onSaved: onClose,
  });
  const today = schoolToday(browserNow());
  const quantity = Form.useWatch('quantity', form);
  const unitPrice = Form.useWatch('unitPrice', form);
  const total = typeof quantity === 'number' && typeof unitPrice === 'number' ? Math.round(unitPrice * 100) * quantity : null;

  const onItem = (item: PriceExtra) => {
    const price = extras.data?.find((e) => e.item === item)?.price;
    form.setFieldsValue({ label: PRICE_EXTRA_LABELS[item], ...(price === undefined ? {} : { unitPrice: toCzk(price) }) });
  };

  const onFinish = (values: ChargeValues) =>
    save.submit({
      studentId,
      item: values.item,
      label: values.label ?? '',
      quantity: values.quantity ?? undefined,
      unitPrice: values.unitPrice ?? undefined,
      chargedOn: toIsoDate(values.chargedOn) ?? null,
      note: values.note ?? null,
    });

  return (
    <FormDrawer open={open} onClose={onClose} title="Přidat položku" saving={save.saving} onSave={() => form.submit()} error={save.error}>
      {' '}
      <Form<ChargeValues>
        form={form}
        name="student-charge"
        layout="vertical"
        initialValues={{ quantity: 1, chargedOn: dayjs(today) }}
        onFinish={onFinish}
        onValuesChange={clearErrorsOnChange(form)}
      >
        <Form.Item label="Položka" name="item" required>
          <Select<PriceExtra>
            aria-label="Položka"
            placeholder="Vyberte položku"
            onChange={onItem}
            options={PRICE_EXTRAS.map((item) => ({ value: item, label: PRICE_EXTRA_LABELS[item] }))}
          />
        </Form.Item>
        <Form.Item label="Název" name="label" required>
          <Input aria-label="Název" maxLength={200} />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item label="Množství" name="quantity" required style={{ flex: '1 1 120px' }}>
            <InputNumber<number> aria-label="Množství" min={1} max={CHARGE_QUANTITY_MAX} step={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="Cena za kus (Kč)" name="unitPrice" required style={{ flex: '1 1 160px' }}>
            <InputNumber<number>
              aria-label="Cena za kus (Kč)"
              min={0}
              max={PRICE_MAX_CZK}
              step={100}
              precision={2}
              decimalSeparator=","
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Flex>
        <Typography.Paragraph>
          Celkem: <Typography.Text strong>{total === null ? '—' : formatMoney(total)}</Typography.Text>
        </Typography.Paragraph>
        <Form.Item label="Datum" name="chargedOn" required>
          <DayPicker aria-label="Datum" latest={today} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="Poznámka" name="note">
          <Input.TextArea aria-label="Poznámka" rows={3} maxLength={1000} showCount />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </FormDrawer>
  );
}

/** The section 'Další položky' of the Platba tab. */
export function StudentCharges({ studentId, charges, loading }: { studentId: string; charges: readonly Charge[]; loading: boolean }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const isPhone = useIsPhone();
  const applyWrite = useApplyWrite();
  const { message, notification } = App.useApp();
  const [drawer, setDrawer] = useState({ open: false, opened: 0 });
  // Removing a charge is office work (the permission table): a teacher adds charges but removes none.
  const canRemove = useMembership().may('paymentItem.removeCharge');
  const remove = useMutation(
    trpc.paymentItem.removeCharge.mutationOptions({
      onSuccess: async () => {
        await applyWrite(paymentItemLive.PaymentItemMessage({ schoolId: schoolOf(school).schoolId, studentId }));
        message.success('Položka byla odstraněna');
      },
      onError: (err) => notification.error({ title: ERROR_TITLES.error, description: describeError(err).message }),
    }),
  );

  const deleteAction = (c: Charge) => (
    <Popconfirm
      title="Opravdu chcete položku odstranit?"
      okText="Ano"
      cancelText="Zrušit"
      okButtonProps={{ danger: true }}
      onConfirm={() => remove.mutateAsync({ ...schoolOf(school), studentId, id: c.id }).catch(() => undefined)}
    >
      <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Odstranit položku ${c.label}`} title="Odstranit" />
    </Popconfirm>
  );

  const columns: TableProps<Charge>['columns'] = [
    { key: 'chargedOn', title: 'Datum', render: (_, c) => formatDate(c.chargedOn) },
    {
      key: 'label',
      title: 'Položka',
      render: (_, c) => (
        <>
          {c.label}
          {c.note && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
              {c.note}
            </Typography.Text>
          )}
        </>
      ),
    },
    { key: 'quantity', title: 'Množství', align: 'right', render: (_, c) => c.quantity },
    { key: 'unitPrice', title: 'Cena', align: 'right', render: (_, c) => formatMoney(c.unitPrice) },
    { key: 'total', title: 'Celkem', align: 'right', render: (_, c) => formatMoney(c.total) },
    ...(canRemove ? [{ key: 'actions', title: '', align: 'right' as const, render: (_: unknown, c: Charge) => deleteAction(c) }] : []),
  ];

  return (
    <Flex vertical gap={8} style={{ minWidth: 0 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          Další položky
        </Typography.Title>
        <Button icon={<PlusOutlined />} onClick={() => setDrawer((d) => ({ open: true, opened: d.opened + 1 }))}>
          Přidat položku
        </Button>
      </Flex>
      {isPhone ? (
        <CardList<Charge>
          label="Další položky"
          items={charges}
          rowKey={(c) => c.id}
          title={(c) => `${formatDate(c.chargedOn)} · ${c.label}`}
          actions={canRemove ? deleteAction : undefined}
          fields={(c) => [
            { label: 'Množství', value: c.quantity },
            { label: 'Cena', value: formatMoney(c.unitPrice) },
            { label: 'Celkem', value: formatMoney(c.total) },
            ...(c.note ? [{ label: 'Poznámka', value: c.note }] : []),
          ]}
          emptyText="Žádné další položky"
        />
      ) : (
        <Table<Charge>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={charges as Charge[]}
          loading={loading}
          pagination={charges.length > 20 ? { pageSize: 20 } : false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Žádné další položky" /> }}
        />
      )}
      <ChargeDrawer key={`charge-${drawer.opened}`} open={drawer.open} studentId={studentId} onClose={() => setDrawer((d) => ({ ...d, open: false }))} />
    </Flex>
  );
}
