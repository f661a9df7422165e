// Route /app/payments/invoice/:id (issue 9): one document laid out as it is printed — supplier, customer, dates,
// variable symbol, method, lines, a payer's VAT recap and the total. A cancelled one says so with the reason and its
// credit note; a credit note names the document it cancels. 'Stornovat' asks for the reason and opens the credit
// note it issued; 'Vytisknout' opens the document's print route (export-invoice) in a new tab, and the browser's own
// print of this view leaves the shell out; 'Stáhnout PDF' makes the PDF.
import { ArrowLeftOutlined, StopOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { PAYMENT_METHOD_LABELS, VAT_MODE_LABELS } from '@volant/shared/enums';
import { APP_ERRORS } from '@volant/shared/errors';
import { formatDate, formatMoney } from '@volant/shared/format';
import { cancelInvoiceInput } from '@volant/shared/invoice/inputs';
import { invoiceTitle } from '@volant/shared/pdf/view-models';
import { Alert, Button, Card, Descriptions, Flex, Form, Input, Result, Skeleton, Table, type TableProps, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { schoolOf, useSchoolInput, withSchool } from '../../app/use-school.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { CardList } from '../../components/card-list.tsx';
import { useFormMutation } from '../../lib/use-form-mutation.ts';
import { invoiceLive } from './invoice.live.ts';
import { clearErrorsOnChange } from '../../lib/form-fields.ts';
import { useIsPhone } from '../../lib/media.ts';
import { describeError, errorCode, useTRPC } from '../../lib/trpc.ts';
import { InvoicePdfExport } from '../pdf/document-exports.tsx';
import { PrintLinkButton } from '../print/print-link-button.tsx';
import { withFeedback } from '../../components/feedback-scope.tsx';
import { type InvoiceDetail, InvoiceStateTag, invoicePath, studentPaymentsPath, useIsInvoiceIssuer } from './invoice-parts.tsx';
import './invoice.css';

type Line = InvoiceDetail['lines'][number];
type VatRow = InvoiceDetail['vatRows'][number];

function Party({ title, lines }: { title: string; lines: (ReactNode | false | null | undefined)[] }) {
  return (
    <section className="invoice-doc__party" aria-label={title}>
      <Typography.Text type="secondary" className="invoice-doc__label">
        {title}
      </Typography.Text>
      {lines.filter(Boolean).map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of an address never reorder
        <div key={i}>{line}</div>
      ))}
    </section>
  );
}

/** 'Stornovat': the reason is required; the server marks the document cancelled and issues its credit note. */
function CancelModal({ invoice, open, onClose }: { invoice: InvoiceDetail; open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ reason?: string }>();
  const cancel = useMutation(trpc.invoice.cancelInvoice.mutationOptions());
  // Both documents' details are put from the answer; the rest of the documents' live reaction is refetched.
  const save = useFormMutation(form, {
    schema: cancelInvoiceInput,
    send: (input) => cancel.mutateAsync({ ...schoolOf(school), ...input }),
    writes: (_input, result) => {
      const { schoolId } = schoolOf(school);
      const studentId = invoice.studentId ?? '';
      return [
        ...invoiceLive.InvoiceMessage({ schoolId, studentId, invoiceId: invoice.id }),
        ...(result ? invoiceLive.InvoiceMessage({ schoolId, studentId, invoiceId: result.creditNote.id }) : []),
      ];
    },
    puts: (result) =>
      [result.invoice, result.creditNote].map((document) => ({
        filter: trpc.invoice.getInvoice.queryFilter({ ...schoolOf(school), id: document.id }, { exact: true }),
        update: () => document,
      })),
    success: (result) => `Doklad byl stornován. Vystaven opravný doklad č. ${result.creditNote.number}.`,
    onSaved: (result) => {
      onClose();
      navigate(invoicePath(result.creditNote.id));
    },
  });

  const onFinish = (values: { reason?: string }) => save.submit({ id: invoice.id, reason: values.reason ?? '' });

  return (
    <AppModal
      open={open}
      title={`Stornovat doklad č. ${invoice.number}`}
      okText="Stornovat"
      okButtonProps={{ danger: true, loading: save.saving }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>Doklad zůstane v evidenci označený jako stornovaný a vystaví se k němu opravný doklad se záporným součtem.</Typography.Paragraph>
      {save.error && <Alert type="error" showIcon title={save.error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" name="cancel-invoice" onFinish={onFinish} onValuesChange={clearErrorsOnChange(form)}>
        <Form.Item label="Důvod storna" name="reason" required>
          <Input.TextArea aria-label="Důvod storna" rows={3} maxLength={500} showCount />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </AppModal>
  );
}

function InvoiceDocument({ invoice }: { invoice: InvoiceDetail }) {
  const isPhone = useIsPhone();
  const payer = invoice.vatMode === 'PAYER';
  const unit = (l: Line) => formatMoney(l.unitPrice);
  const lineColumns: TableProps<Line>['columns'] = [
    { key: 'text', title: 'Položka', render: (_, l) => l.text },
    { key: 'quantity', title: 'Množství', align: 'right', render: (_, l) => l.quantity },
    { key: 'unitPrice', title: payer ? 'Cena za jednotku s DPH' : 'Cena za jednotku', align: 'right', render: (_, l) => unit(l) },
    ...(payer ? [{ key: 'vatRate', title: 'Sazba DPH', align: 'right' as const, render: (_: unknown, l: Line) => `${l.vatRate} %` }] : []),
    { key: 'total', title: 'Celkem', align: 'right', render: (_, l) => formatMoney(l.total) },
  ];
  const vatColumns: TableProps<VatRow>['columns'] = [
    { key: 'rate', title: 'Sazba DPH', render: (_, r) => `${r.rate} %` },
    { key: 'base', title: 'Základ', align: 'right', render: (_, r) => formatMoney(r.base) },
    { key: 'vat', title: 'DPH', align: 'right', render: (_, r) => formatMoney(r.vat) },
    { key: 'gross', title: 'Celkem', align: 'right', render: (_, r) => formatMoney(r.gross) },
  ];
  const { supplier, customer } = invoice;
  const studentIsCustomer = !customer.companyNumber;

  return (
    <Card className="invoice-doc">
      <Flex vertical gap={20}>
        <div className="invoice-doc__parties">
          <Party
            title="Dodavatel"
            lines={[
              <strong key="n">{supplier.name}</strong>,
              supplier.address,
              `IČO: ${supplier.companyNumber}`,
              supplier.vatId && `DIČ: ${supplier.vatId}`,
              !payer && VAT_MODE_LABELS.NON_PAYER,
              supplier.bankAccount && `Bankovní účet: ${supplier.bankAccount}`,
            ]}
          />
          <Party
            title="Odběratel"
            lines={[
              <strong key="n">
                {studentIsCustomer && invoice.student ? <Link to={studentPaymentsPath(invoice.studentId)}>{customer.name}</Link> : customer.name}
              </strong>,
              customer.address,
              customer.companyNumber && `IČO: ${customer.companyNumber}`,
              customer.vatId && `DIČ: ${customer.vatId}`,
              !studentIsCustomer && invoice.student && (
                <span key="s">
                  Žák: <Link to={studentPaymentsPath(invoice.studentId)}>{invoice.student.name}</Link>
                </span>
              ),
              invoice.student && `Evidenční číslo žáka: ${invoice.student.registrationNumber}`,
            ]}
          />
        </div>
        <Descriptions
          size="small"
          bordered
          column={isPhone ? 1 : 3}
          items={[
            { key: 'issuedOn', label: 'Datum vystavení', children: formatDate(invoice.issuedOn) },
            { key: 'dueOn', label: 'Datum splatnosti', children: formatDate(invoice.dueOn) },
            ...(payer ? [{ key: 'taxableOn', label: 'DUZP', children: formatDate(invoice.taxableOn) }] : []),
            { key: 'vs', label: 'Variabilní symbol', children: invoice.variableSymbol ?? '—' },
            { key: 'method', label: 'Způsob platby', children: PAYMENT_METHOD_LABELS[invoice.paymentMethod] },
          ]}
        />
        {isPhone ? (
          <CardList<Line>
            label="Položky dokladu"
            items={invoice.lines}
            rowKey={(l) => String(l.position)}
            title={(l) => l.text}
            fields={(l) => [
              { label: 'Množství', value: l.quantity },
              { label: 'Cena za jednotku', value: unit(l) },
              ...(payer ? [{ label: 'Sazba DPH', value: `${l.vatRate} %` }] : []),
              { label: 'Celkem', value: formatMoney(l.total) },
            ]}
            emptyText="Žádné položky"
          />
        ) : (
          <Table<Line> rowKey="position" size="small" columns={lineColumns} dataSource={invoice.lines} pagination={false} aria-label="Položky dokladu" />
        )}
        {payer && invoice.vatRows.length > 0 && (
          <div>
            <Typography.Text strong>Rekapitulace DPH</Typography.Text>
            <Table<VatRow> rowKey="rate" size="small" columns={vatColumns} dataSource={invoice.vatRows} pagination={false} aria-label="Rekapitulace DPH" />
          </div>
        )}
        <Flex justify="flex-end" align="baseline" gap={12} wrap className="invoice-doc__total">
          <Typography.Text>Celkem k úhradě</Typography.Text>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {formatMoney(invoice.total)}
          </Typography.Title>
        </Flex>
        {invoice.note && (
          <div>
            <Typography.Text type="secondary" className="invoice-doc__label">
              Poznámka
            </Typography.Text>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{invoice.note}</Typography.Paragraph>
          </div>
        )}
      </Flex>
    </Card>
  );
}

function InvoiceDetailView({ id }: { id: string }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const isIssuer = useIsInvoiceIssuer();
  const [cancelOpen, setCancelOpen] = useState(0);
  const query = useQuery(trpc.invoice.getInvoice.queryOptions(withSchool(school, { id })));

  if (query.isError) {
    const code = errorCode(query.error);
    if (code === 'NOT_FOUND' || code === 'BAD_REQUEST') return <Result status="404" title={APP_ERRORS.INVOICE_NOT_FOUND} />;
    return <Result status="error" title="Nastala chyba" subTitle={describeError(query.error).message} />;
  }
  if (!query.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  const invoice = query.data;
  const canCancel = isIssuer && invoice.kind !== 'CREDIT_NOTE' && !invoice.isCancelled;

  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }} className="invoice-page">
      <Link to="/app/payments?tab=doklady" className="invoice-no-print">
        <ArrowLeftOutlined /> Doklady
      </Link>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex align="center" gap={8} wrap>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {invoiceTitle({ invoiceKind: invoice.kind, vatMode: invoice.vatMode, number: invoice.number })}
          </Typography.Title>
          <InvoiceStateTag isCancelled={invoice.isCancelled} />
        </Flex>
        <Flex gap={8} wrap className="invoice-no-print">
          <PrintLinkButton input={{ kind: 'INVOICE', entityId: invoice.id }} label="Vytisknout" />
          <InvoicePdfExport invoiceId={invoice.id} />
          {canCancel && (
            <Button danger icon={<StopOutlined />} onClick={() => setCancelOpen((n) => n + 1)}>
              Stornovat
            </Button>
          )}
        </Flex>
      </Flex>
      {invoice.isCancelled && (
        <Alert
          type="error"
          showIcon
          title={`Stornováno${invoice.cancelledAt ? ` dne ${formatDate(invoice.cancelledAt)}` : ''}`}
          description={
            <>
              {invoice.cancelReason && <div>Důvod: {invoice.cancelReason}</div>}
              {invoice.creditNote && (
                <div>
                  Opravný doklad: <Link to={invoicePath(invoice.creditNote.id)}>č. {invoice.creditNote.number}</Link>
                </div>
              )}
            </>
          }
        />
      )}
      {invoice.creditNoteFor && (
        <Alert
          type="info"
          showIcon
          title={
            <>
              Opravný doklad k dokladu <Link to={invoicePath(invoice.creditNoteFor.id)}>č. {invoice.creditNoteFor.number}</Link>
            </>
          }
        />
      )}
      <InvoiceDocument invoice={invoice} />
      {cancelOpen > 0 && <CancelModal key={cancelOpen} invoice={invoice} open onClose={() => setCancelOpen(0)} />}
    </Flex>
  );
}

export const InvoiceDetailScreen = withFeedback(InvoiceDetailView);
