// Platby → Doklady → 'Export pro účetní' (issue 21 §3): the period and the format (Pohoda XML, or CSV for Czech Excel:
// two files, documents and payments); the server builds the files on request and the browser saves them.
import { DownloadOutlined } from '@ant-design/icons';
import {
  ACCOUNTING_EXPORT_FORMAT_LABELS,
  ACCOUNTING_EXPORT_FORMATS,
  type AccountingExportFormat,
  accountingExportInput,
} from '@volant/shared/accounting-export/inputs';
import { addDays, schoolMonth, schoolToday } from '@volant/shared/school-time';
import { Alert, Button, DatePicker, Flex, Form, Radio, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { schoolOf, useSchoolInput } from '../../app/use-school.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { describeError, useTRPCClient } from '../../lib/trpc.ts';
import { saveText } from '../payment-item/owing-list.tsx';

const DAY_FORMAT = 'D.M.YYYY';

/** Last month: what the accountant asks for at the start of a month. */
function lastMonth() {
  const month = schoolMonth(addDays(schoolMonth(schoolToday(new Date())).first, -1));
  return { from: dayjs(month.first), to: dayjs(month.last) };
}

function ExportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const client = useTRPCClient();
  const school = useSchoolInput();
  const [initial] = useState(lastMonth);
  const [from, setFrom] = useState<Dayjs | null>(initial.from);
  const [to, setTo] = useState<Dayjs | null>(initial.to);
  const [format, setFormat] = useState<AccountingExportFormat>('POHODA');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const download = async () => {
    setError(null);
    setDone(null);
    const input = { from: from?.format('YYYY-MM-DD') ?? '', to: to?.format('YYYY-MM-DD') ?? '', format };
    const parsed = accountingExportInput.safeParse(input);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Neplatné období');
      return;
    }
    setBusy(true);
    try {
      const result = await client.accountingExport.getAccountingExport.query({ ...schoolOf(school), ...input });
      for (const f of result.files) saveText(f.content, f.fileName, f.mimeType);
      setDone(
        result.paymentCount === null
          ? `Staženo: ${result.files.map((f) => f.fileName).join(', ')} (dokladů: ${result.invoiceCount}).`
          : `Staženo: ${result.files.map((f) => f.fileName).join(', ')} (dokladů: ${result.invoiceCount}, plateb: ${result.paymentCount}).`,
      );
    } catch (e) {
      setError(describeError(e).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppModal
      open={open}
      title="Export pro účetní"
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          Zavřít
        </Button>,
        <Button key="download" type="primary" icon={<DownloadOutlined />} loading={busy} onClick={download}>
          Stáhnout
        </Button>,
      ]}
    >
      <Typography.Paragraph>
        Doklady (faktury, příjmové a opravné doklady) vystavené v období a platby přijaté v období. Stornované doklady zůstávají v exportu označené jako
        stornované spolu s opravným dokladem.
      </Typography.Paragraph>
      <Form layout="vertical" name="accounting-export">
        <Flex gap={12} wrap>
          <Form.Item label="Od" required style={{ flex: '1 1 140px' }}>
            <DatePicker aria-label="Od" format={DAY_FORMAT} value={from} onChange={setFrom} allowClear={false} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="Do" required style={{ flex: '1 1 140px' }}>
            <DatePicker aria-label="Do" format={DAY_FORMAT} value={to} onChange={setTo} allowClear={false} style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        <Form.Item label="Formát" required>
          <Radio.Group
            aria-label="Formát"
            value={format}
            onChange={(e) => setFormat(e.target.value)}
            options={ACCOUNTING_EXPORT_FORMATS.map((f) => ({ value: f, label: ACCOUNTING_EXPORT_FORMAT_LABELS[f] }))}
          />
        </Form.Item>
        <Typography.Text type="secondary">
          {format === 'POHODA'
            ? 'Soubor XML pro import dokladů do programu Pohoda (Soubor → Datová komunikace → XML import).'
            : 'Dva soubory CSV (doklady a platby) pro Excel: oddělovač středník, desetinná čárka, kódování UTF-8.'}
        </Typography.Text>
      </Form>
      {error && <Alert type="error" showIcon title={error} style={{ marginTop: 16 }} />}
      {done && <Alert type="success" showIcon title={done} style={{ marginTop: 16 }} />}
    </AppModal>
  );
}

/** The 'Export pro účetní' button and its dialog; shown to those who may export (admins, assistants). */
export function AccountingExportButton({ block }: { block?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<DownloadOutlined />} onClick={() => setOpen(true)} block={block}>
        Export pro účetní
      </Button>
      {open && <ExportModal open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
