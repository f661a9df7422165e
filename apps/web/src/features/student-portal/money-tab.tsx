// 'Platby' of 'Můj výcvik' (issue 19 §2): the course price, what is paid and what is still to pay (the office's
// balance, studentPortal.getMoney), each payment and extra charge, the invoices as PDF (studentPortal.getInvoicePdf:
// the student's own session, only the student's own invoice) and what is owed as a QR Platba to the school's account.
// No account: no QR, and it says so.
import { DownloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { formatDate, formatMoney } from '@volant/shared/format';
import { INSTALMENT_STATE_LABELS, type InstalmentState } from '@volant/shared/instalment/instalments';
import { Alert, App, Button, Card, Descriptions, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { describeError, type RouterOutputs } from '../../lib/trpc.ts';
import { qrSvg } from '../print/invoice-print.tsx';
import { useStudentTRPC } from './student-trpc.ts';
import './student-place.css';

type Money = RouterOutputs['studentPortal']['getMoney'];

const STATE_COLORS: Record<InstalmentState, string> = { PAID: 'green', PARTLY_PAID: 'blue', DUE: 'default', OVERDUE: 'red' };

const money = (halere: number | null | undefined) => (halere === null || halere === undefined ? '—' : formatMoney(halere));

/** The QR Platba picture; its place stays empty until the code is drawn. */
function QrPlatba({ qr }: { qr: NonNullable<Money['qr']> }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    qrSvg(qr.spayd).then(
      (svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
      () => live && setSrc(null),
    );
    return () => {
      live = false;
    };
  }, [qr.spayd]);
  return (
    <Flex wrap gap={16} align="center">
      {src ? <img className="student-money__qr" src={src} alt="QR Platba" /> : <div className="student-money__qr" aria-hidden />}
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'amount', label: 'Částka', children: <strong>{formatMoney(qr.amount)}</strong> },
          { key: 'iban', label: 'Účet (IBAN)', children: qr.iban },
          ...(qr.variableSymbol ? [{ key: 'vs', label: 'Variabilní symbol', children: qr.variableSymbol }] : []),
          { key: 'msg', label: 'Zpráva', children: qr.message },
        ]}
      />
    </Flex>
  );
}

/** Downloads the student's own invoice: the PDF comes as base64 from the student's session, saved as a file. */
function InvoiceDownload({ invoiceId, number }: { invoiceId: string; number: string }) {
  const trpc = useStudentTRPC();
  const { message } = App.useApp();
  const pdf = useMutation(trpc.studentPortal.getInvoicePdf.mutationOptions());
  const download = async () => {
    try {
      const file = await pdf.mutateAsync({ invoiceId });
      const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
      const url = URL.createObjectURL(new Blob([bytes], { type: file.contentType }));
      const a = document.createElement('a');
      a.href = url;
      a.download = file.fileName;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      message.error(describeError(err).message);
    }
  };
  return (
    <Button size="small" icon={<DownloadOutlined />} loading={pdf.isPending} onClick={download} aria-label={`Stáhnout PDF ${number}`}>
      PDF
    </Button>
  );
}

function ItemList<T>({
  label,
  items,
  title,
  right,
  sub,
}: {
  label: string;
  items: T[];
  title: (i: T) => string;
  right: (i: T) => ReactNode;
  sub?: (i: T) => ReactNode;
}) {
  return (
    <ul className="student-place__list" aria-label={label}>
      {items.map((i) => (
        <li key={title(i)} className="student-place__item">
          <div className="student-place__head">
            <div className="student-place__title">
              {title(i)}
              {sub ? <div>{sub(i)}</div> : null}
            </div>
            <div>{right(i)}</div>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function StudentMoneyTab() {
  const trpc = useStudentTRPC();
  const query = useQuery(trpc.studentPortal.getMoney.queryOptions());
  if (query.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (query.isError) return <Alert type="error" showIcon title={describeError(query.error).message} />;
  const m = query.data;
  const s = m.summary;
  return (
    <Flex vertical gap={12}>
      <Card size="small" title="Přehled" aria-label="Přehled plateb">
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'price', label: 'Cena kurzu', children: s.priceMissing ? 'Autoškola zatím cenu nezadala' : money(s.price) },
            ...(s.discount > 0 ? [{ key: 'discount', label: 'Sleva', children: `−${formatMoney(s.discount)}` }] : []),
            ...(s.charged > 0 ? [{ key: 'charged', label: 'Další položky', children: money(s.charged) }] : []),
            { key: 'paid', label: 'Zaplaceno', children: money(s.paid) },
            {
              key: 'due',
              label: 'Zbývá zaplatit',
              children: (
                <Typography.Text strong type={s.due ? 'danger' : 'success'}>
                  {money(s.due)}
                </Typography.Text>
              ),
            },
          ]}
        />
      </Card>
      {m.instalments ? (
        <Card size="small" title="Splátkový kalendář" aria-label="Splátkový kalendář">
          <Flex vertical gap={8}>
            <Flex gap={16} wrap>
              {m.instalments.overdue > 0 ? (
                <Typography.Text>
                  Po splatnosti:{' '}
                  <Typography.Text strong type="danger">
                    {formatMoney(m.instalments.overdue)}
                  </Typography.Text>
                </Typography.Text>
              ) : null}
              {m.instalments.upcoming > 0 ? (
                <Typography.Text>
                  K úhradě: <strong>{formatMoney(m.instalments.upcoming)}</strong>
                  {m.instalments.nextDueOn ? ` do ${formatDate(m.instalments.nextDueOn)}` : ''}
                </Typography.Text>
              ) : null}
            </Flex>
            <ItemList
              label="Splátky"
              items={m.instalments.items}
              title={(i) => `${i.label} · splatnost ${formatDate(i.dueOn)}`}
              sub={(i) => <Tag color={STATE_COLORS[i.state]}>{INSTALMENT_STATE_LABELS[i.state]}</Tag>}
              right={(i) => <strong>{formatMoney(i.state === 'PAID' ? i.amount : i.remaining)}</strong>}
            />
          </Flex>
        </Card>
      ) : null}
      {m.qr ? (
        <Card size="small" title="QR Platba" aria-label="QR Platba">
          <QrPlatba qr={m.qr} />
        </Card>
      ) : null}
      {m.noAccountText ? <Alert type="info" showIcon title={m.noAccountText} /> : null}
      <Card size="small" title="Platby" aria-label="Zaplacené platby">
        {m.payments.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Zatím žádná platba" />
        ) : (
          <ItemList
            label="Platby"
            items={m.payments}
            title={(p) => `${formatDate(p.paidOn)} · ${p.methodLabel}`}
            right={(p) => <strong>{formatMoney(p.amount)}</strong>}
          />
        )}
      </Card>
      {m.charges.length > 0 ? (
        <Card size="small" title="Další položky" aria-label="Další položky">
          <ItemList
            label="Další položky"
            items={m.charges}
            title={(c) => `${c.label}${c.quantity > 1 ? ` × ${c.quantity}` : ''}`}
            sub={(c) => <Typography.Text type="secondary">{formatDate(c.chargedOn)}</Typography.Text>}
            right={(c) => <strong>{formatMoney(c.total)}</strong>}
          />
        </Card>
      ) : null}
      <Card size="small" title="Doklady" aria-label="Doklady">
        {m.invoices.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Zatím žádný doklad" />
        ) : (
          <ItemList
            label="Doklady"
            items={m.invoices}
            title={(i) => `${i.kindLabel} ${i.number}`}
            sub={(i) => (
              <Typography.Text type="secondary">
                {formatDate(i.issuedOn)} · {formatMoney(i.total)} {i.isCancelled ? <Tag>Stornováno</Tag> : null}
              </Typography.Text>
            )}
            right={(i) => <InvoiceDownload invoiceId={i.id} number={i.number} />}
          />
        )}
      </Card>
    </Flex>
  );
}
