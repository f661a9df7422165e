// Platby → Nedoplatky (issue 9 'Balance and overdue'): the school's students who owe, with the amount and since when
// (the day from which their balance has been positive without a break), a total row, a phone card list, and
// 'Exportovat CSV' — the list as shown, for Czech Excel (UTF-8 with BOM, ';', decimal comma).
import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import type { StudentState } from '@volant/shared/enums';
import { formatDate, formatMoney, fullName, groupsText, pluralCs } from '@volant/shared/format';
import { missingPriceText } from '@volant/shared/payment-item/balance';
import { type OwingStudentsInput, PRICE_MAX_CZK } from '@volant/shared/payment-item/inputs';
import { owingCsv, owingCsvFileName } from '@volant/shared/payment-item/owing-csv';
import { Alert, Button, Col, Empty, Flex, Input, InputNumber, Row, Select, Table, type TableProps, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useSchoolInput, withSchool } from '../../app/use-school.ts';
import { CardList } from '../../components/card-list.tsx';
import { useIsPhone } from '../../lib/media.ts';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';
import { StateBadge } from '../student/state-badge.tsx';

type Owing = RouterOutputs['paymentItem']['getOwingStudents'];
type OwingRow = Owing['items'][number];
type Sort = NonNullable<OwingStudentsInput['sort']>;

const SORT_OPTIONS: { value: Sort; label: string }[] = [
  { value: 'due', label: 'Nejvyšší dluh' },
  { value: 'since', label: 'Nejstarší dluh' },
];

/** Nastavení → Ceník. */
export const PRICE_LIST_PATH = '/app/settings/price-list';

/** The card's Platba tab. */
export const studentPaymentPath = (studentId: string) => `/app/student/${studentId}?activeTab=4`;

/** '12 dní', '1 den', '3 dny'; 'dnes' for today. */
/** 'Po splatnosti' by the one rule (overdueOfBalance): by the plan, else by the invoices fallen due; nothing without a due date. */
function overdueText(r: { overdue: number | null }) {
  if (r.overdue === null) return '';
  return r.overdue > 0 ? <Typography.Text type="danger">{formatMoney(r.overdue)}</Typography.Text> : formatMoney(0);
}

export function daysText(days: number): string {
  if (days <= 0) return 'dnes';
  return `${days} ${pluralCs(days, ['den', 'dny', 'dní'])}`;
}

const sinceText = (r: OwingRow) => `${formatDate(r.since)} (${daysText(r.days)})`;

/** Saves `text` as a file named `name` (a CSV the browser downloads). */
export function saveText(text: string, name: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function exportCsv(data: Owing) {
  const csv = owingCsv(
    data.items.map((r) => ({
      name: fullName(r),
      registrationNumber: r.registrationNumber,
      groups: r.groups,
      state: r.state as StudentState,
      owed: r.owed,
      paid: r.paid,
      due: r.due,
      since: r.since,
      days: r.days,
    })),
    data.missingPrice.map((r) => ({
      name: fullName(r),
      registrationNumber: r.registrationNumber ?? '',
      groups: r.groups,
      state: r.state as StudentState,
      paid: r.paid,
    })),
  );
  saveText(csv, owingCsvFileName(data.today), 'text/csv;charset=utf-8');
}

/**
 * Students in training whose course price the price list lacks: what they owe is unknown, so they are named here
 * (with the missing price-list entry) instead of appearing to owe 0 Kč.
 */
function MissingPrices({ rows }: { rows: Owing['missingPrice'] }) {
  const n = rows.length;
  return (
    <Alert
      type="warning"
      showIcon
      title={`${n} ${pluralCs(n, ['žák', 'žáci', 'žáků'])} ve výcviku ${pluralCs(n, ['nemá', 'nemají', 'nemá'])} cenu kurzu, ${n === 1 ? 'jeho' : 'jejich'} dluh proto není v seznamu`}
      description={
        <Flex vertical gap={4}>
          {rows.map((r) => (
            <span key={r.id}>
              <Link to={studentPaymentPath(r.id)}>{fullName(r)}</Link>
              {' – '}
              {missingPriceText({ group: r.groups[0] ?? null, kind: r.trainingKind, variant: r.trainingType })}
            </span>
          ))}
          <span>
            Doplňte cenu v <Link to={PRICE_LIST_PATH}>Nastavení → Ceník</Link> nebo žákovi zadejte vlastní cenu na kartě v záložce Platba.
          </span>
        </Flex>
      }
    />
  );
}

export function OwingList() {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const isPhone = useIsPhone();
  const [text, setText] = useState('');
  const [fullText, setFullText] = useState('');
  const [minDue, setMinDue] = useState<number | null>(null);
  const [sort, setSort] = useState<Sort>('due');

  useEffect(() => {
    const t = setTimeout(() => setFullText(text.trim()), 200);
    return () => clearTimeout(t);
  }, [text]);

  const list = useQuery({
    ...trpc.paymentItem.getOwingStudents.queryOptions(withSchool(school, { fullText: fullText || undefined, minDue, sort })),
    placeholderData: keepPreviousData,
  });
  const items = list.data?.items ?? [];
  const missing = list.data?.missingPrice ?? [];
  const total = list.data?.total;

  const student = (r: OwingRow) => <Link to={studentPaymentPath(r.id)}>{fullName(r)}</Link>;
  const columns: TableProps<OwingRow>['columns'] = [
    { key: 'name', title: 'Žák', render: (_, r) => student(r) },
    { key: 'registrationNumber', title: 'Ev. č.', dataIndex: 'registrationNumber' },
    { key: 'groups', title: 'Skupiny', render: (_, r) => groupsText(r.groups) },
    { key: 'state', title: 'Stav', render: (_, r) => <StateBadge state={r.state as StudentState} /> },
    { key: 'owed', title: 'Cena', align: 'right', render: (_, r) => formatMoney(r.owed) },
    { key: 'paid', title: 'Zaplaceno', align: 'right', render: (_, r) => formatMoney(r.paid) },
    { key: 'due', title: 'Dluží', align: 'right', render: (_, r) => <Typography.Text strong>{formatMoney(r.due)}</Typography.Text> },
    { key: 'overdue', title: 'Po splatnosti', align: 'right', render: (_, r) => overdueText(r) },
    { key: 'nextDueOn', title: 'Nejbližší splátka', render: (_, r) => (r.nextDueOn ? formatDate(r.nextDueOn) : '') },
    { key: 'since', title: 'Od kdy', render: (_, r) => sinceText(r) },
  ];

  const summary = () =>
    total && items.length > 0 ? (
      <Table.Summary.Row>
        <Table.Summary.Cell index={0} colSpan={4}>
          <Typography.Text strong>
            Celkem ({items.length} {pluralCs(items.length, ['žák', 'žáci', 'žáků'])})
          </Typography.Text>
        </Table.Summary.Cell>
        <Table.Summary.Cell index={4} align="right">
          {formatMoney(total.owed)}
        </Table.Summary.Cell>
        <Table.Summary.Cell index={5} align="right">
          {formatMoney(total.paid)}
        </Table.Summary.Cell>
        <Table.Summary.Cell index={6} align="right">
          <Typography.Text strong>{formatMoney(total.due)}</Typography.Text>
        </Table.Summary.Cell>
        <Table.Summary.Cell index={7} align="right">
          {total.overdue > 0 ? <Typography.Text type="danger">{formatMoney(total.overdue)}</Typography.Text> : ''}
        </Table.Summary.Cell>
        <Table.Summary.Cell index={8} />
        <Table.Summary.Cell index={9} />
      </Table.Summary.Row>
    ) : null;

  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      <Row gutter={[8, 8]} align="middle">
        <Col xs={24} md={12} xl={8}>
          <Input.Search
            allowClear
            placeholder="Hledat jméno, příjmení, evidenční číslo"
            aria-label="Hledat dlužníky"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </Col>
        <Col xs={12} md={6} xl={5}>
          <InputNumber<number>
            aria-label="Dluží alespoň (Kč)"
            placeholder="Dluží alespoň (Kč)"
            min={0}
            max={PRICE_MAX_CZK}
            step={1000}
            precision={0}
            value={minDue}
            onChange={setMinDue}
            style={{ width: '100%' }}
          />
        </Col>
        <Col xs={12} md={6} xl={5}>
          <Select<Sort> aria-label="Řazení" options={SORT_OPTIONS} value={sort} onChange={setSort} style={{ width: '100%' }} />
        </Col>
        <Col xs={24} xl={6} style={{ textAlign: isPhone ? undefined : 'right' }}>
          <Button icon={<DownloadOutlined />} disabled={!list.data} onClick={() => list.data && exportCsv(list.data)} block={isPhone}>
            Exportovat CSV
          </Button>
        </Col>
      </Row>

      {list.isError && <Alert type="error" showIcon title={describeError(list.error).message} />}
      {missing.length > 0 && <MissingPrices rows={missing} />}

      {isPhone ? (
        <>
          {total && items.length > 0 && (
            <Typography.Text strong>
              Celkem dluží {formatMoney(total.due)} ({items.length} {pluralCs(items.length, ['žák', 'žáci', 'žáků'])})
            </Typography.Text>
          )}
          <CardList<OwingRow>
            label="Nedoplatky"
            items={items}
            rowKey={(r) => r.id}
            title={student}
            fields={(r) => [
              { label: 'Dluží', value: <Typography.Text strong>{formatMoney(r.due)}</Typography.Text> },
              ...(r.overdue !== null ? [{ label: 'Po splatnosti', value: overdueText(r) }] : []),
              ...(r.nextDueOn ? [{ label: 'Nejbližší splátka', value: formatDate(r.nextDueOn) }] : []),
              { label: 'Od kdy', value: sinceText(r) },
              { label: 'Cena', value: formatMoney(r.owed) },
              { label: 'Zaplaceno', value: formatMoney(r.paid) },
              { label: 'Ev. č.', value: r.registrationNumber },
              { label: 'Stav', value: <StateBadge state={r.state as StudentState} /> },
            ]}
            emptyText="Nikdo nic nedluží"
          />
        </>
      ) : (
        <Table<OwingRow>
          rowKey="id"
          columns={columns}
          dataSource={items}
          loading={school !== skipToken && list.isFetching}
          pagination={items.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
          summary={summary}
          locale={{ emptyText: <Empty description="Nikdo nic nedluží" /> }}
          scroll={{ x: 'max-content' }}
          size="middle"
        />
      )}
    </Flex>
  );
}
