// Nastavení → Historie PDF (issue 10): the school's generated files, newest first — document, what it is about, when,
// who asked, status, and 'Stáhnout' for a finished one. Filters by kind and status; more pages on demand. While a job
// is still waiting or running the list looks again every few seconds (its requester also gets OnPdfFileChanged, which
// makes the list stale at once, lib/live.ts).
import { DownloadOutlined } from '@ant-design/icons';
import { skipToken, useInfiniteQuery } from '@tanstack/react-query';
import { PDF_KIND_LABELS, PDF_KINDS, PDF_STATUS_LABELS, PDF_STATUSES, type PdfKind, type PdfStatus } from '@volant/shared/enums';
import { ERROR_TITLES } from '@volant/shared/errors';
import { formatDateTime } from '@volant/shared/format';
import { Alert, App, Button, Empty, Flex, Select, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSchoolInput, withSchool } from '../../app/use-school.ts';
import { CardList } from '../../components/card-list.tsx';
import { useIsPhone } from '../../lib/media.ts';
import { getStoredToken } from '../../lib/token.ts';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';
import { withFeedback } from '../../components/feedback-scope.tsx';
import { downloadPdf, pdfDownloadName } from './pdf-export.ts';
import { PDF_ERROR_TEXT, PDF_ERROR_TITLE } from './use-pdf-export.tsx';

type PdfFile = RouterOutputs['pdfFile']['getPdfFiles']['items'][number];

const PAGE = 50;
const STATUS_COLORS: Record<PdfStatus, string> = { NEW: 'default', PROCESSING: 'processing', DONE: 'success', ERROR: 'error' };

function StatusTag({ file }: { file: PdfFile }) {
  const status = file.status as PdfStatus;
  return <Tag color={STATUS_COLORS[status]}>{status === 'ERROR' ? PDF_ERROR_TITLE : PDF_STATUS_LABELS[status]}</Tag>;
}

function PdfHistoryView() {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const isPhone = useIsPhone();
  const { notification } = App.useApp();
  const [kind, setKind] = useState<PdfKind | null>(null);
  const [status, setStatus] = useState<PdfStatus | null>(null);
  const files = useInfiniteQuery(
    trpc.pdfFile.getPdfFiles.infiniteQueryOptions(withSchool(school, { kind, status, limit: PAGE }), {
      getNextPageParam: (page) => page.nextCursor,
      refetchInterval: (query) => (query.state.data?.pages.some((p) => p.items.some((f) => f.status === 'NEW' || f.status === 'PROCESSING')) ? 4_000 : false),
    }),
  );
  const items = files.data?.pages.flatMap((p) => p.items) ?? [];

  const download = (f: PdfFile) =>
    f.fileUrl
      ? downloadPdf(f.fileUrl, pdfDownloadName(f.kind, f.id, f.fileName), getStoredToken()).catch(() =>
          notification.error({ title: ERROR_TITLES.error, description: PDF_ERROR_TEXT }),
        )
      : undefined;

  const action = (f: PdfFile) =>
    f.status === 'DONE' ? (
      <Button
        size="small"
        icon={<DownloadOutlined />}
        onClick={() => download(f)}
        aria-label={`Stáhnout ${PDF_KIND_LABELS[f.kind as PdfKind]} ${f.subject ?? ''}`.trim()}
      >
        Stáhnout
      </Button>
    ) : null;

  const columns: TableProps<PdfFile>['columns'] = [
    { key: 'kind', title: 'Dokument', render: (_, f) => PDF_KIND_LABELS[f.kind as PdfKind] },
    { key: 'subject', title: 'Týká se', render: (_, f) => f.subject ?? '—' },
    { key: 'createdAt', title: 'Vytvořeno', render: (_, f) => formatDateTime(f.createdAt) },
    { key: 'requestedBy', title: 'Vyžádal(a)', render: (_, f) => f.requestedBy ?? '—' },
    { key: 'status', title: 'Stav', render: (_, f) => <StatusTag file={f} /> },
    { key: 'action', title: '', align: 'right', render: (_, f) => action(f) },
  ];

  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Historie PDF
      </Typography.Title>
      <Flex wrap gap={8}>
        <Select<PdfKind | null>
          aria-label="Dokument"
          value={kind}
          onChange={setKind}
          style={{ minWidth: 220, flex: isPhone ? '1 1 100%' : undefined }}
          options={[{ value: null, label: 'Všechny dokumenty' }, ...PDF_KINDS.map((k) => ({ value: k, label: PDF_KIND_LABELS[k] }))]}
        />
        <Select<PdfStatus | null>
          aria-label="Stav"
          value={status}
          onChange={setStatus}
          style={{ minWidth: 160, flex: isPhone ? '1 1 100%' : undefined }}
          options={[{ value: null, label: 'Všechny stavy' }, ...PDF_STATUSES.map((s) => ({ value: s, label: PDF_STATUS_LABELS[s] }))]}
        />
      </Flex>
      {files.isError && <Alert type="error" showIcon title={describeError(files.error).message} />}
      {isPhone ? (
        <CardList<PdfFile>
          label="Historie PDF"
          items={items}
          rowKey={(f) => f.id}
          title={(f) => PDF_KIND_LABELS[f.kind as PdfKind]}
          actions={action}
          fields={(f) => [
            { label: 'Týká se', value: f.subject ?? '—' },
            { label: 'Vytvořeno', value: formatDateTime(f.createdAt) },
            { label: 'Vyžádal(a)', value: f.requestedBy ?? '—' },
            { label: 'Stav', value: <StatusTag file={f} /> },
          ]}
          emptyText="Zatím žádné PDF"
        />
      ) : (
        <Table<PdfFile>
          rowKey="id"
          columns={columns}
          dataSource={items}
          loading={files.isPending && school !== skipToken}
          pagination={false}
          locale={{ emptyText: <Empty description="Zatím žádné PDF" /> }}
        />
      )}
      {files.hasNextPage && (
        <Button onClick={() => files.fetchNextPage()} loading={files.isFetchingNextPage} style={{ alignSelf: 'center' }}>
          Načíst další
        </Button>
      )}
    </Flex>
  );
}

const PdfHistorySettings = withFeedback(PdfHistoryView);
export default PdfHistorySettings;
