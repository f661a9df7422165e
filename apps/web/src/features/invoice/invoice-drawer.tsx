// The drawer 'Vystavení dokladu' (issue 9) from the student's Platba tab: an invoice (starting with the course at the
// student's price after the discount) or a receipt for one of the student's payments (its amount, date and method),
// for the student or a company, with the dates, variable symbol, method, note and the lines (a VAT rate per line only
// when the school is a VAT payer). Checked with the shared issueInvoiceInput; the server's refusal (no operator yet)
// says where to fix it.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { INVOICE_KIND_LABELS, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod, VAT_RATES, type VatMode } from '@volant/shared/enums';
import { formatDate, formatMoney } from '@volant/shared/format';
import { INVOICE_MESSAGES, issueInvoiceInput } from '@volant/shared/invoice/inputs';
import { addDays, schoolToday } from '@volant/shared/school-time';
import { Alert, Button, DatePicker, Flex, Form, Input, InputNumber, Radio, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { schoolOf, useGroupSettings, useSchoolInput } from '../../app/use-school.ts';
import { FormDrawer } from '../../components/form-drawer.tsx';
import { optional } from '../../components/form-result.tsx';
import { browserNow } from '../../lib/clock.ts';
import { clearErrorsOnChange, DATE_FORMAT, toIsoDate } from '../../lib/form-fields.ts';
import { useFormMutation } from '../../lib/use-form-mutation.ts';
import { useIsPhone } from '../../lib/media.ts';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';
import { type CustomerChoice, formTotals, invoiceLines, type LineValues, paymentLine, toIssueInput } from './invoice-form-rules.ts';
import { invoiceLive } from './invoice.live.ts';
import './invoice.css';

type Payments = RouterOutputs['paymentItem']['getPaymentItems'];
type Payment = Payments['items'][number];
type StudyInfo = RouterOutputs['student']['student']['studentStudyInfo'];

interface FormValues {
  kind: 'INVOICE' | 'RECEIPT';
  paymentItemId?: string | null;
  customer: CustomerChoice;
  company?: { name?: string; companyNumber?: string; vatId?: string; address?: string };
  issuedOn?: Dayjs | null;
  dueOn?: Dayjs | null;
  taxableOn?: Dayjs | null;
  variableSymbol?: string;
  paymentMethod?: PaymentMethod;
  note?: string;
  lines?: LineValues[];
}

const OPERATOR_CODES = new Set(['INVOICE_OPERATOR_MISSING', 'INVOICE_VAT_ID_MISSING', 'INVOICE_BANK_ACCOUNT_MISSING', 'INVOICE_BANK_ACCOUNT_INVALID']);

/** The school's account cannot take a transfer: refused here, before the server would refuse it. */
class AccountProblem extends Error {}

function OperatorLink() {
  return <Link to="/app/settings/operator">Otevřít Nastavení → Provozovatel</Link>;
}

export interface InvoiceDrawerProps {
  open: boolean;
  onClose: () => void;
  studentId: string;
  study: StudyInfo | undefined;
  payments: Payments | undefined;
  /** Payments that already have a valid invoice or receipt. */
  usedPayments: Set<string>;
}

export function InvoiceDrawer({ open, onClose, studentId, study, payments, usedPayments }: InvoiceDrawerProps) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const isPhone = useIsPhone();
  const settings = useGroupSettings();
  const operator = settings.data?.schoolOperator ?? null;
  const vatMode: VatMode = operator?.vatPayer ? 'PAYER' : 'NON_PAYER';
  const payer = vatMode === 'PAYER';
  const dueDays = operator?.invoiceDueDays ?? 14;
  const [form] = Form.useForm<FormValues>();
  const issue = useMutation(trpc.invoice.issueInvoice.mutationOptions());
  const today = schoolToday(browserNow());
  // Whether the refusal is about the operator's data (the alert links to its settings).
  const [operatorRefusal, setOperatorRefusal] = useState(false);

  const kind = Form.useWatch('kind', form);
  const customer = Form.useWatch('customer', form);
  const lines = Form.useWatch('lines', form);
  const paymentMethod = Form.useWatch('paymentMethod', form) ?? 'TRANSFER';
  // A transfer needs the school's (valid) account: said here before the server would refuse it (issue 17).
  const accountProblem =
    operator && paymentMethod === 'TRANSFER' && !operator.bankIban
      ? operator.bankAccount
        ? INVOICE_MESSAGES.bankAccountInvalid
        : INVOICE_MESSAGES.bankAccountMissing
      : null;
  const totals = formTotals(lines, vatMode);
  const freePayments = (payments?.items ?? []).filter((p) => !usedPayments.has(p.id));

  const initialValues: FormValues = {
    kind: 'INVOICE',
    customer: 'STUDENT',
    issuedOn: dayjs(today),
    dueOn: dayjs(addDays(today, dueDays)),
    taxableOn: dayjs(today),
    paymentMethod: 'TRANSFER',
    lines: invoiceLines(study, payments?.summary, payments?.charges, vatMode),
  };

  const pickPayment = (payment: Payment | undefined) => {
    form.setFieldsValue({
      paymentItemId: payment?.id ?? null,
      paymentMethod: payment?.method ?? 'CASH',
      lines: payment ? [paymentLine(payment, vatMode)] : [{ text: '', quantity: 1, unitPrice: null, vatRate: payer ? 21 : 0 }],
    });
  };

  const onValuesChange = (changed: Partial<FormValues>) => {
    clearErrorsOnChange(form)(changed);
    // Another way of payment answers the account's refusal (the warning above says what still holds).
    if ('paymentMethod' in changed) save.setError(null);
    if ('kind' in changed) {
      if (changed.kind === 'RECEIPT') {
        pickPayment(freePayments[0]);
        const issued = form.getFieldValue('issuedOn') as Dayjs | null;
        form.setFieldsValue({ dueOn: issued });
      } else {
        form.setFieldsValue({
          paymentItemId: null,
          paymentMethod: 'TRANSFER',
          lines: invoiceLines(study, payments?.summary, payments?.charges, vatMode),
          dueOn: dayjs(addDays(toIsoDate(form.getFieldValue('issuedOn')) ?? today, dueDays)),
        });
      }
    }
    if ('paymentItemId' in changed) pickPayment(payments?.items.find((p) => p.id === changed.paymentItemId));
    if ('issuedOn' in changed && changed.issuedOn) {
      const issued = toIsoDate(changed.issuedOn) as string;
      form.setFieldsValue({ dueOn: dayjs(form.getFieldValue('kind') === 'RECEIPT' ? issued : addDays(issued, dueDays)), taxableOn: changed.issuedOn });
    }
  };

  // The new document's detail is put from the answer; the rest of the document's live reaction is refetched.
  const save = useFormMutation(form, {
    schema: issueInvoiceInput,
    // Koruny to the server (the parsed prices are haléře).
    send: (_input, values) => {
      if (accountProblem) return Promise.reject(new AccountProblem(accountProblem));
      return issue.mutateAsync({ ...schoolOf(school), ...values });
    },
    writes: (_input, issued) => invoiceLive.InvoiceMessage({ schoolId: schoolOf(school).schoolId, studentId, invoiceId: issued?.id ?? '' }),
    puts: (issued) => [{ filter: trpc.invoice.getInvoice.queryFilter({ ...schoolOf(school), id: issued.id }, { exact: true }), update: () => issued }],
    success: 'Doklad byl vystaven.',
    onSaved: onClose,
    onRefused: (err) => {
      if (err instanceof AccountProblem) {
        setOperatorRefusal(true);
        return err.message;
      }
      const { appCode } = describeError(err);
      setOperatorRefusal(!!appCode && OPERATOR_CODES.has(appCode));
      return undefined;
    },
  });
  const error = save.error === null ? null : { text: save.error, operator: operatorRefusal };

  const onFinish = (values: FormValues) =>
    save.submit(
      toIssueInput(
        studentId,
        { ...values, issuedOn: toIsoDate(values.issuedOn), dueOn: toIsoDate(values.dueOn), taxableOn: toIsoDate(values.taxableOn) },
        vatMode,
      ),
    );

  const priceLabel = payer ? 'Cena za jednotku s DPH (Kč)' : 'Cena za jednotku (Kč)';
  const money = (label: string) => (
    <InputNumber<number> aria-label={label} min={0} max={1_000_000} step={100} precision={2} decimalSeparator="," style={{ width: '100%' }} />
  );

  return (
    <FormDrawer open={open} onClose={onClose} title="Vystavení dokladu" width={640} saving={save.saving} onSave={() => form.submit()}>
      {settings.data && !operator && !error && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="Nejdříve vyplňte provozovatele v Nastavení → Provozovatel."
          description={<OperatorLink />}
        />
      )}
      {accountProblem && !error && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={accountProblem} description={<OperatorLink />} />}
      {error && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={error.text} description={error.operator ? <OperatorLink /> : undefined} />}
      <Form<FormValues> form={form} name="issue-invoice" layout="vertical" initialValues={initialValues} onFinish={onFinish} onValuesChange={onValuesChange}>
        <Form.Item label="Druh dokladu" name="kind">
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            aria-label="Druh dokladu"
            options={(['INVOICE', 'RECEIPT'] as const).map((k) => ({ value: k, label: INVOICE_KIND_LABELS[k] }))}
          />
        </Form.Item>
        {kind === 'RECEIPT' && (
          <Form.Item
            label="Platba"
            name="paymentItemId"
            extra={freePayments.length === 0 ? 'Žák nemá platbu bez dokladu. Nejdříve zaevidujte platbu.' : 'Příjmový doklad potvrzuje přijetí platby.'}
          >
            <Select<string>
              aria-label="Platba"
              placeholder="Vyberte platbu"
              options={(payments?.items ?? []).map((p) => ({
                value: p.id,
                disabled: usedPayments.has(p.id),
                label: `${formatDate(p.paidOn)} · ${formatMoney(p.price)} · ${PAYMENT_METHOD_LABELS[p.method]}${usedPayments.has(p.id) ? ' (doklad vystaven)' : ''}`,
              }))}
            />
          </Form.Item>
        )}
        <Form.Item label="Odběratel" name="customer">
          <Radio.Group
            aria-label="Odběratel"
            options={[
              { value: 'STUDENT', label: 'Žák' },
              { value: 'COMPANY', label: 'Firma' },
            ]}
          />
        </Form.Item>
        {customer === 'COMPANY' && (
          <>
            <Form.Item label="Název firmy" name={['company', 'name']} required>
              <Input autoComplete="organization" />
            </Form.Item>
            <Flex gap={12} wrap>
              <Form.Item label="IČO" name={['company', 'companyNumber']} required style={{ flex: '1 1 160px' }}>
                <Input inputMode="numeric" maxLength={8} />
              </Form.Item>
              <Form.Item label={optional('DIČ')} name={['company', 'vatId']} style={{ flex: '1 1 160px' }}>
                <Input maxLength={14} />
              </Form.Item>
            </Flex>
            <Form.Item label="Adresa firmy" name={['company', 'address']} required>
              <Input.TextArea rows={2} maxLength={300} />
            </Form.Item>
          </>
        )}
        <Flex gap={12} wrap>
          <Form.Item label="Datum vystavení" name="issuedOn" required style={{ flex: '1 1 160px' }}>
            <DatePicker aria-label="Datum vystavení" format={DATE_FORMAT} allowClear={false} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="Datum splatnosti" name="dueOn" required style={{ flex: '1 1 160px' }}>
            <DatePicker aria-label="Datum splatnosti" format={DATE_FORMAT} allowClear={false} style={{ width: '100%' }} />
          </Form.Item>
          {payer && (
            <Form.Item label="DUZP" name="taxableOn" required style={{ flex: '1 1 160px' }} tooltip="Datum uskutečnění zdanitelného plnění">
              <DatePicker aria-label="DUZP" format={DATE_FORMAT} allowClear={false} style={{ width: '100%' }} />
            </Form.Item>
          )}
        </Flex>
        <Flex gap={12} wrap>
          <Form.Item label={optional('Variabilní symbol')} name="variableSymbol" extra="Nevyplněný je číslo dokladu." style={{ flex: '1 1 200px' }}>
            <Input inputMode="numeric" maxLength={10} />
          </Form.Item>
          <Form.Item label="Způsob platby" name="paymentMethod" required style={{ flex: '1 1 200px' }}>
            <Select aria-label="Způsob platby" options={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))} />
          </Form.Item>
        </Flex>
        <Typography.Title level={5}>Položky</Typography.Title>
        <Form.List name="lines">
          {(fields, { add, remove }, { errors }) => (
            <Flex vertical gap={8} style={{ marginBottom: 16 }}>
              {fields.map((field, index) => (
                <fieldset key={field.key} className="invoice-line" aria-label={`Položka ${index + 1}`}>
                  <Flex gap={8} align="flex-start">
                    <Form.Item label="Text položky" name={[field.name, 'text']} required style={{ flex: 1, marginBottom: 8 }}>
                      <Input aria-label="Text položky" maxLength={200} />
                    </Form.Item>
                    {fields.length > 1 && (
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`Odebrat položku ${index + 1}`}
                        onClick={() => remove(field.name)}
                        style={{ marginTop: 30 }}
                      />
                    )}
                  </Flex>
                  <Flex gap={8} wrap={isPhone}>
                    <Form.Item label="Množství" name={[field.name, 'quantity']} required style={{ flex: '1 1 90px', marginBottom: 0 }}>
                      <InputNumber<number> aria-label="Množství" min={1} max={1000} precision={0} style={{ width: '100%' }} />
                    </Form.Item>
                    <Form.Item label={priceLabel} name={[field.name, 'unitPrice']} required style={{ flex: '2 1 160px', marginBottom: 0 }}>
                      {money(priceLabel)}
                    </Form.Item>
                    {payer && (
                      <Form.Item label="Sazba DPH" name={[field.name, 'vatRate']} required style={{ flex: '1 1 100px', marginBottom: 0 }}>
                        <Select aria-label="Sazba DPH" options={VAT_RATES.map((r) => ({ value: r, label: `${r} %` }))} />
                      </Form.Item>
                    )}
                  </Flex>
                </fieldset>
              ))}
              <Form.ErrorList errors={errors} />
              <Button
                icon={<PlusOutlined />}
                onClick={() => add({ text: '', quantity: 1, unitPrice: null, vatRate: payer ? 21 : 0 } satisfies LineValues)}
                disabled={fields.length >= 50}
                style={{ alignSelf: 'flex-start' }}
              >
                Přidat položku
              </Button>
            </Flex>
          )}
        </Form.List>
        <Flex vertical align="flex-end" style={{ marginBottom: 16 }} aria-live="polite">
          {payer &&
            totals.rows.map((r) => (
              <Typography.Text key={r.rate} type="secondary">
                Základ {r.rate} %: {formatMoney(r.base)} · DPH {formatMoney(r.vat)}
              </Typography.Text>
            ))}
          <Typography.Text strong>Celkem k úhradě: {formatMoney(totals.total)}</Typography.Text>
        </Flex>
        <Form.Item label={optional('Poznámka')} name="note">
          <Input.TextArea aria-label="Poznámka" rows={2} maxLength={1000} showCount />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </FormDrawer>
  );
}
