// 'Opravy a rozpory' (issue 22 §1): the corrections of the school's legal records (from the record chain: when, who,
// what, the reason 'Důvod opravy', old → new) and the students' disputes ('Nesouhlasím se záznamem') in one list,
// newest first, over a period (this month by default).
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@volant/shared/format';
import { CORRECTIONS_MESSAGES } from '@volant/shared/record-chain/inputs';
import { schoolMonth, schoolToday } from '@volant/shared/school-time';
import { Alert, DatePicker, Empty, Flex, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useSchoolInput, withSchool } from '../../app/use-school.ts';
import { DATE_FORMAT } from '../../lib/form-fields.ts';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';
import './record-chain.css';

type Item = RouterOutputs['recordChain']['getCorrections']['items'][number];

function thisMonth(): [Dayjs, Dayjs] {
  const month = schoolMonth(schoolToday(new Date()));
  return [dayjs(month.first), dayjs(month.last)];
}

function ItemCard({ item }: { item: Item }) {
  const correction = item.kind === 'CORRECTION';
  return (
    <li className="record-chain__item" aria-label={`${correction ? 'Oprava' : 'Rozpor'} ${item.what}`}>
      <Flex justify="space-between" wrap gap={8}>
        <div>
          <Typography.Text strong>{item.what}</Typography.Text>
          {item.student ? (
            <div>
              <Typography.Text type="secondary">{item.student}</Typography.Text>
            </div>
          ) : null}
        </div>
        <Space size={4} wrap>
          {correction ? <Tag color="orange">Oprava</Tag> : <Tag color="red">Rozpor</Tag>}
          {item.state === 'OPEN' ? <Tag color="red">Rozporováno</Tag> : null}
          {item.state === 'RESOLVED' ? <Tag color="green">Vyřešeno</Tag> : null}
        </Space>
      </Flex>
      <dl className="record-chain__fields">
        <dt>Kdy</dt>
        <dd>{formatDateTime(item.at)}</dd>
        <dt>{correction ? 'Kdo' : 'Žák'}</dt>
        <dd>{item.who}</dd>
        <dt>{correction ? 'Důvod opravy' : 'Důvod'}</dt>
        <dd>{item.reason ?? <Typography.Text type="secondary">neuveden</Typography.Text>}</dd>
        {item.resolutionNote ? (
          <>
            <dt>Vyřešení</dt>
            <dd>{item.resolutionNote}</dd>
          </>
        ) : null}
        {item.fingerprint && item.hash ? (
          <>
            <dt>Otisk</dt>
            <dd>
              <Tooltip title={item.hash}>
                <code>{item.fingerprint}</code>
              </Tooltip>{' '}
              <Typography.Text type="secondary">(záznam č. {item.seq})</Typography.Text>
            </dd>
          </>
        ) : null}
      </dl>
      {item.changes.length > 0 ? (
        <ul className="record-chain__changes" aria-label="Změny">
          {item.changes.map((c) => (
            <li key={c.field}>
              {c.field}: <del>{c.before}</del> → <ins>{c.after}</ins>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function CorrectionsList() {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(thisMonth);
  const from = range[0].format('YYYY-MM-DD');
  const to = range[1].format('YYYY-MM-DD');
  const list = useQuery(trpc.recordChain.getCorrections.queryOptions(withSchool(school, { from, to })));
  return (
    <Flex vertical gap={16}>
      <Flex gap={8} align="center" wrap>
        <Typography.Text>Období</Typography.Text>
        <DatePicker.RangePicker
          aria-label="Období"
          format={DATE_FORMAT}
          allowClear={false}
          value={range}
          onChange={(v) => {
            if (v?.[0] && v[1]) setRange([v[0], v[1]]);
          }}
          placeholder={[CORRECTIONS_MESSAGES.from, CORRECTIONS_MESSAGES.to]}
        />
        {list.data ? (
          <Typography.Text type="secondary">
            Oprav: {list.data.corrections}, rozporů: {list.data.disputes}
          </Typography.Text>
        ) : null}
      </Flex>
      {list.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {list.isError ? <Alert type="error" showIcon title={describeError(list.error).message} /> : null}
      {list.data && list.data.items.length === 0 ? <Empty description="V tomto období nejsou žádné opravy ani rozpory" /> : null}
      {list.data && list.data.items.length > 0 ? (
        <ul className="record-chain__list" aria-label="Opravy a rozpory">
          {list.data.items.map((item) => (
            <ItemCard key={item.id} item={item} />
          ))}
        </ul>
      ) : null}
    </Flex>
  );
}
