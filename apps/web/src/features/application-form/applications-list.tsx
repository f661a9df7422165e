// 'Přihlášky' of /app/application-form: what applicants sent through the school's forms, by status, with Přijmout and
// Zamítnout on a pending one. A table on wide screens, cards on phones.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { APPLICATION_STATUS_LABELS, APPLICATION_STATUSES, type ApplicationStatus } from '@volant/shared/enums';
import { formatDate, formatDateTime } from '@volant/shared/format';
import { Alert, Button, Empty, Segmented, Space, Spin, Table, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { useMembership, useSchoolInput, withSchool } from '../../app/use-school.ts';
import { CardList } from '../../components/card-list.tsx';
import { useIsMobile } from '../../lib/media.ts';
import { describeError, useTRPC } from '../../lib/trpc.ts';
import { useOpenStudent } from '../student/use-open-student.ts';
import { ApplicationAdmitDrawer } from './application-admit-drawer.tsx';
import { ApplicationRejectDialog } from './application-reject-dialog.tsx';
import { type ApplicationRow, applicantName } from './application-row.ts';
import { formatPrice } from '@volant/shared/money';

const STATUS_OPTIONS = APPLICATION_STATUSES.map((s) => ({ value: s, label: APPLICATION_STATUS_LABELS[s] }));

const EMPTY_TEXT: Record<ApplicationStatus, string> = {
  PENDING: 'Žádné přihlášky nečekají na přijetí.',
  ADMITTED: 'Zatím nebyl přijat žádný uchazeč.',
  REJECTED: 'Žádná přihláška nebyla zamítnuta.',
};

function Contact({ row }: { row: ApplicationRow }) {
  if (!row.email && !row.phone) return <>—</>;
  return (
    <Space orientation="vertical" size={0}>
      {row.email && <a href={`mailto:${row.email}`}>{row.email}</a>}
      {row.phone && <a href={`tel:${row.phone.replace(/\s/g, '')}`}>{row.phone}</a>}
    </Space>
  );
}

function Course({ row }: { row: ApplicationRow }) {
  return (
    <>
      {row.courseName}
      <Typography.Text type="secondary" style={{ display: 'block' }}>
        {formatPrice(row.coursePrice)}
      </Typography.Text>
    </>
  );
}

function Decision({ row }: { row: ApplicationRow }) {
  if (row.status === 'PENDING' || !row.decidedAt) return null;
  const by = row.decidedByName ? `, ${row.decidedByName}` : '';
  return (
    <Typography.Text type="secondary">
      {formatDate(row.decidedAt)}
      {by}
    </Typography.Text>
  );
}

export function ApplicationsList() {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const isMobile = useIsMobile();
  const openStudent = useOpenStudent();
  const { data: membership } = useMembership();
  const canDecide = membership?.role === 'ADMIN' || membership?.role === 'ASSISTANT';
  const [status, setStatus] = useState<ApplicationStatus>('PENDING');
  const [admitting, setAdmitting] = useState<ApplicationRow | null>(null);
  const [rejecting, setRejecting] = useState<ApplicationRow | null>(null);
  const list = useQuery({ ...trpc.applicationForm.getApplications.queryOptions(withSchool(school, { status })), placeholderData: keepPreviousData });
  const rows = list.data ?? [];
  const pending = status === 'PENDING';

  const name = (row: ApplicationRow) =>
    row.status === 'ADMITTED' && row.studentId ? (
      <Button type="link" style={{ padding: 0, height: 'auto', fontWeight: 600 }} onClick={() => openStudent(row.studentId!)}>
        {applicantName(row)}
      </Button>
    ) : (
      <Typography.Text strong>{applicantName(row)}</Typography.Text>
    );

  const actions = (row: ApplicationRow) =>
    row.status === 'PENDING' && canDecide ? (
      <Space wrap size={8}>
        <Button type="primary" size="small" onClick={() => setAdmitting(row)} aria-label={`Přijmout ${applicantName(row)}`}>
          Přijmout
        </Button>
        <Button danger size="small" onClick={() => setRejecting(row)} aria-label={`Zamítnout ${applicantName(row)}`}>
          Zamítnout
        </Button>
      </Space>
    ) : null;

  const columns: TableProps<ApplicationRow>['columns'] = [
    { key: 'createdAt', title: 'Datum', width: 150, render: (_, r) => formatDateTime(r.createdAt) },
    { key: 'name', title: 'Jméno', render: (_, r) => name(r) },
    { key: 'course', title: 'Kurz', render: (_, r) => <Course row={r} /> },
    { key: 'contact', title: 'Kontakt', render: (_, r) => <Contact row={r} /> },
    { key: 'note', title: 'Poznámka', render: (_, r) => <span style={{ whiteSpace: 'pre-line' }}>{r.note || '—'}</span> },
    ...(status === 'ADMITTED'
      ? [{ key: 'registrationNumber', title: 'Evidenční číslo', render: (_: unknown, r: ApplicationRow) => r.registrationNumber ?? '—' }]
      : []),
    ...(status === 'REJECTED' ? [{ key: 'reason', title: 'Důvod', render: (_: unknown, r: ApplicationRow) => r.rejectReason || '—' }] : []),
    ...(pending ? [] : [{ key: 'decided', title: 'Rozhodnuto', render: (_: unknown, r: ApplicationRow) => <Decision row={r} /> }]),
    ...(pending && canDecide ? [{ key: 'actions', title: 'Akce', render: (_: unknown, r: ApplicationRow) => actions(r) }] : []),
  ];

  return (
    <div>
      <Segmented<ApplicationStatus>
        options={STATUS_OPTIONS}
        value={status}
        onChange={setStatus}
        aria-label="Filtrovat přihlášky podle stavu"
        style={{ marginBottom: 16 }}
        block={isMobile}
      />
      {list.isError && <Alert type="error" showIcon title={describeError(list.error).message} style={{ marginBottom: 16 }} />}
      {isMobile ? (
        list.isPending ? (
          <div style={{ textAlign: 'center', padding: 24 }}>
            <Spin />
          </div>
        ) : (
          <CardList<ApplicationRow>
            label="Přihlášky"
            items={rows}
            rowKey={(r) => r.id}
            title={name}
            fields={(r) => [
              { label: 'Datum', value: formatDateTime(r.createdAt) },
              { label: 'Kurz', value: <Course row={r} /> },
              { label: 'Kontakt', value: <Contact row={r} /> },
              ...(r.note ? [{ label: 'Poznámka', value: r.note }] : []),
              ...(r.registrationNumber ? [{ label: 'Evidenční číslo', value: r.registrationNumber }] : []),
              ...(r.status === 'REJECTED' && r.rejectReason ? [{ label: 'Důvod', value: r.rejectReason }] : []),
              ...(r.status !== 'PENDING' ? [{ label: 'Rozhodnuto', value: <Decision row={r} /> }] : []),
              ...(r.status === 'PENDING' && canDecide ? [{ label: 'Akce', value: actions(r) }] : []),
            ]}
            emptyText={EMPTY_TEXT[status]}
          />
        )
      ) : (
        <Table<ApplicationRow>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching}
          pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          locale={{ emptyText: <Empty description={EMPTY_TEXT[status]} /> }}
          scroll={{ x: 'max-content' }}
          size="middle"
        />
      )}
      {admitting && <ApplicationAdmitDrawer application={admitting} onClose={() => setAdmitting(null)} />}
      <ApplicationRejectDialog application={rejecting} onClose={() => setRejecting(null)} />
    </div>
  );
}
