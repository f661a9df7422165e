// 'Podklady pro kontrolu' (issue 22 §2): the admin picks 'Od' and 'Do' and presses 'Vytvořit podklady'; the server
// builds the ZIP as a job, and this page follows it (percent and the part being built, asked again every second while a
// pack is on its way), then offers 'Stáhnout'. The list keeps the school's latest packs.
import { AuditOutlined, DownloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ERROR_TITLES } from '@volant/shared/errors';
import { formatDate, formatDateTime } from '@volant/shared/format';
import { INSPECTION_PACK_STATUS_LABELS, type InspectionPackStatus, inspectionPackInput } from '@volant/shared/inspection-pack/inputs';
import { addDays, schoolToday } from '@volant/shared/school-time';
import { Alert, App, Button, Card, DatePicker, Empty, Flex, Form, List, Progress, Result, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { schoolOf, useMembership, useSchoolInput } from '../../app/use-school.ts';
import { getStoredToken } from '../../lib/token.ts';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';
import { downloadPdf } from '../pdf/pdf-export.ts';

type Pack = RouterOutputs['inspectionPack']['getPacks'][number];

const DAY_FORMAT = 'D.M.YYYY';
const STATUS_COLORS: Record<InspectionPackStatus, string> = { NEW: 'default', PROCESSING: 'processing', DONE: 'success', ERROR: 'error' };
const inProgress = (p: Pack) => p.status === 'NEW' || p.status === 'PROCESSING';

/** The last twelve months up to today: what an inspection usually asks for. */
function lastYear() {
  const today = schoolToday(new Date());
  return { from: dayjs(addDays(today, -364)), to: dayjs(today) };
}

const sizeText = (bytes: number | null) =>
  bytes === null ? '' : bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1).replace('.', ',')} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;

function PackItem({ pack }: { pack: Pack }) {
  const { notification } = App.useApp();
  const [busy, setBusy] = useState(false);
  const status = pack.status as InspectionPackStatus;
  const download = async () => {
    if (!pack.fileUrl || !pack.fileName) return;
    setBusy(true);
    try {
      await downloadPdf(pack.fileUrl, pack.fileName, getStoredToken(), 'application/zip');
    } catch {
      notification.error({ title: ERROR_TITLES.error, description: 'Podklady se nepodařilo stáhnout. Zkuste to prosím znovu.' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <List.Item>
      <Flex vertical gap={6} style={{ width: '100%' }} data-testid={`inspection-pack-${pack.id}`}>
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Typography.Text strong>
            Období {formatDate(pack.from)} – {formatDate(pack.to)}
          </Typography.Text>
          <Tag color={STATUS_COLORS[status]}>{INSPECTION_PACK_STATUS_LABELS[status]}</Tag>
        </Flex>
        <Typography.Text type="secondary">Zadáno {formatDateTime(pack.createdAt)}</Typography.Text>
        {inProgress(pack) && (
          <div aria-live="polite">
            <Progress percent={pack.progress} status="active" aria-label="Průběh vytváření podkladů" />
            <Typography.Text type="secondary">{pack.step ? `Vytváří se: ${pack.step}` : 'Čeká na zpracování…'}</Typography.Text>
          </div>
        )}
        {status === 'ERROR' && <Alert type="error" showIcon title="Vytvoření podkladů selhalo. Zkuste to prosím znovu." />}
        {status === 'DONE' && (
          <Flex gap={8} align="center" wrap>
            <Button type="primary" icon={<DownloadOutlined />} loading={busy} onClick={download}>
              Stáhnout
            </Button>
            <Typography.Text type="secondary">
              {pack.fileName} {sizeText(pack.fileSize)}
            </Typography.Text>
          </Flex>
        )}
      </Flex>
    </List.Item>
  );
}

export function InspectionPackView() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const school = useSchoolInput();
  const { isAdmin, isLoading } = useMembership();
  const [initial] = useState(lastYear);
  const [from, setFrom] = useState<Dayjs | null>(initial.from);
  const [to, setTo] = useState<Dayjs | null>(initial.to);
  const [error, setError] = useState<string | null>(null);
  const packs = useQuery({
    ...trpc.inspectionPack.getPacks.queryOptions(school, { refetchInterval: (q) => (q.state.data?.some(inProgress) ? 1_000 : false) }),
    enabled: isAdmin,
  });
  const create = useMutation(
    trpc.inspectionPack.createPack.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.inspectionPack.getPacks.pathKey() }),
      onError: (e) => setError(describeError(e).message),
    }),
  );

  if (isLoading) return null;
  if (!isAdmin) return <Result status="403" title="Podklady pro kontrolu" subTitle="Podklady pro kontrolu může vytvořit jen administrátor autoškoly." />;

  const submit = () => {
    setError(null);
    const input = { from: from?.format('YYYY-MM-DD') ?? '', to: to?.format('YYYY-MM-DD') ?? '' };
    const parsed = inspectionPackInput.safeParse(input);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Neplatné období');
      return;
    }
    create.mutate({ ...schoolOf(school), ...input });
  };

  return (
    <Flex vertical gap={16} style={{ maxWidth: 880 }}>
      <Card>
        <Typography.Paragraph>
          Jedním kliknutím vytvoříte ZIP se záznamy za zvolené období pro kontrolu obecním úřadem: evidenční knihu, třídní knihy kurzů, evidenci jízd po
          vozidlech, hlášenky, přihlášky ke zkoušce, potvrzení o částečném absolvování, ověření neporušenosti záznamů a kontrolu konzistence záznamů (PDF, CSV a
          text).
        </Typography.Paragraph>
        <Form layout="vertical" onFinish={submit}>
          <Flex gap={12} wrap align="end">
            <Form.Item label="Od" style={{ marginBottom: 0 }}>
              <DatePicker value={from} onChange={setFrom} format={DAY_FORMAT} allowClear={false} aria-label="Od" />
            </Form.Item>
            <Form.Item label="Do" style={{ marginBottom: 0 }}>
              <DatePicker value={to} onChange={setTo} format={DAY_FORMAT} allowClear={false} aria-label="Do" />
            </Form.Item>
            <Button type="primary" htmlType="submit" icon={<AuditOutlined />} loading={create.isPending}>
              Vytvořit podklady
            </Button>
          </Flex>
        </Form>
        {error && <Alert style={{ marginTop: 12 }} type="error" showIcon title={error} />}
      </Card>
      <Card title="Vytvořené podklady">
        {packs.data && packs.data.length > 0 ? (
          <List dataSource={packs.data} rowKey="id" renderItem={(p) => <PackItem pack={p} />} />
        ) : (
          <Empty description={packs.isLoading ? 'Načítání…' : 'Zatím žádné podklady'} />
        )}
      </Card>
    </Flex>
  );
}
