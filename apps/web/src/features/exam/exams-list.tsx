// Route /app/exams: the school's exam terms from today − dayPeerExamInactive days, by date; 'Nový termín' opens the
// drawer. An upcoming term links to its detail (sign-ups), today's and past ones to their results. Above the terms,
// the students whose exam application is due (legal-cz §7.2).
import { PlusOutlined } from '@ant-design/icons';
import { skipToken, useQuery } from '@tanstack/react-query';
import { formatDate } from '@volant/shared/format';
import { DAY_PEER_EXAM_INACTIVE } from '@volant/shared/exam/rules';
import { addDays, schoolToday } from '@volant/shared/school-time';
import { Alert, Button, Empty, Flex, Table, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAppStore } from '../../app/store.ts';
import { useSchoolInput, withSchool } from '../../app/use-school.ts';
import { CardList } from '../../components/card-list.tsx';
import { browserNow } from '../../lib/clock.ts';
import { useIsPhone } from '../../lib/media.ts';
import { describeError, useTRPC } from '../../lib/trpc.ts';
import { DeadlineSettings } from '../deadline/deadline-settings.tsx';
import { ApplicationDeadlines } from './application-deadlines.tsx';
import { ExamDrawer, type ExamTerm } from './exam-drawer.tsx';

export function examLink(exam: Pick<ExamTerm, 'id' | 'date'>, today: string) {
  return exam.date > today ? `/app/exams/detail/${exam.id}` : `/app/exams/results/${exam.id}`;
}

export function ExamsList() {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const isPhone = useIsPhone();
  const inactiveDays = useAppStore((s) => s.serverConfig?.dayPeerExamInactive ?? DAY_PEER_EXAM_INACTIVE);
  const today = schoolToday(browserNow());
  const list = useQuery(trpc.exam.exams.queryOptions(withSchool(school, { dateGte: addDays(today, -inactiveDays) })));
  const [drawer, setDrawer] = useState({ open: false, opened: 0 });
  const exams = list.data ?? [];

  const open = (e: ExamTerm) => (
    <Link to={examLink(e, today)} aria-label={`${e.date > today ? 'Detail' : 'Výsledky'} termínu ${formatDate(e.date)}`}>
      {e.date > today ? 'Detail' : 'Výsledky'}
    </Link>
  );
  const columns: TableProps<ExamTerm>['columns'] = [
    { key: 'date', title: 'Datum', render: (_, e) => <Typography.Text strong>{formatDate(e.date)}</Typography.Text> },
    { key: 'place', title: 'Místo', render: (_, e) => e.place },
    { key: 'types', title: 'Druhy zkoušky', render: (_, e) => e.types.join(', ') },
    { key: 'signUps', title: 'Přihlášení žáci', render: (_, e) => (e.capacity ? `${e.signUps}/${e.capacity}` : e.signUps) },
    { key: 'note', title: 'Poznámka', render: (_, e) => e.note ?? '' },
    { key: 'open', title: '', align: 'right', render: (_, e) => open(e) },
  ];

  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Zkoušky
        </Typography.Title>
        <Flex gap={12} wrap align="center">
          <Link to="/app/exams/readiness">Připraveni ke zkoušce</Link>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer((d) => ({ open: true, opened: d.opened + 1 }))}>
            Nový termín
          </Button>
        </Flex>
      </Flex>
      <ApplicationDeadlines />
      {list.isError && <Alert type="error" showIcon title={describeError(list.error).message} />}
      {isPhone ? (
        <CardList<ExamTerm>
          label="Termíny zkoušek"
          items={exams}
          rowKey={(e) => e.id}
          title={(e) => `${formatDate(e.date)} · ${e.place}`}
          actions={open}
          fields={(e) => [
            { label: 'Druhy zkoušky', value: e.types.join(', ') },
            { label: 'Přihlášení žáci', value: e.capacity ? `${e.signUps}/${e.capacity}` : e.signUps },
          ]}
          emptyText="Žádné termíny zkoušek"
        />
      ) : (
        <Table<ExamTerm>
          rowKey="id"
          columns={columns}
          dataSource={exams}
          loading={list.isPending && school !== skipToken}
          pagination={exams.length > 20 ? { pageSize: 20 } : false}
          locale={{ emptyText: <Empty description="Žádné termíny zkoušek" /> }}
        />
      )}
      <DeadlineSettings />
      <ExamDrawer key={drawer.opened} open={drawer.open} exam={null} onClose={() => setDrawer((d) => ({ ...d, open: false }))} />
    </Flex>
  );
}
