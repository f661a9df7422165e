// Platby → 'Import výpisu' (issue 21 §1): the office uploads a bank statement (ABO/GPC, camt.053 or CSV); the server
// parses it and proposes a student for each incoming transaction ('Spárováno' / 'Návrh' / 'Nespárováno', the rule in
// 'Jak párujeme'); the office confirms, picks another student or leaves a transaction aside ('Nechat stranou'), and
// 'Potvrdit párování' turns the chosen ones into payments by transfer. Nothing is written before that.
import { ImportOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CSV_PRESET_LABELS } from '@volant/shared/bank-statement/csv-presets';
import { BANK_FILE_MAX_BYTES, BANK_FORMAT_LABELS, BANK_FORMATS, type BankFormat, type CsvColumns, type CsvPreset } from '@volant/shared/bank-statement/inputs';
import { MATCH_RULE_TEXT, MATCH_STATE_LABELS, type MatchState } from '@volant/shared/bank-statement/match';
import { toBase64 } from '@volant/shared/bank-statement/sample-files';
import { ERROR_TITLES } from '@volant/shared/errors';
import { formatDate, formatMoney } from '@volant/shared/format';
import { Alert, App, Button, Collapse, Flex, Modal, Select, Table, type TableProps, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { schoolOf, useMembership, useSchoolInput } from '../../app/use-school.ts';
import { CardList } from '../../components/card-list.tsx';
import { useIsPhone } from '../../lib/media.ts';
import { describeError, type RouterOutputs, trpcOptions, useTRPC } from '../../lib/trpc.ts';
import { CsvColumnsForm, fitsHeader, readHeader } from './bank-csv-columns.tsx';
import { useApplyWrite } from '../../lib/use-form-mutation.ts';
import { paymentItemLive } from './payment-item.live.ts';

type Preview = RouterOutputs['bankStatement']['previewBankStatement'];
type Row = Preview['transactions'][number];

const STATE_COLORS: Record<MatchState, string> = { MATCHED: 'green', SUGGESTED: 'gold', UNMATCHED: 'default' };
const ASIDE = '';

/** A bank's preset, or the school's own columns ('Vlastní sloupce'). */
type CsvChoice = CsvPreset | 'CUSTOM';
const CSV_CHOICES: { value: CsvChoice; label: string }[] = [
  ...Object.entries(CSV_PRESET_LABELS).map(([value, label]) => ({ value: value as CsvPreset, label })),
  { value: 'CUSTOM', label: 'Vlastní sloupce' },
];

export function BankImportButton() {
  const { may } = useMembership();
  const [open, setOpen] = useState(false);
  if (!may('bankStatement.previewBankStatement')) return null;
  return (
    <>
      <Button icon={<ImportOutlined />} onClick={() => setOpen(true)}>
        Import výpisu
      </Button>
      {open && <BankImportModal onClose={() => setOpen(false)} />}
    </>
  );
}

function BankImportModal({ onClose }: { onClose: () => void }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const phone = useIsPhone();
  const applyWrite = useApplyWrite();
  const { message } = App.useApp();
  const [format, setFormat] = useState<BankFormat>('AUTO');
  const [presetChoice, setPreset] = useState<CsvChoice | null>(null);
  const [file, setFile] = useState<{ name: string; content: string; bytes: Uint8Array } | null>(null);
  /** The own columns the shown preview was made with: the confirmation sends the same. */
  const [ownColumns, setColumns] = useState<CsvColumns | null>(null);
  const saved = useQuery(trpc.bankStatement.getCsvMapping.queryOptions(school));
  const savedColumns = saved.data?.columns ?? null;
  // The school's saved columns are the default once it has them; the office may still pick a preset.
  const preset: CsvChoice = presetChoice ?? (savedColumns ? 'CUSTOM' : 'FIO');
  const custom = preset === 'CUSTOM' && format !== 'GPC' && format !== 'CAMT053';
  const saveColumns = useMutation(
    trpc.bankStatement.saveCsvMapping.mutationOptions({
      onSuccess: async () => {
        await applyWrite([trpcOptions.bankStatement.getCsvMapping.queryFilter()]);
        message.success('Nastavení sloupců uloženo');
      },
    }),
  );
  const [fileError, setFileError] = useState<string | null>(null);
  const [choice, setChoice] = useState<Record<string, string>>({});
  /** The 'Vlastní sloupce' panel: open until a preview is shown (then the office may open it again). */
  const [columnsOpen, setColumnsOpen] = useState<boolean | null>(null);
  const preview = useMutation(
    trpc.bankStatement.previewBankStatement.mutationOptions({
      onSuccess: (data) => {
        setColumnsOpen(false);
        setChoice(
          Object.fromEntries(
            data.transactions.filter((t) => !t.imported).map((t) => [t.transactionId, t.state === 'MATCHED' ? (t.studentId ?? ASIDE) : ASIDE]),
          ),
        );
      },
    }),
  );
  const confirm = useMutation(
    trpc.bankStatement.confirmBankStatement.mutationOptions({
      onSuccess: async (r) => {
        await applyWrite(paymentItemLive.PriceListMessage({ schoolId: schoolOf(school).schoolId }));
        message.success(r.payments > 0 ? `Zaúčtováno plateb: ${r.payments}` : 'Výpis byl uložen, žádná nová platba');
        onClose();
      },
    }),
  );
  const fileInput = (content: string, own: CsvColumns | null = ownColumns) => ({
    ...schoolOf(school),
    content,
    format,
    csv: format === 'CSV' || format === 'AUTO' ? (preset === 'CUSTOM' ? (own ? { columns: own } : null) : { preset }) : null,
  });
  const previewWith = (own: CsvColumns) => {
    if (!file) return;
    setColumns(own);
    preview.mutate(fileInput(file.content, own));
  };

  const read = async (f: File) => {
    setFileError(null);
    preview.reset();
    if (f.size > BANK_FILE_MAX_BYTES) {
      setFileError('Soubor je příliš velký (nejvýše 1 MB).');
      return;
    }
    const bytes = new Uint8Array(await f.arrayBuffer());
    const content = toBase64(bytes);
    setFile({ name: f.name, content, bytes });
    setColumns(null);
    setColumnsOpen(null);
    if (!custom) {
      preview.mutate(fileInput(content));
      return;
    }
    // Own columns: a GPC or camt file (recognised automatically) needs none; a CSV whose header has the saved
    // columns is previewed with them right away; otherwise the office sets the columns first.
    const start = new TextDecoder('latin1')
      .decode(bytes.slice(0, 64))
      .replace(/^\uFEFF|^ï»¿/, '')
      .trimStart();
    if (format === 'AUTO' && (start.startsWith('074') || start.startsWith('<'))) preview.mutate(fileInput(content, null));
    else if (savedColumns && fitsHeader(savedColumns, readHeader(bytes, savedColumns.delimiter, savedColumns.encoding, savedColumns.date))) {
      setColumns(savedColumns);
      preview.mutate(fileInput(content, savedColumns));
    }
  };

  const data = preview.data;
  const pending = data?.transactions.filter((t) => !t.imported) ?? [];
  const chosenCount = pending.filter((t) => choice[t.transactionId]).length;
  const studentOptions = [
    { value: ASIDE, label: 'Nechat stranou' },
    ...(data?.students ?? []).map((s) => ({ value: s.id, label: s.registrationNumber ? `${s.name} (${s.registrationNumber})` : s.name })),
  ];

  const stateTag = (t: Row) => (t.imported ? <Tag>Již importováno</Tag> : <Tag color={STATE_COLORS[t.state]}>{MATCH_STATE_LABELS[t.state]}</Tag>);
  const studentCell = (t: Row) =>
    t.imported ? (
      (t.studentName ?? '—')
    ) : (
      <Select
        aria-label={`Žák pro platbu ${t.transactionId}`}
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: '100%', minWidth: 200 }}
        value={choice[t.transactionId] ?? ASIDE}
        options={
          t.studentId && t.state !== 'MATCHED'
            ? [{ value: t.studentId, label: `Návrh: ${t.studentName ?? ''}` }, ...studentOptions.filter((o) => o.value !== t.studentId)]
            : studentOptions
        }
        onChange={(v: string) => setChoice((c) => ({ ...c, [t.transactionId]: v }))}
      />
    );

  const columns: TableProps<Row>['columns'] = [
    { title: 'Datum', dataIndex: 'bookedOn', render: (d: string) => formatDate(d), width: 100 },
    { title: 'Částka', dataIndex: 'amount', align: 'right', render: (a: number) => formatMoney(a), width: 120 },
    { title: 'VS', dataIndex: 'variableSymbol', render: (v: string | null) => v ?? '—', width: 110 },
    {
      title: 'Plátce a zpráva',
      key: 'payer',
      render: (_: unknown, t) => (
        <Flex vertical>
          <span>{t.counterName ?? '—'}</span>
          {t.message && <Typography.Text type="secondary">{t.message}</Typography.Text>}
        </Flex>
      ),
    },
    { title: 'Stav', key: 'state', width: 130, render: (_: unknown, t) => stateTag(t) },
    { title: 'Žák', key: 'student', width: 280, render: (_: unknown, t) => studentCell(t) },
  ];

  return (
    <Modal
      open
      title="Import výpisu"
      width={phone ? '100%' : 1100}
      onCancel={onClose}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>Zavřít</Button>
          <Button
            type="primary"
            disabled={!data || !file || pending.length === 0}
            loading={confirm.isPending}
            onClick={() =>
              file &&
              confirm.mutate({
                ...fileInput(file.content),
                decisions: pending.map((t) => ({ transactionId: t.transactionId, studentId: choice[t.transactionId] || null })),
              })
            }
          >
            Potvrdit párování{chosenCount > 0 ? ` (${chosenCount})` : ''}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Flex gap={8} wrap align="center">
          <Select
            aria-label="Formát výpisu"
            value={format}
            onChange={setFormat}
            style={{ width: 220 }}
            options={BANK_FORMATS.map((f) => ({ value: f, label: BANK_FORMAT_LABELS[f] }))}
          />
          {(format === 'CSV' || format === 'AUTO') && (
            <Select
              aria-label="Banka (CSV)"
              value={preset}
              onChange={(v: CsvChoice) => {
                setPreset(v);
                preview.reset();
                setColumns(null);
                setColumnsOpen(null);
                // A chosen file is previewed again with the bank's preset; own columns wait for the form.
                if (file && v !== 'CUSTOM') preview.mutate({ ...schoolOf(school), content: file.content, format, csv: { preset: v } });
              }}
              style={{ width: 220 }}
              options={CSV_CHOICES}
            />
          )}
          <Upload
            accept=".gpc,.abo,.txt,.xml,.csv"
            showUploadList={false}
            beforeUpload={(f) => {
              void read(f);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={preview.isPending}>
              Vybrat soubor
            </Button>
          </Upload>
          {file && <Typography.Text type="secondary">{file.name}</Typography.Text>}
        </Flex>
        <Collapse
          size="small"
          items={[
            {
              key: 'rule',
              label: 'Jak párujeme',
              children: (
                <ul style={{ margin: 0, paddingLeft: 20 }}>
                  {MATCH_RULE_TEXT.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              ),
            },
          ]}
        />
        {custom && (
          <Collapse
            size="small"
            activeKey={(columnsOpen ?? !(ownColumns || (savedColumns && !file))) ? ['columns'] : []}
            onChange={(keys) => setColumnsOpen(keys.includes('columns'))}
            items={[
              {
                key: 'columns',
                label: ownColumns ? 'Vlastní sloupce (použity pro náhled)' : 'Vlastní sloupce',
                forceRender: true,
                children: (
                  <CsvColumnsForm
                    bytes={file?.bytes ?? null}
                    initial={savedColumns}
                    busy={preview.isPending}
                    saving={saveColumns.isPending}
                    onPreview={previewWith}
                    onSave={(m) => saveColumns.mutate({ ...schoolOf(school), columns: m })}
                  />
                ),
              },
            ]}
          />
        )}
        {saveColumns.error && <Alert type="error" title={ERROR_TITLES.error} description={describeError(saveColumns.error).message} />}
        {fileError && <Alert type="error" title={fileError} />}
        {preview.error && <Alert type="error" title={ERROR_TITLES.error} description={describeError(preview.error).message} />}
        {confirm.error && <Alert type="error" title={ERROR_TITLES.error} description={describeError(confirm.error).message} />}
        {data && (
          <>
            <Typography.Text>
              Příchozích plateb: {data.transactions.length}
              {data.debits > 0 ? ` (odchozí platby vynechány: ${data.debits})` : ''}
            </Typography.Text>
            {phone ? (
              <CardList<Row>
                label="Platby z výpisu"
                items={data.transactions}
                rowKey={(t) => t.transactionId}
                title={(t) => (
                  <Flex gap={8} align="center" wrap>
                    <strong>{formatMoney(t.amount)}</strong>
                    {stateTag(t)}
                  </Flex>
                )}
                fields={(t) => [
                  { label: 'Datum', value: formatDate(t.bookedOn) },
                  { label: 'VS', value: t.variableSymbol ?? '—' },
                  { label: 'Plátce', value: t.counterName ?? '—' },
                  ...(t.message ? [{ label: 'Zpráva', value: t.message }] : []),
                  { label: 'Žák', value: studentCell(t) },
                ]}
                emptyText="Ve výpisu nejsou žádné příchozí platby"
              />
            ) : (
              <Table<Row>
                rowKey="transactionId"
                size="small"
                columns={columns}
                dataSource={data.transactions}
                pagination={{ pageSize: 50, hideOnSinglePage: true }}
                scroll={{ x: 900 }}
                locale={{ emptyText: 'Ve výpisu nejsou žádné příchozí platby' }}
              />
            )}
          </>
        )}
      </Flex>
    </Modal>
  );
}
