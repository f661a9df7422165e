// Tab 4 'Platba' of the student card (issue 9, spec §2): the student's payments, the course price with its discount,
// the extras charged ('Další položky'), what is paid and what remains. 'Zaevidovat platbu' opens the drawer 'Evidence platby'; a payment is deleted after
// 'Opravdu chcete odstranit platbu?'. Amounts are typed in koruny; the server keeps haléře.
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '@volant/shared/enums';
import { ERROR_TITLES } from '@volant/shared/errors';
import { formatDate, formatMoney, toCzk } from '@volant/shared/format';
import { missingPriceText } from '@volant/shared/payment-item/balance';
import { createPaymentInput, PRICE_MAX_CZK, studentPriceInput } from '@volant/shared/payment-item/inputs';
import { schoolToday } from '@volant/shared/school-time';
import { Alert, App, Button, Card, Descriptions, Empty, Flex, Form, Input, InputNumber, Popconfirm, Select, Table, type TableProps, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { schoolOf, useMembership, useSchoolInput, withSchool } from '../../app/use-school.ts';
import { CardList } from '../../components/card-list.tsx';
import { DayPicker } from '../../components/day-picker.tsx';
import { FormDrawer } from '../../components/form-drawer.tsx';
import { browserNow } from '../../lib/clock.ts';
import { clearErrorsOnChange, toIsoDate } from '../../lib/form-fields.ts';
import { useApplyWrite, useFormMutation } from '../../lib/use-form-mutation.ts';
import { paymentItemLive } from './payment-item.live.ts';
import { useIsPhone } from '../../lib/media.ts';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';
import type { StudentDetail } from '../student/use-student-update.ts';
import { PRICE_LIST_PATH } from './owing-list.tsx';
import { StudentCharges } from './student-charges.tsx';
import { StudentInstalments } from './student-instalments.tsx';
import { SentReminders } from './sent-reminders.tsx';
import { StudentInvoices } from '../invoice/student-invoices.tsx';

type Payments = RouterOutputs['paymentItem']['getPaymentItems'];
type Payment = Payments['items'][number];

const money = (halere: number | null | undefined) => (halere === null || halere === undefined ? '—' : formatMoney(halere));

interface PaymentValues {
  price?: number | null;
  paidOn?: Dayjs | null;
  method?: PaymentMethod;
  note?: string;
}

/** The drawer 'Evidence platby': amount in Kč, the day, the method and a note. */
function PaymentDrawer({ open, studentId, onClose }: { open: boolean; studentId: string; onClose: () => void }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const [form] = Form.useForm<PaymentValues>();
  const create = useMutation(trpc.paymentItem.createPayment.mutationOptions());
  const today = schoolToday(browserNow());
  const save = useFormMutation(form, {
    schema: createPaymentInput,
    send: (_input, values) => create.mutateAsync({ ...schoolOf(school), ...values }), // koruny to the server
    writes: () => paymentItemLive.PaymentItemMessage({ schoolId: schoolOf(school).schoolId, studentId }),
    success: 'Platba byla zaevidována',
    onSaved: onClose,
  });

  const onFinish = (values: PaymentValues) =>
    save.submit({ studentId, price: values.price ?? undefined, paidOn: toIsoDate(values.paidOn) ?? null, method: values.method, note: values.note ?? null });

  return (
    <FormDrawer open={open} onClose={onClose} title="Evidence platby" saving={save.saving} onSave={() => form.submit()} error={save.error}>
      {' '}
      <Form<PaymentValues>
        form={form}
        name="payment-item"
        layout="vertical"
        initialValues={{ paidOn: dayjs(today), method: 'CASH' }}
        onFinish={onFinish}
        onValuesChange={clearErrorsOnChange(form)}
      >
        <Form.Item label="Částka (Kč)" name="price" required>
          <InputNumber<number> aria-label="Částka (Kč)" min={0} max={PRICE_MAX_CZK} step={100} precision={2} decimalSeparator="," style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="Datum platby" name="paidOn" required>
          <DayPicker aria-label="Datum platby" latest={today} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="Způsob platby" name="method" required>
          <Select aria-label="Způsob platby" options={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))} />
        </Form.Item>
        <Form.Item label="Poznámka" name="note">
          <Input.TextArea aria-label="Poznámka" rows={3} maxLength={1000} showCount />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </FormDrawer>
  );
}

interface PriceValues {
  price?: number | null;
  discount?: number | null;
  discountReason?: string;
}

/** The admin's edit of the student's own course price and discount. */
function PriceDrawer({
  open,
  studentId,
  summary,
  onClose,
}: {
  open: boolean;
  studentId: string;
  summary: Payments['summary'] | undefined;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const [form] = Form.useForm<PriceValues>();
  const set = useMutation(trpc.paymentItem.setStudentPrice.mutationOptions());
  const save = useFormMutation(form, {
    schema: studentPriceInput,
    send: (_input, values) => set.mutateAsync({ ...schoolOf(school), ...values }), // koruny to the server
    writes: () => paymentItemLive.PaymentItemMessage({ schoolId: schoolOf(school).schoolId, studentId }),
    success: 'Cena kurzu byla uložena',
    onSaved: onClose,
  });

  const onFinish = (values: PriceValues) =>
    save.submit({ studentId, price: values.price ?? undefined, discount: values.discount ?? 0, discountReason: values.discountReason ?? null });

  const initialValues: PriceValues = {
    price: summary?.price === null || summary?.price === undefined ? null : toCzk(summary.price),
    discount: summary ? toCzk(summary.discount) : 0,
    discountReason: summary?.discountReason ?? '',
  };
  const amount = (label: string) => (
    <InputNumber<number> aria-label={label} min={0} max={PRICE_MAX_CZK} step={100} precision={2} decimalSeparator="," style={{ width: '100%' }} />
  );
  return (
    <FormDrawer open={open} onClose={onClose} title="Cena kurzu" saving={save.saving} onSave={() => form.submit()} error={save.error}>
      {' '}
      <Form<PriceValues>
        form={form}
        name="student-price"
        layout="vertical"
        initialValues={initialValues}
        onFinish={onFinish}
        onValuesChange={clearErrorsOnChange(form)}
      >
        <Form.Item label="Cena kurzu (Kč)" name="price" required>
          {amount('Cena kurzu (Kč)')}
        </Form.Item>
        <Form.Item label="Sleva (Kč)" name="discount">
          {amount('Sleva (Kč)')}
        </Form.Item>
        <Form.Item label="Důvod slevy" name="discountReason">
          <Input.TextArea aria-label="Důvod slevy" rows={2} maxLength={1000} showCount />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </FormDrawer>
  );
}

/** Where the course price comes from, as the Platba tab says it. */
const PRICE_SOURCE_NOTES: Record<Payments['summary']['source'], string> = {
  STUDENT: 'vlastní cena',
  PRICE_LIST: 'dle ceníku',
  PRICE_LIST_AT_START: 'dle ceníku při zahájení',
  MISSING: '',
};

/** The course price with where it comes from: '24 900,00 Kč (dle ceníku)', or that the price list lacks it. */
function coursePriceText(summary: Payments['summary'] | undefined) {
  if (!summary) return '—';
  if (summary.source === 'MISSING' || summary.price === null) return <Typography.Text type="warning">Chybí v ceníku</Typography.Text>;
  return `${money(summary.price)} (${PRICE_SOURCE_NOTES[summary.source]})`;
}

function PriceSummary({ summary, isAdmin, onEdit }: { summary: Payments['summary'] | undefined; isAdmin: boolean; onEdit: () => void }) {
  const isPhone = useIsPhone();
  return (
    <Card
      size="small"
      title="Přehled plateb"
      extra={
        isAdmin && (
          <Button type="link" icon={<EditOutlined />} onClick={onEdit}>
            Upravit cenu
          </Button>
        )
      }
    >
      {summary?.missing && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={`${missingPriceText(summary.missing)}.`}
          description={
            <>
              Dokud ji nedoplníte, žák nemá cenu kurzu a v Nedoplatcích se jeho dluh nepočítá.{' '}
              {isAdmin ? <Link to={PRICE_LIST_PATH}>Nastavení → Ceník</Link> : 'Cenu doplní administrátor v Nastavení → Ceník.'}
            </>
          }
        />
      )}
      <Descriptions
        size="small"
        column={isPhone ? 1 : { xs: 1, sm: 2, md: 3, xl: 5 }}
        items={[
          { key: 'price', label: 'Cena kurzu', children: coursePriceText(summary) },
          {
            key: 'discount',
            label: 'Sleva',
            children: summary ? `${money(summary.discount)}${summary.discountReason ? ` (${summary.discountReason})` : ''}` : '—',
          },
          { key: 'charges', label: 'Další položky', children: money(summary?.charges) },
          { key: 'paid', label: 'Zaplaceno', children: money(summary?.paid) },
          { key: 'due', label: 'Zbývá doplatit', children: <Typography.Text strong>{money(summary?.due)}</Typography.Text> },
        ]}
      />
    </Card>
  );
}

export function PaymentTab({ student }: { student: StudentDetail }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const isPhone = useIsPhone();
  const applyWrite = useApplyWrite();
  const { isAdmin, may } = useMembership();
  // Removing a payment is office work (the permission table): a teacher records payments but removes none.
  const canRemove = may('paymentItem.removePayment');
  const { message, notification } = App.useApp();
  const [drawer, setDrawer] = useState<{ open: 'payment' | 'price' | null; opened: number }>({ open: null, opened: 0 });
  const open = (which: 'payment' | 'price') => setDrawer((d) => ({ open: which, opened: d.opened + 1 }));
  const close = () => setDrawer((d) => ({ ...d, open: null }));
  const input = withSchool(school, { studentId: student.id });
  const list = useQuery(trpc.paymentItem.getPaymentItems.queryOptions(input));
  const remove = useMutation(
    trpc.paymentItem.removePayment.mutationOptions({
      onSuccess: async () => {
        await applyWrite(paymentItemLive.PaymentItemMessage({ schoolId: schoolOf(school).schoolId, studentId: student.id }));
        message.success('Platba byla odstraněna');
      },
      onError: (err) => notification.error({ title: ERROR_TITLES.error, description: describeError(err).message }),
    }),
  );
  const items = list.data?.items ?? [];

  const deleteAction = (p: Payment) => (
    <Popconfirm
      title="Opravdu chcete odstranit platbu?"
      okText="Ano"
      cancelText="Zrušit"
      okButtonProps={{ danger: true }}
      onConfirm={() => remove.mutateAsync({ ...schoolOf(school), studentId: student.id, id: p.id }).catch(() => undefined)}
    >
      <Button type="text" danger icon={<DeleteOutlined />} aria-label="Odstranit platbu" title="Odstranit" />
    </Popconfirm>
  );

  const columns: TableProps<Payment>['columns'] = [
    { key: 'paidOn', title: 'Datum', render: (_, p) => formatDate(p.paidOn) },
    { key: 'price', title: 'Částka', align: 'right', render: (_, p) => money(p.price) },
    { key: 'method', title: 'Způsob platby', render: (_, p) => PAYMENT_METHOD_LABELS[p.method] },
    { key: 'note', title: 'Poznámka', render: (_, p) => p.note ?? '' },
    ...(canRemove ? [{ key: 'actions', title: '', align: 'right' as const, render: (_: unknown, p: Payment) => deleteAction(p) }] : []),
  ];

  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Platby
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open('payment')}>
          Zaevidovat platbu
        </Button>
      </Flex>
      {list.isError && <Alert type="error" showIcon title={describeError(list.error).message} />}
      <PriceSummary summary={list.data?.summary} isAdmin={isAdmin} onEdit={() => open('price')} />
      <StudentInstalments studentId={student.id} />
      <SentReminders studentId={student.id} />
      {isPhone ? (
        <CardList<Payment>
          label="Platby"
          items={items}
          rowKey={(p) => p.id}
          title={(p) => `${formatDate(p.paidOn)} · ${money(p.price)}`}
          actions={canRemove ? deleteAction : undefined}
          fields={(p) => [{ label: 'Způsob platby', value: PAYMENT_METHOD_LABELS[p.method] }, ...(p.note ? [{ label: 'Poznámka', value: p.note }] : [])]}
          emptyText="Zatím žádné platby"
        />
      ) : (
        <Table<Payment>
          rowKey="id"
          columns={columns}
          dataSource={items}
          loading={list.isPending && school !== skipToken}
          pagination={items.length > 20 ? { pageSize: 20 } : false}
          locale={{ emptyText: <Empty description="Zatím žádné platby" /> }}
        />
      )}
      <StudentCharges studentId={student.id} charges={list.data?.charges ?? []} loading={list.isPending && school !== skipToken} />
      <PaymentDrawer key={`payment-${drawer.opened}`} open={drawer.open === 'payment'} studentId={student.id} onClose={close} />
      <PriceDrawer key={`price-${drawer.opened}`} open={drawer.open === 'price'} studentId={student.id} summary={list.data?.summary} onClose={close} />
      <StudentInvoices studentId={student.id} />
    </Flex>
  );
}
