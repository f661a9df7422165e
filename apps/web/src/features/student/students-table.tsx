// The school's students (home, 'Přehled'): filters, a sortable table on wide screens, cards on phones.
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { type LicenceGroup, STUDENT_STATE_LABELS, STUDENT_STATES, type StudentState } from '@volant/shared/enums';
import { formatDate } from '@volant/shared/format';
import type { StudentsListInput } from '@volant/shared/student/inputs';
import { Alert, Card, Checkbox, Col, Empty, Input, Pagination, Row, Select, Spin, Table, type TableProps, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useIsMobile } from '../../lib/media.ts';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';
import { fullName, groupsText } from '@volant/shared/format';
import { StateBadge } from './state-badge.tsx';
import { LicenceGroupSelect } from './student-fields.tsx';
import { useOpenStudent } from './use-open-student.ts';
import { useSchoolInput, withSchool } from '../../app/use-school.ts';

type StudentRow = RouterOutputs['student']['students']['items'][number];
type SortField = NonNullable<StudentsListInput['sortField']>;

export const DEFAULT_PAGE_SIZE = 10;

const STATE_OPTIONS = STUDENT_STATES.map((s) => ({ value: s, label: STUDENT_STATE_LABELS[s] }));

function TagList({ tags }: { tags: StudentRow['tags'] }) {
  return (
    <>
      {tags.map((t) => (
        <Tag key={t.id} color={t.color} style={{ marginBlock: 2 }}>
          {t.name}
        </Tag>
      ))}
    </>
  );
}

export function StudentsTable() {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const enabled = school !== skipToken;
  const isMobile = useIsMobile();
  const openStudent = useOpenStudent();
  const [text, setText] = useState('');
  const [fullText, setFullText] = useState('');
  const [states, setStates] = useState<StudentState[]>([]);
  const [groups, setGroups] = useState<LicenceGroup[]>([]);
  const [tagIds, setTagIds] = useState<string[]>([]);
  // 'Nedoplatek': only students who owe (their balance shows something due).
  const [owing, setOwing] = useState(false);
  const [currentPage, setCurrentPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<{ field: SortField; direction: 'asc' | 'desc' }>({ field: 'createdAt', direction: 'desc' });

  useEffect(() => {
    const t = setTimeout(() => setFullText(text.trim()), 200);
    return () => clearTimeout(t);
  }, [text]);
  // A new filter starts at page 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on any filter change
  useEffect(() => setCurrentPage(1), [fullText, states, groups, tagIds, owing]);

  const list = useQuery({
    ...trpc.student.students.queryOptions(
      withSchool(school, {
        fullText: fullText || undefined,
        states: states.length ? states : undefined,
        groups: groups.length ? groups : undefined,
        tagIds: tagIds.length ? tagIds : undefined,
        owing: owing || undefined,
        pageSize,
        currentPage,
        sortField: sort.field,
        sortDirection: sort.direction,
      }),
    ),
    placeholderData: keepPreviousData,
  });
  const tags = useQuery(trpc.tag.getTagsBySchoolId.queryOptions(school));

  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const paginated = total > pageSize;

  const sortOrder = (field: SortField) => (sort.field === field ? (sort.direction === 'asc' ? 'ascend' : 'descend') : null);
  const columns: TableProps<StudentRow>['columns'] = [
    {
      key: 'lastName',
      title: 'Jméno',
      sorter: true,
      sortOrder: sortOrder('lastName'),
      render: (_, r) => <Typography.Text strong>{fullName(r)}</Typography.Text>,
    },
    { key: 'registrationNumber', title: 'Evidenční číslo', dataIndex: 'registrationNumber', sorter: true, sortOrder: sortOrder('registrationNumber') },
    { key: 'groups', title: 'Skupiny', render: (_, r) => groupsText(r.groups) },
    { key: 'state', title: 'Stav', render: (_, r) => <StateBadge state={r.state} /> },
    { key: 'tags', title: 'Štítky', render: (_, r) => <TagList tags={r.tags} /> },
    {
      key: 'dateOfInProgress',
      title: 'Zahájení',
      sorter: true,
      sortOrder: sortOrder('dateOfInProgress'),
      render: (_, r) => formatDate(r.dateOfInProgress) || '—',
    },
    { key: 'createdAt', title: 'Vytvořen', sorter: true, sortOrder: sortOrder('createdAt'), responsive: ['lg'], render: (_, r) => formatDate(r.createdAt) },
  ];

  const onTableChange: TableProps<StudentRow>['onChange'] = (pagination, _filters, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    if (s?.order && s.columnKey) setSort({ field: s.columnKey as SortField, direction: s.order === 'ascend' ? 'asc' : 'desc' });
    else setSort({ field: 'createdAt', direction: 'desc' });
    if (pagination.current) setCurrentPage(pagination.current);
    if (pagination.pageSize && pagination.pageSize !== pageSize) {
      setPageSize(pagination.pageSize);
      setCurrentPage(1);
    }
  };

  return (
    <div>
      <Row gutter={[8, 8]} style={{ marginBottom: 16 }}>
        <Col xs={24} md={12} xl={5}>
          <Input.Search
            allowClear
            placeholder="Hledat jméno, příjmení, evidenční číslo"
            aria-label="Hledat žáky"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </Col>
        <Col xs={24} md={12} xl={5}>
          <Select<StudentState[]>
            mode="multiple"
            allowClear
            placeholder="Stav"
            aria-label="Filtrovat podle stavu"
            options={STATE_OPTIONS}
            value={states}
            onChange={setStates}
            style={{ width: '100%' }}
          />
        </Col>
        <Col xs={24} md={12} xl={5}>
          <LicenceGroupSelect placeholder="Skupina" aria-label="Filtrovat podle skupiny" value={groups} onChange={setGroups} style={{ width: '100%' }} />
        </Col>
        <Col xs={24} md={12} xl={5}>
          <Select<string[]>
            mode="multiple"
            allowClear
            placeholder="Štítky"
            aria-label="Filtrovat podle štítků"
            value={tagIds}
            onChange={setTagIds}
            options={(tags.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: '100%' }}
          />
        </Col>
        <Col xs={24} md={12} xl={4} style={{ display: 'flex', alignItems: 'center' }}>
          <Checkbox checked={owing} onChange={(e) => setOwing(e.target.checked)}>
            Nedoplatek
          </Checkbox>
        </Col>
      </Row>

      {list.isError && <Alert type="error" showIcon title={describeError(list.error).message} style={{ marginBottom: 16 }} />}

      {isMobile ? (
        <Spin spinning={list.isFetching && !list.isPending}>
          {list.isPending && enabled ? (
            <div style={{ textAlign: 'center', padding: 24 }}>
              <Spin />
            </div>
          ) : items.length === 0 ? (
            <Empty description="Žádní žáci" />
          ) : (
            <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
              {items.map((r) => (
                <Card key={r.id} size="small" hoverable onClick={() => openStudent(r.id)} data-testid="student-card-row">
                  <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'flex-start' }}>
                    <Typography.Text strong>{fullName(r)}</Typography.Text>
                    <StateBadge state={r.state} />
                  </div>
                  <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                    {[r.registrationNumber, groupsText(r.groups), r.dateOfInProgress ? `Zahájení ${formatDate(r.dateOfInProgress)}` : null]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography.Text>
                  {r.tags.length > 0 && (
                    <div>
                      <TagList tags={r.tags} />
                    </div>
                  )}
                </Card>
              ))}
            </div>
          )}
          {paginated && (
            <Pagination
              style={{ marginTop: 16, justifyContent: 'center' }}
              simple
              current={currentPage}
              pageSize={pageSize}
              total={total}
              onChange={(page) => setCurrentPage(page)}
            />
          )}
        </Spin>
      ) : (
        <Table<StudentRow>
          rowKey="id"
          columns={columns}
          dataSource={items}
          loading={enabled && list.isFetching}
          onChange={onTableChange}
          onRow={(r) => ({ onClick: () => openStudent(r.id), style: { cursor: 'pointer' } })}
          pagination={paginated ? { current: currentPage, pageSize, total, showSizeChanger: true } : false}
          locale={{ emptyText: <Empty description="Žádní žáci" /> }}
          scroll={{ x: 'max-content' }}
          size="middle"
        />
      )}
    </div>
  );
}
