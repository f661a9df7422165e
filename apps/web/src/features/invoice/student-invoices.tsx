// The student's documents at the bottom of tab 4 Platba (issue 9): number, kind, date, amount and state, each linking
// to its detail; 'Vystavit doklad' (admins and assistants) opens the drawer 'Vystavení dokladu'.
import { FileAddOutlined } from '@ant-design/icons';
import { skipToken, useQuery } from '@tanstack/react-query';
import { formatDate, formatMoney } from '@volant/shared/format';
import { Alert, Button, Empty, Flex, Table, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSchoolInput, withSchool } from '../../app/use-school.ts';
import { CardList } from '../../components/card-list.tsx';
import { useIsPhone } from '../../lib/media.ts';
import { describeError, useTRPC } from '../../lib/trpc.ts';
import { InvoiceDrawer } from './invoice-drawer.tsx';
import { paymentsWithDocument } from './invoice-form-rules.ts';
import { type InvoiceListItem, InvoiceKindText, InvoiceStateTag, invoicePath, useIsInvoiceIssuer } from './invoice-parts.tsx';

/** A student has a handful of documents; one request brings them all. */
const STUDENT_DOCUMENTS_LIMIT = 200;

export function StudentInvoices({ studentId }: { studentId: string }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const isPhone = useIsPhone();
  const isIssuer = useIsInvoiceIssuer();
  const [drawer, setDrawer] = useState({ open: false, opened: 0 });
  const list = useQuery(trpc.invoice.getInvoices.queryOptions(withSchool(school, { studentId, limit: STUDENT_DOCUMENTS_LIMIT })));
  const student = useQuery(trpc.student.student.queryOptions(withSchool(school, { id: studentId })));
  const payments = useQuery(trpc.paymentItem.getPaymentItems.queryOptions(withSchool(school, { studentId })));
  const items = list.data?.items ?? [];
  const ready = !!list.data && !!student.data && !!payments.data;

  const number = (i: InvoiceListItem) => (
    <Link to={invoicePath(i.id)} aria-label={`Doklad ${i.number}`}>
      {i.number}
    </Link>
  );
  const columns: TableProps<InvoiceListItem>['columns'] = [
    { key: 'number', title: 'Číslo', render: (_, i) => number(i) },
    { key: 'kind', title: 'Druh', render: (_, i) => <InvoiceKindText item={i} /> },
    { key: 'issuedOn', title: 'Vystaveno', render: (_, i) => formatDate(i.issuedOn) },
    { key: 'total', title: 'Částka', align: 'right', render: (_, i) => formatMoney(i.total) },
    { key: 'state', title: 'Stav', render: (_, i) => <InvoiceStateTag isCancelled={i.isCancelled} /> },
  ];

  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Doklady
        </Typography.Title>
        {isIssuer && (
          <Button icon={<FileAddOutlined />} disabled={!ready} onClick={() => setDrawer((d) => ({ open: true, opened: d.opened + 1 }))}>
            Vystavit doklad
          </Button>
        )}
      </Flex>
      {list.isError && <Alert type="error" showIcon title={describeError(list.error).message} />}
      {isPhone ? (
        <CardList<InvoiceListItem>
          label="Doklady žáka"
          items={items}
          rowKey={(i) => i.id}
          title={(i) => (
            <>
              {number(i)} · {formatMoney(i.total)}
            </>
          )}
          actions={(i) => <InvoiceStateTag isCancelled={i.isCancelled} />}
          fields={(i) => [
            { label: 'Druh', value: <InvoiceKindText item={i} /> },
            { label: 'Vystaveno', value: formatDate(i.issuedOn) },
          ]}
          emptyText="Zatím žádné doklady"
        />
      ) : (
        <Table<InvoiceListItem>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={items}
          loading={list.isPending && school !== skipToken}
          pagination={items.length > 20 ? { pageSize: 20 } : false}
          locale={{ emptyText: <Empty description="Zatím žádné doklady" /> }}
          aria-label="Doklady žáka"
        />
      )}
      {drawer.opened > 0 && (
        <InvoiceDrawer
          key={drawer.opened}
          open={drawer.open}
          onClose={() => setDrawer((d) => ({ ...d, open: false }))}
          studentId={studentId}
          study={student.data?.studentStudyInfo}
          payments={payments.data}
          usedPayments={paymentsWithDocument(items)}
        />
      )}
    </Flex>
  );
}
