// Platby → Doklady (issue 9): the school's invoices, receipts and credit notes, newest number first, filtered by year,
// kind, state and a search over number, customer and variable symbol; more pages on demand. On a phone, cards.
import { SearchOutlined } from '@ant-design/icons';
import { skipToken, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { INVOICE_KIND_LABELS, INVOICE_KINDS, type InvoiceKind } from '@volant/shared/enums';
import { formatDate, formatMoney } from '@volant/shared/format';
import { INVOICE_STATUSES } from '@volant/shared/invoice/inputs';
import { Alert, Button, Empty, Flex, Input, Select, Table, type TableProps, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useMembership, useSchoolInput, withSchool } from '../../app/use-school.ts';
import { AccountingExportButton } from '../accounting-export/accounting-export-modal.tsx';
import { CardList } from '../../components/card-list.tsx';
import { useIsPhone } from '../../lib/media.ts';
import { describeError, useTRPC } from '../../lib/trpc.ts';
import { type InvoiceListItem, InvoiceKindText, InvoiceStateTag, invoicePath, studentPaymentsPath } from './invoice-parts.tsx';
import './invoice.css';

const PAGE = 50;
type Status = (typeof INVOICE_STATUSES)[number];
const STATUS_LABELS: Record<Status, string> = { ACTIVE: 'Platné', CANCELLED: 'Stornované' };

/** The search sent once typing pauses, so every key press does not ask the server. */
function useDebounced<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The customer; a company bought for the student, whose card is linked below it. */
function Customer({ item }: { item: InvoiceListItem }) {
  const student = <Link to={studentPaymentsPath(item.studentId)}>{item.studentName}</Link>;
  if (!item.customerCompanyNumber) return student;
  return (
    <Flex vertical>
      <span>
        {item.customerName} <Typography.Text type="secondary">(IČO {item.customerCompanyNumber})</Typography.Text>
      </span>
      <Typography.Text type="secondary">žák {student}</Typography.Text>
    </Flex>
  );
}

export function InvoicesList() {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const isPhone = useIsPhone();
  const { may } = useMembership();
  const [year, setYear] = useState<number | null>(null);
  const [kind, setKind] = useState<InvoiceKind | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim());
  const years = useQuery(trpc.invoice.getInvoiceYears.queryOptions(school));
  const list = useInfiniteQuery(
    trpc.invoice.getInvoices.infiniteQueryOptions(withSchool(school, { year, kind, status, query: query || null, limit: PAGE }), {
      getNextPageParam: (page) => page.nextCursor,
    }),
  );
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = year !== null || kind !== null || status !== null || !!query;
  const emptyText = filtered ? 'Žádné doklady neodpovídají filtru' : 'Zatím žádné doklady';
  const grow = isPhone ? '1 1 100%' : undefined;

  const number = (i: InvoiceListItem) => (
    <Link to={invoicePath(i.id)} aria-label={`Doklad ${i.number}`}>
      {i.number}
    </Link>
  );
  const amount = (i: InvoiceListItem) => formatMoney(i.total);
  const columns: TableProps<InvoiceListItem>['columns'] = [
    { key: 'number', title: 'Číslo', render: (_, i) => <Typography.Text strong>{number(i)}</Typography.Text> },
    { key: 'kind', title: 'Druh', render: (_, i) => <InvoiceKindText item={i} /> },
    { key: 'customer', title: 'Odběratel', render: (_, i) => <Customer item={i} /> },
    { key: 'issuedOn', title: 'Vystaveno', render: (_, i) => formatDate(i.issuedOn) },
    { key: 'dueOn', title: 'Splatnost', render: (_, i) => formatDate(i.dueOn) },
    { key: 'total', title: 'Částka', align: 'right', render: (_, i) => amount(i) },
    { key: 'state', title: 'Stav', render: (_, i) => <InvoiceStateTag isCancelled={i.isCancelled} /> },
  ];

  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      <Flex wrap gap={8}>
        <Select<number | null>
          aria-label="Rok"
          value={year}
          onChange={setYear}
          style={{ minWidth: 140, flex: grow }}
          options={[{ value: null, label: 'Všechny roky' }, ...(years.data ?? []).map((y) => ({ value: y, label: String(y) }))]}
        />
        <Select<InvoiceKind | null>
          aria-label="Druh dokladu"
          value={kind}
          onChange={setKind}
          style={{ minWidth: 180, flex: grow }}
          options={[{ value: null, label: 'Všechny druhy' }, ...INVOICE_KINDS.map((k) => ({ value: k, label: INVOICE_KIND_LABELS[k] }))]}
        />
        <Select<Status | null>
          aria-label="Stav dokladu"
          value={status}
          onChange={setStatus}
          style={{ minWidth: 150, flex: grow }}
          options={[{ value: null, label: 'Platné i stornované' }, ...INVOICE_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))]}
        />
        <Input
          aria-label="Hledat doklad"
          placeholder="Číslo, odběratel nebo VS"
          prefix={<SearchOutlined />}
          allowClear
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          maxLength={100}
          style={{ width: isPhone ? '100%' : 280 }}
        />
        {may('accountingExport.getAccountingExport') && <AccountingExportButton block={isPhone} />}
      </Flex>
      {list.isError && <Alert type="error" showIcon title={describeError(list.error).message} />}
      {isPhone ? (
        <CardList<InvoiceListItem>
          label="Doklady"
          items={items}
          rowKey={(i) => i.id}
          title={(i) => (
            <>
              {number(i)} · {amount(i)}
            </>
          )}
          actions={(i) => <InvoiceStateTag isCancelled={i.isCancelled} />}
          fields={(i) => [
            { label: 'Druh', value: <InvoiceKindText item={i} /> },
            { label: 'Odběratel', value: <Customer item={i} /> },
            { label: 'Vystaveno', value: formatDate(i.issuedOn) },
            { label: 'Splatnost', value: formatDate(i.dueOn) },
          ]}
          emptyText={emptyText}
        />
      ) : (
        <Table<InvoiceListItem>
          rowKey="id"
          columns={columns}
          dataSource={items}
          loading={list.isPending && school !== skipToken}
          pagination={false}
          rowClassName={(i) => (i.isCancelled ? 'invoice-row--cancelled' : '')}
          locale={{ emptyText: <Empty description={emptyText} /> }}
        />
      )}
      {list.hasNextPage && (
        <Button onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage} style={{ alignSelf: 'center' }}>
          Načíst další
        </Button>
      )}
    </Flex>
  );
}
