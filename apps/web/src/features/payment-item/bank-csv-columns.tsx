// 'Import výpisu' → CSV → 'Vlastní sloupce' (issue 21 §1): the office says which column of its bank's CSV holds what,
// picking from the header row of the chosen file (read here, in the browser, only to offer the names: the server
// parses the file again with the mapping). 'Uložit nastavení sloupců' keeps the mapping for the next import.
import { csvRecords, headerKey } from '@volant/shared/bank-statement/csv-presets';
import {
  CSV_DATE_FORMAT_LABELS,
  CSV_DATE_FORMATS,
  CSV_DELIMITER_LABELS,
  CSV_DELIMITERS,
  CSV_ENCODING_LABELS,
  CSV_ENCODINGS,
  type CsvColumns,
  type CsvColumnsInput,
  csvColumnsSchema,
} from '@volant/shared/bank-statement/inputs';
import { Button, Flex, Form, Radio, Select, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { issuesToFieldErrors } from '../../lib/form-errors.ts';
import { clearErrorsOnChange, setFieldErrors } from '../../lib/form-fields.ts';

type Delimiter = CsvColumns['delimiter'];

/** The decoded text as the server reads it: AUTO is strict UTF-8, else Windows-1250. */
function decode(bytes: Uint8Array, encoding: CsvColumns['encoding']): string {
  if (encoding === 'CP1250') return new TextDecoder('windows-1250').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return encoding === 'UTF8' ? new TextDecoder('utf-8').decode(bytes) : new TextDecoder('windows-1250').decode(bytes);
  }
}

/** The delimiter most used on the file's first lines. */
export function guessDelimiter(bytes: Uint8Array): Delimiter {
  const head = decode(bytes.slice(0, 4000), 'AUTO');
  const count = (d: string) => head.split(d).length;
  return [...CSV_DELIMITERS].sort((a, b) => count(b) - count(a))[0];
}

export interface CsvHeader {
  /** The header row's names (non-empty, each once). */
  names: string[];
  /** The first cells of the lines above the header ('accountId', 'Číslo účtu:'), where an own account may be. */
  linesAbove: string[];
}

/**
 * The header row: the first of the file's first 50 lines holding `prefer` (the saved date column), else the first
 * line with the most filled cells.
 */
export function readHeader(bytes: Uint8Array, delimiter: Delimiter, encoding: CsvColumns['encoding'], prefer?: string | null): CsvHeader {
  const text = decode(bytes.slice(0, 64 * 1024), encoding).replace(/^\uFEFF/, '');
  let records: { cells: string[] }[] = [];
  try {
    records = csvRecords(text, delimiter, () => {
      throw new Error('unclosed');
    }).slice(0, 50);
  } catch {
    records = text
      .split(/\r?\n/)
      .slice(0, 50)
      .map((l) => ({ cells: l.split(delimiter).map((c) => c.replace(/^"|"$/g, '').trim()) }));
  }
  const filled = (cells: string[]) => cells.filter((c) => c !== '').length;
  let at = prefer ? records.findIndex((r) => r.cells.some((c) => headerKey(c) === headerKey(prefer))) : -1;
  if (at < 0) {
    const most = Math.max(0, ...records.map((r) => filled(r.cells)));
    at = records.findIndex((r) => filled(r.cells) === most);
  }
  if (at < 0) return { names: [], linesAbove: [] };
  const names = [...new Set(records[at].cells.filter((c) => c !== '').map((c) => c.slice(0, 80)))];
  const linesAbove = [...new Set(records.slice(0, at).flatMap((r) => (r.cells[0] ? [r.cells[0].replace(/:$/, '').slice(0, 80)] : [])))];
  return { names, linesAbove };
}

type AmountMode = 'ONE' | 'SPLIT';
const NO_ACCOUNT = '';

interface FormValues {
  delimiter: Delimiter;
  encoding: CsvColumns['encoding'];
  date?: string;
  dateFormat: CsvColumns['dateFormat'];
  amountMode: AmountMode;
  amount?: string;
  credit?: string;
  debit?: string;
  currency?: string;
  variableSymbol?: string;
  counterAccount?: string;
  counterBankCode?: string;
  payerName?: string;
  message?: string;
  transactionId?: string;
  /** 'col:<name>' or 'line:<label>', or '' (not checked). */
  ownAccount: string;
  ownBankCodeLine?: string;
}

const toForm = (m: CsvColumns): FormValues => ({
  delimiter: m.delimiter,
  encoding: m.encoding,
  date: m.date,
  dateFormat: m.dateFormat,
  amountMode: m.amount ? 'ONE' : 'SPLIT',
  amount: m.amount ?? undefined,
  credit: m.credit ?? undefined,
  debit: m.debit ?? undefined,
  currency: m.currency ?? undefined,
  variableSymbol: m.variableSymbol ?? undefined,
  counterAccount: m.counterAccount ?? undefined,
  counterBankCode: m.counterBankCode ?? undefined,
  payerName: m.payerName ?? undefined,
  message: m.message ?? undefined,
  transactionId: m.transactionId ?? undefined,
  ownAccount: m.ownAccountColumn ? `col:${m.ownAccountColumn}` : m.ownAccountLine ? `line:${m.ownAccountLine}` : NO_ACCOUNT,
  ownBankCodeLine: m.ownBankCodeLine ?? undefined,
});

const fromForm = (v: FormValues): CsvColumnsInput => {
  const one = v.amountMode === 'ONE';
  return {
    delimiter: v.delimiter,
    encoding: v.encoding,
    date: v.date ?? '',
    dateFormat: v.dateFormat,
    amount: one ? (v.amount ?? null) : null,
    credit: one ? null : (v.credit ?? null),
    debit: one ? null : (v.debit ?? null),
    currency: v.currency ?? null,
    variableSymbol: v.variableSymbol ?? null,
    counterAccount: v.counterAccount ?? null,
    counterBankCode: v.counterBankCode ?? null,
    payerName: v.payerName ?? null,
    message: v.message ?? null,
    transactionId: v.transactionId ?? null,
    ownAccountColumn: v.ownAccount.startsWith('col:') ? v.ownAccount.slice(4) : null,
    ownAccountLine: v.ownAccount.startsWith('line:') ? v.ownAccount.slice(5) : null,
    ownBankCodeLine: v.ownAccount.startsWith('line:') ? (v.ownBankCodeLine ?? null) : null,
  };
};

/** The saved mapping when the file's header has its date and amount columns: then the import can use it right away. */
export function fitsHeader(m: CsvColumns, header: CsvHeader): boolean {
  const keys = new Set(header.names.map(headerKey));
  return [m.date, m.amount ?? m.credit].every((c) => !!c && keys.has(headerKey(c)));
}

export function CsvColumnsForm({
  bytes,
  initial,
  busy,
  saving,
  onPreview,
  onSave,
}: {
  bytes: Uint8Array | null;
  initial: CsvColumns | null;
  busy: boolean;
  saving: boolean;
  onPreview: (m: CsvColumns) => void;
  onSave: (m: CsvColumns) => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const delimiter = Form.useWatch('delimiter', form);
  const encoding = Form.useWatch('encoding', form);
  const amountMode = Form.useWatch('amountMode', form);
  const ownAccount = Form.useWatch('ownAccount', form);
  const header = useMemo(
    () => (bytes && delimiter ? readHeader(bytes, delimiter, encoding ?? 'AUTO', initial?.date) : { names: [], linesAbove: [] }),
    [bytes, delimiter, encoding, initial?.date],
  );

  useEffect(() => {
    if (initial) form.setFieldsValue(toForm(initial));
    else if (bytes) form.setFieldsValue({ delimiter: guessDelimiter(bytes) });
  }, [initial, bytes, form]);

  const columnOptions = header.names.map((n) => ({ value: n, label: n }));
  const accountOptions = [
    { value: NO_ACCOUNT, label: 'Nekontrolovat (soubor účet neuvádí)' },
    ...header.names.map((n) => ({ value: `col:${n}`, label: `Sloupec „${n}“` })),
    ...header.linesAbove.map((l) => ({ value: `line:${l}`, label: `Řádek nad záhlavím „${l}“` })),
  ];
  const lineOptions = header.linesAbove.map((l) => ({ value: l, label: l }));

  const submit = (then: (m: CsvColumns) => void) => {
    const values = form.getFieldsValue(true) as FormValues;
    const parsed = csvColumnsSchema.safeParse(fromForm(values));
    if (parsed.success) {
      then(parsed.data);
      return;
    }
    // The amount's message belongs to 'Příjmy' when the amount is split.
    const errors = issuesToFieldErrors(parsed.error.issues).map((e) =>
      e.name[0] === 'amount' && values.amountMode === 'SPLIT' ? { ...e, name: ['credit'] } : e,
    );
    setFieldErrors(form, errors);
  };

  const column = (name: keyof FormValues, label: string, required = false) => (
    <Form.Item name={name} label={label} required={required} style={{ minWidth: 200, flex: '1 1 200px', marginBottom: 8 }}>
      <Select
        aria-label={label}
        allowClear={!required}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={required ? 'Vyberte sloupec' : 'Není'}
        options={columnOptions}
      />
    </Form.Item>
  );

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      aria-label="Vlastní sloupce"
      initialValues={{ delimiter: ';', encoding: 'AUTO', dateFormat: 'D.M.YYYY', amountMode: 'ONE', ownAccount: NO_ACCOUNT }}
      onValuesChange={clearErrorsOnChange(form)}
    >
      <Flex vertical gap={4}>
        <Typography.Text type="secondary">
          {header.names.length > 0
            ? `Záhlaví souboru: ${header.names.length} sloupců. Vyberte, co který obsahuje; párují se jen příchozí platby.`
            : 'Vyberte soubor s výpisem: nabídneme názvy sloupců z jeho záhlaví.'}
        </Typography.Text>
        <Flex gap={8} wrap>
          <Form.Item name="delimiter" label="Oddělovač" style={{ minWidth: 160, flex: '1 1 160px', marginBottom: 8 }}>
            <Select aria-label="Oddělovač" options={CSV_DELIMITERS.map((d) => ({ value: d, label: CSV_DELIMITER_LABELS[d] }))} />
          </Form.Item>
          <Form.Item name="encoding" label="Kódování" style={{ minWidth: 200, flex: '1 1 200px', marginBottom: 8 }}>
            <Select aria-label="Kódování" options={CSV_ENCODINGS.map((e) => ({ value: e, label: CSV_ENCODING_LABELS[e] }))} />
          </Form.Item>
        </Flex>
        <Flex gap={8} wrap>
          {column('date', 'Datum', true)}
          <Form.Item name="dateFormat" label="Formát data" style={{ minWidth: 160, flex: '1 1 160px', marginBottom: 8 }}>
            <Select aria-label="Formát data" options={CSV_DATE_FORMATS.map((f) => ({ value: f, label: CSV_DATE_FORMAT_LABELS[f] }))} />
          </Form.Item>
        </Flex>
        <Form.Item name="amountMode" label="Částka" style={{ marginBottom: 8 }}>
          <Radio.Group
            aria-label="Částka"
            options={[
              { value: 'ONE', label: 'Jeden sloupec (výdaje se znaménkem −)' },
              { value: 'SPLIT', label: 'Příjmy a výdaje ve dvou sloupcích' },
            ]}
          />
        </Form.Item>
        <Flex gap={8} wrap>
          {amountMode === 'SPLIT' ? (
            <>
              {column('credit', 'Příjmy', true)}
              {column('debit', 'Výdaje')}
            </>
          ) : (
            column('amount', 'Částka (sloupec)', true)
          )}
          {column('currency', 'Měna')}
        </Flex>
        <Flex gap={8} wrap>
          {column('variableSymbol', 'Variabilní symbol')}
          {column('payerName', 'Plátce')}
          {column('message', 'Zpráva')}
        </Flex>
        <Flex gap={8} wrap>
          {column('counterAccount', 'Protiúčet (číslo nebo číslo/kód)')}
          {column('counterBankCode', 'Kód banky protiúčtu')}
          {column('transactionId', 'ID transakce')}
        </Flex>
        <Flex gap={8} wrap>
          <Form.Item name="ownAccount" label="Vlastní účet" style={{ minWidth: 240, flex: '1 1 240px', marginBottom: 8 }}>
            <Select aria-label="Vlastní účet" showSearch={{ optionFilterProp: 'label' }} options={accountOptions} />
          </Form.Item>
          {ownAccount?.startsWith('line:') && (
            <Form.Item name="ownBankCodeLine" label="Kód banky (řádek nad záhlavím)" style={{ minWidth: 200, flex: '1 1 200px', marginBottom: 8 }}>
              <Select aria-label="Kód banky (řádek nad záhlavím)" allowClear placeholder="Není" options={lineOptions} />
            </Form.Item>
          )}
        </Flex>
        <Typography.Text type="secondary">
          Bez sloupce ID transakce odvodíme identifikátor z obsahu řádku (a pořadí mezi shodnými řádky), takže opakovaný import nic nepřidá.
        </Typography.Text>
        <Flex gap={8} wrap justify="end">
          <Button loading={saving} onClick={() => submit(onSave)}>
            Uložit nastavení sloupců
          </Button>
          <Button type="primary" disabled={!bytes} loading={busy} onClick={() => submit(onPreview)}>
            Zobrazit náhled
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
