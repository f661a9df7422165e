// Parsers of bank statements (issue 21 §1, docs/decisions/0021-bank-statements.md): Czech ABO/GPC (fixed columns,
// Windows-1250), ISO 20022 camt.053 (XML, fast-xml-parser) and CSV of Czech banks (a column mapping: presets or the office's own). Each gives the statement's
// account and its transactions, or throws StatementFormatError naming the line; nothing here touches the database.
import { asHalere, type Halere } from '@volant/shared/money';
import type { StatementTransaction } from '@volant/shared/bank-statement/match';
import { CSV_PRESET_MAPPINGS, csvRecords, headerKey } from '@volant/shared/bank-statement/csv-presets';
import {
  type BankFormat,
  CSV_DATE_FORMAT_LABELS,
  type CsvColumns,
  type CsvDateFormat,
  type CsvEncoding,
  type CsvPreset,
} from '@volant/shared/bank-statement/inputs';
import { createHash } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export interface ParsedStatement {
  format: Exclude<BankFormat, 'AUTO'>;
  /** The statement's account: an IBAN (camt), or the 16 digits prefix + number of a Czech account (GPC). */
  account: { iban: string | null; czechDigits: string | null };
  transactions: StatementTransaction[];
}

export class StatementFormatError extends Error {
  readonly line: number | null;
  constructor(line: number | null, message: string) {
    super(line === null ? message : `Řádek ${line}: ${message}`);
    this.line = line;
  }
}

const MAX_AMOUNT = 100_000_000_000; // 1 000 000 000 Kč: beyond any school's payment, still a safe integer.

function halere(digits: string, line: number): Halere {
  if (!/^\d+$/.test(digits)) throw new StatementFormatError(line, 'částka není číslo.');
  const n = Number(digits);
  if (n > MAX_AMOUNT) throw new StatementFormatError(line, 'částka je mimo rozsah.');
  return asHalere(n);
}

/** DDMMYY → YYYY-MM-DD (years 00–69 are 20xx). */
function gpcDate(s: string, line: number): string {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(s);
  if (!m) throw new StatementFormatError(line, `neplatné datum „${s.trim()}“.`);
  const [, dd, mm, yy] = m;
  const year = Number(yy) < 70 ? `20${yy}` : `19${yy}`;
  return validDate(`${year}-${mm}-${dd}`, line);
}

function validDate(iso: string, line: number | null): string {
  const d = new Date(`${iso}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso)
    throw new StatementFormatError(line, `neplatné datum „${iso}“.`);
  return iso;
}

const blank = (s: string) => {
  const t = s.trim();
  return t === '' ? null : t;
};
const zeroBlank = (s: string) => (/^0*$/.test(s.trim()) ? null : s.trim());

/**
 * ABO/GPC: 128-character records, CRLF. Positions are 1-based, inclusive (the decision record lists them all):
 * 074 header: 4–19 account (16 digits), 20–39 account name, 40–45 old balance date, … 106–108 statement number,
 * 109–114 statement date. 075 item: 4–19 account, 20–35 counter-account, 36–48 transaction id, 49–60 amount in
 * haléře, 61 accounting code (1 debit, 2 credit, 4 reversal of a debit, 5 reversal of a credit), 62–71 variable
 * symbol, 72–81 '00' + counter bank code + constant symbol, 82–91 specific symbol, 92–97 value date, 98–117 counter
 * name, 118 '0', 119–122 currency, 123–128 due date. 076/078/079 carry extra texts of the preceding item (078/079:
 * messages); any other record is an error.
 */
export function parseGpc(text: string): ParsedStatement {
  const lines = text.split(/\r?\n/);
  let account: string | null = null;
  const transactions: StatementTransaction[] = [];
  let last: StatementTransaction | null = null;
  lines.forEach((raw, i) => {
    const line = i + 1;
    const rec = raw.replace(/\s+$/, '');
    if (rec === '') return;
    const kind = rec.slice(0, 3);
    if (kind === '074') {
      if (rec.length < 114) throw new StatementFormatError(line, 'hlavička výpisu (074) je kratší než 114 znaků.');
      const acc = rec.slice(3, 19);
      if (!/^\d{16}$/.test(acc)) throw new StatementFormatError(line, 'číslo účtu v hlavičce není 16 číslic.');
      if (account !== null && account !== acc) throw new StatementFormatError(line, 'výpis obsahuje více účtů.');
      account = acc;
      gpcDate(rec.slice(108, 114), line);
      last = null;
      return;
    }
    if (kind === '075') {
      if (account === null) throw new StatementFormatError(line, 'položka (075) před hlavičkou výpisu (074).');
      if (rec.length < 97) throw new StatementFormatError(line, 'položka (075) je kratší než 97 znaků.');
      const rec128 = rec.padEnd(128, ' ');
      if (rec128.slice(3, 19) !== account) throw new StatementFormatError(line, 'položka patří k jinému účtu než hlavička.');
      const code = rec128[60];
      if (!'1245'.includes(code)) throw new StatementFormatError(line, `neznámý kód účtování „${code}“.`);
      const id = rec128.slice(35, 48).trim();
      if (id === '') throw new StatementFormatError(line, 'chybí identifikátor transakce.');
      const counterBank = rec128.slice(73, 77);
      const counterDigits = zeroBlank(rec128.slice(19, 35));
      const t: StatementTransaction = {
        transactionId: id.replace(/^0+(?=.)/, ''),
        bookedOn: gpcDate(rec128.slice(91, 97), line),
        amount: halere(rec128.slice(48, 60), line),
        credit: code === '2',
        variableSymbol: zeroBlank(rec128.slice(61, 71))?.replace(/^0+/, '') ?? null,
        counterAccount: counterDigits
          ? `${counterDigits.replace(/^0+/, '')}${/^\d{4}$/.test(counterBank) && counterBank !== '0000' ? `/${counterBank}` : ''}`
          : null,
        counterName: blank(rec128.slice(97, 117)),
        message: null,
      };
      transactions.push(t);
      last = t;
      return;
    }
    if (kind === '076' || kind === '077' || kind === '078' || kind === '079') {
      if (!last) throw new StatementFormatError(line, `záznam ${kind} bez předchozí položky (075).`);
      if (kind === '078' || kind === '079') {
        const msg = blank(rec.slice(3));
        if (msg) last.message = last.message ? `${last.message} ${msg}` : msg;
      }
      return;
    }
    throw new StatementFormatError(line, `neznámý typ záznamu „${rec.slice(0, 3)}“ (čekáme 074 nebo 075).`);
  });
  if (account === null) throw new StatementFormatError(null, 'Soubor neobsahuje hlavičku výpisu ABO/GPC (záznam 074).');
  return { format: 'GPC', account: { iban: null, czechDigits: account }, transactions };
}

// ——— camt.053 ———

const asArray = <T>(v: T | T[] | undefined | null): T[] => (v == null ? [] : Array.isArray(v) ? v : [v]);
// biome-ignore lint/suspicious/noExplicitAny: the parsed XML tree is untyped; every read below checks what it finds.
type Node = any;
const str = (v: Node): string | null => {
  if (v == null) return null;
  if (typeof v === 'object') return v['#text'] != null ? String(v['#text']).trim() : null;
  const s = String(v).trim();
  return s === '' ? null : s;
};

/** The line of the n-th occurrence of `<tag` in the text (for messages): counted, not parsed. */
function lineOfNth(text: string, tag: string, n: number): number {
  let at = -1;
  for (let k = 0; k <= n; k++) {
    at = text.indexOf(`<${tag}`, at + 1);
    if (at < 0) return 0;
  }
  let line = 1;
  for (let i = 0; i < at; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** Amounts as written in XML: '1500.00' → 150000 haléře, exactly (string arithmetic, no float). */
function decimalHalere(s: string | null, line: number): Halere {
  const m = s ? /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(s) : null;
  if (!m) throw new StatementFormatError(line, `neplatná částka „${s ?? ''}“.`);
  return halere(`${m[1]}${(m[2] ?? '').padEnd(2, '0')}`, line);
}

const VS_IN_TEXT = /(?:^|[^A-Z0-9])VS[:=\s/]*0*(\d{1,10})(?!\d)/i;

export function parseCamt053(text: string): ParsedStatement {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new StatementFormatError(valid.err.line, `soubor není platné XML (${valid.err.msg}).`);
  const parser = new XMLParser({
    ignoreAttributes: false,
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: true,
    isArray: (name) => name === 'Ntry' || name === 'Stmt' || name === 'NtryDtls' || name === 'TxDtls' || name === 'Ustrd' || name === 'Strd',
  });
  const doc: Node = parser.parse(text);
  const stmts = asArray(doc?.Document?.BkToCstmrStmt?.Stmt);
  if (stmts.length === 0) throw new StatementFormatError(null, 'Soubor není výpis camt.053 (chybí Document/BkToCstmrStmt/Stmt).');
  if (stmts.length > 1) throw new StatementFormatError(lineOfNth(text, 'Stmt', 1), 'soubor obsahuje více výpisů; nahrajte je po jednom.');
  const stmt = stmts[0];
  const acct = stmt?.Acct?.Id;
  const iban = str(acct?.IBAN)?.replace(/\s+/g, '').toUpperCase() ?? null;
  const other = str(acct?.Othr?.Id);
  if (!iban && !other) throw new StatementFormatError(lineOfNth(text, 'Acct', 0), 'chybí účet výpisu (Acct/Id/IBAN).');
  const transactions: StatementTransaction[] = [];
  asArray(stmt.Ntry).forEach((ntry: Node, n: number) => {
    const line = lineOfNth(text, 'Ntry', n);
    const ind = str(ntry?.CdtDbtInd);
    if (ind !== 'CRDT' && ind !== 'DBIT') throw new StatementFormatError(line, 'CdtDbtInd musí být CRDT nebo DBIT.');
    const tx = asArray(asArray(ntry?.NtryDtls)[0]?.TxDtls)[0] ?? {};
    const id = str(ntry?.AcctSvcrRef) ?? str(ntry?.NtryRef) ?? str(tx?.Refs?.AcctSvcrRef) ?? str(tx?.Refs?.EndToEndId);
    if (!id) throw new StatementFormatError(line, 'položka nemá identifikátor (AcctSvcrRef ani NtryRef).');
    if (id.length > 64) throw new StatementFormatError(line, 'identifikátor položky je delší než 64 znaků.');
    const date = str(ntry?.BookgDt?.Dt) ?? str(ntry?.BookgDt?.DtTm)?.slice(0, 10) ?? str(ntry?.ValDt?.Dt);
    if (!date) throw new StatementFormatError(line, 'položka nemá datum zaúčtování (BookgDt).');
    const ccy = typeof ntry?.Amt === 'object' ? ntry.Amt['@_Ccy'] : undefined;
    if (ccy && ccy !== 'CZK') throw new StatementFormatError(line, `měna ${String(ccy)} není CZK.`);
    const rmt = tx?.RmtInf ?? {};
    const ustrd =
      asArray(rmt.Ustrd)
        .map(str)
        .filter((s): s is string => !!s)
        .join(' ') || null;
    const structured = asArray(rmt.Strd)
      .map((s: Node) => str(s?.CdtrRefInf?.Ref))
      .find((s) => !!s);
    const vsFromRef = structured ? (/^(?:VS)?[:\s]*0*(\d{1,10})$/i.exec(structured)?.[1] ?? null) : null;
    const vsFromText = ustrd ? (VS_IN_TEXT.exec(ustrd)?.[1] ?? null) : null;
    const party = ind === 'CRDT' ? tx?.RltdPties?.Dbtr : tx?.RltdPties?.Cdtr;
    const partyAcct = ind === 'CRDT' ? tx?.RltdPties?.DbtrAcct : tx?.RltdPties?.CdtrAcct;
    transactions.push({
      transactionId: id,
      bookedOn: validDate(date, line),
      amount: decimalHalere(str(ntry?.Amt), line),
      credit: ind === 'CRDT' && str(ntry?.RvslInd) !== 'true',
      variableSymbol: vsFromRef ?? vsFromText,
      counterAccount: str(partyAcct?.Id?.IBAN) ?? str(partyAcct?.Id?.Othr?.Id),
      counterName: str(party?.Nm) ?? str(party?.Pty?.Nm),
      message: ustrd,
    });
  });
  return { format: 'CAMT053', account: { iban: iban ?? null, czechDigits: iban ? null : (other?.replace(/\D/g, '') ?? null) }, transactions };
}

// ——— CSV ———

/**
 * Amounts as Czech banks write them: '1 500,00', '-2500,00', '1.500,00', '1,500.00', '+15000', '1500,00 Kč',
 * '1500,00-'. Thousands spaces (also no-break ones) are dropped; of ',' and '.' the last one is the decimal point
 * when followed by 1–2 digits. Returns the haléře with the sign; never a float.
 */
export function czechAmount(raw: string, line: number): { amount: Halere; negative: boolean } {
  const bad = () => new StatementFormatError(line, `částka „${raw}“ není číslo.`);
  let s = raw.replace(/[\s\u00a0\u202f']/g, '').replace(/(Kč|CZK)$/i, '');
  let negative = false;
  if (/^[+-]/.test(s)) {
    negative = s[0] === '-';
    s = s.slice(1);
  } else if (/-$/.test(s)) {
    negative = true;
    s = s.slice(0, -1);
  }
  const m = /^(\d{1,3}(?:([.,])\d{3})*|\d+)(?:([.,])(\d{1,2}))?$/.exec(s);
  if (!m || (m[2] && m[3] && m[2] === m[3])) throw bad();
  const whole = m[1].replace(/[.,]/g, '');
  if (whole.length > 12) throw new StatementFormatError(line, 'částka je mimo rozsah.');
  return { amount: halere(`${whole}${(m[4] ?? '').padEnd(2, '0')}`, line), negative };
}

const DATE_PATTERNS: Record<CsvDateFormat, RegExp> = {
  'D.M.YYYY': /^(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?$/,
  'DD.MM.YYYY': /^(\d{2})\.(\d{2})\.(\d{4})(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?$/,
  'YYYY-MM-DD': /^(\d{4})-(\d{2})-(\d{2})(?:[T\s]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/,
};

export function csvDate(s: string, format: CsvDateFormat, line: number): string {
  const m = DATE_PATTERNS[format].exec(s);
  if (!m) throw new StatementFormatError(line, `datum „${s}“ není ve formátu ${CSV_DATE_FORMAT_LABELS[format]}.`);
  const iso = format === 'YYYY-MM-DD' ? `${m[1]}-${m[2]}-${m[3]}` : `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`;
  return validDate(iso, line);
}

/** The stable id of a line without the bank's id: its content and its ordinal among identical lines of the file. */
function derivedId(t: Omit<StatementTransaction, 'transactionId'>, currency: string, seen: Map<string, number>): string {
  const key = [t.bookedOn, t.credit ? '+' : '-', t.amount, currency, t.variableSymbol ?? '', t.counterAccount ?? '', t.counterName ?? '', t.message ?? ''].join(
    '\u001f',
  );
  const ordinal = (seen.get(key) ?? 0) + 1;
  seen.set(key, ordinal);
  return `csv-${createHash('sha256').update(key).digest('hex').slice(0, 40)}-${ordinal}`;
}

const DELIMITER_NAMES: Record<string, string> = { ';': 'středník', ',': 'čárka', '\t': 'tabulátor' };

/** A CSV statement read with a mapping (a preset's or the office's own); incoming and outgoing lines both returned. */
export function parseCsv(text: string, m: CsvColumns): ParsedStatement {
  const records = csvRecords(text.replace(/^\uFEFF/, ''), m.delimiter, (line) => {
    throw new StatementFormatError(line, 'neuzavřené uvozovky.');
  });
  const mapped = {
    date: m.date,
    amount: m.amount,
    credit: m.credit,
    debit: m.debit,
    currency: m.currency,
    variableSymbol: m.variableSymbol,
    counterAccount: m.counterAccount,
    counterBankCode: m.counterBankCode,
    payerName: m.payerName,
    message: m.message,
    transactionId: m.transactionId,
    ownAccountColumn: m.ownAccountColumn,
  };
  const required = [m.date, m.amount ?? m.credit].filter((c): c is string => !!c);
  const lineKey = (cells: string[]) => headerKey(cells[0] ?? '').replace(/:$/, '');
  const lineValue = (cells: string[]) => cells.slice(1).find((c) => c !== '') ?? null;
  let account: string | null = null;
  let bankCode: string | null = null;
  let headerAt = -1;
  // The header is near the top (banks put a title, the account or the period above it): the first 100 records.
  for (let r = 0; r < Math.min(records.length, 100); r++) {
    const cells = records[r].cells;
    const keys = cells.map(headerKey);
    if (required.every((c) => keys.includes(headerKey(c)))) {
      headerAt = r;
      break;
    }
    if (m.ownAccountLine && lineKey(cells) === headerKey(m.ownAccountLine)) account = lineValue(cells);
    if (m.ownBankCodeLine && lineKey(cells) === headerKey(m.ownBankCodeLine)) bankCode = lineValue(cells);
  }
  if (headerAt < 0)
    throw new StatementFormatError(
      null,
      `Soubor CSV nemá řádek se záhlavím se sloupci ${required.map((c) => `„${c}“`).join(' a ')} (oddělovač: ${DELIMITER_NAMES[m.delimiter]}).`,
    );
  if (m.ownAccountLine && !account) throw new StatementFormatError(null, `Soubor CSV nemá nad záhlavím řádek „${m.ownAccountLine}“ s číslem účtu.`);
  const header = records[headerAt].cells.map(headerKey);
  const headerLine = records[headerAt].line;
  const col = {} as Record<keyof typeof mapped, number>;
  for (const [field, name] of Object.entries(mapped) as [keyof typeof mapped, string | null | undefined][]) {
    if (!name) {
      col[field] = -1;
      continue;
    }
    const k = header.indexOf(headerKey(name));
    if (k < 0) throw new StatementFormatError(headerLine, `záhlaví nemá sloupec „${name}“.`);
    col[field] = k;
  }
  const width = Math.max(...Object.values(col)) + 1;
  const transactions: StatementTransaction[] = [];
  const seen = new Map<string, number>();
  let rowAccount: string | null = null;
  for (let r = headerAt + 1; r < records.length; r++) {
    const { line, cells } = records[r];
    if (cells.every((c) => c === '')) continue;
    if (cells.length < width) throw new StatementFormatError(line, `má ${cells.length} sloupců, čekáme alespoň ${width}.`);
    const at = (k: number) => (k >= 0 ? blank(cells[k]) : null);
    const dateRaw = at(col.date);
    if (!dateRaw) throw new StatementFormatError(line, `chybí datum (sloupec „${m.date}“).`);
    const bookedOn = csvDate(dateRaw, m.dateFormat, line);
    let amount: Halere;
    let credit: boolean;
    if (col.amount >= 0) {
      const raw = at(col.amount);
      if (!raw) throw new StatementFormatError(line, `chybí částka (sloupec „${m.amount}“).`);
      const a = czechAmount(raw, line);
      amount = a.amount;
      credit = !a.negative && a.amount > 0;
    } else {
      const inRaw = at(col.credit);
      const outRaw = at(col.debit);
      const inA = inRaw ? czechAmount(inRaw, line) : null;
      const outA = outRaw ? czechAmount(outRaw, line) : null;
      const hasIn = !!inA && inA.amount > 0;
      const hasOut = !!outA && outA.amount > 0;
      if (hasIn && hasOut) throw new StatementFormatError(line, 'má částku v příjmech i ve výdajích.');
      if (!inA && !outA) throw new StatementFormatError(line, `chybí částka (sloupec „${m.credit}“${m.debit ? ` ani „${m.debit}“` : ''}).`);
      amount = hasIn ? (inA?.amount as Halere) : (outA?.amount ?? inA?.amount ?? asHalere(0));
      credit = hasIn && !inA?.negative;
    }
    const currency = (at(col.currency) ?? 'CZK').toUpperCase();
    if (currency !== 'CZK' && currency !== 'KČ') throw new StatementFormatError(line, `měna ${currency} není CZK.`);
    if (col.ownAccountColumn >= 0) {
      const own = at(col.ownAccountColumn);
      if (!own) throw new StatementFormatError(line, `chybí vlastní účet (sloupec „${m.ownAccountColumn}“).`);
      if (rowAccount !== null && rowAccount !== own) throw new StatementFormatError(line, 'výpis obsahuje více účtů.');
      rowAccount = own;
    }
    const number = at(col.counterAccount);
    const code = at(col.counterBankCode);
    const message = at(col.message);
    const vs = at(col.variableSymbol)?.replace(/^0+/, '') || (col.variableSymbol < 0 && message ? (VS_IN_TEXT.exec(message)?.[1] ?? null) : null);
    const t = {
      bookedOn,
      amount,
      credit,
      variableSymbol: vs || null,
      counterAccount: number ? (code && !number.includes('/') ? `${number}/${code}` : number) : null,
      counterName: at(col.payerName),
      message,
    };
    let id = at(col.transactionId);
    if (col.transactionId >= 0 && !id) throw new StatementFormatError(line, `chybí identifikátor transakce (sloupec „${m.transactionId}“).`);
    if (id && id.length > 64) throw new StatementFormatError(line, 'identifikátor transakce je delší než 64 znaků.');
    if (!id) id = derivedId(t, currency, seen);
    transactions.push({ transactionId: id, ...t });
  }
  if (rowAccount) account = rowAccount;
  const bare = account?.replace(/\s+/g, '') ?? null;
  const isIban = (v: string) => /^[A-Z]{2}\d{2}[A-Z0-9]+$/i.test(v);
  const parsed = bare && bankCode && !bare.includes('/') && !isIban(bare) ? `${bare}/${bankCode.trim()}` : bare;
  const iban = parsed && isIban(parsed) ? parsed.toUpperCase() : null;
  return { format: 'CSV', account: { iban, czechDigits: iban ? null : parsed }, transactions };
}

/** The text of the file in the mapping's encoding (AUTO: UTF-8 when it is valid UTF-8, else Windows-1250). */
export function decodeCsv(bytes: Uint8Array, encoding: CsvEncoding): string {
  if (encoding === 'CP1250') return new TextDecoder('windows-1250').decode(bytes);
  if (encoding === 'UTF8') {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new StatementFormatError(null, 'Soubor není v kódování UTF-8; zvolte Windows-1250.');
    }
  }
  return decodeBankFile(bytes);
}

/** Decodes the file: UTF-8 when it is valid UTF-8 (camt, most CSV), else Windows-1250 (GPC, older CSV). */
export function decodeBankFile(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1250').decode(bytes);
  }
}

export function detectFormat(text: string): Exclude<BankFormat, 'AUTO'> {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('<')) return 'CAMT053';
  if (start.startsWith('074')) return 'GPC';
  return 'CSV';
}

/** The CSV mapping of an import: the office's own columns, else the preset (Fio when none is named). */
export function csvMappingOf(csv: { preset?: CsvPreset | null; columns?: CsvColumns | null } | null | undefined): CsvColumns {
  return csv?.columns ?? CSV_PRESET_MAPPINGS[csv?.preset ?? 'FIO'];
}

export function parseStatement(bytes: Uint8Array, format: BankFormat, csv: CsvColumns | null | undefined): ParsedStatement {
  const mapping = csv ?? CSV_PRESET_MAPPINGS.FIO;
  const text = format === 'CSV' ? decodeCsv(bytes, mapping.encoding) : decodeBankFile(bytes);
  const kind = format === 'AUTO' ? detectFormat(text) : format;
  if (kind === 'GPC') return parseGpc(text);
  if (kind === 'CAMT053') return parseCamt053(text);
  return parseCsv(format === 'AUTO' && mapping.encoding !== 'AUTO' ? decodeCsv(bytes, mapping.encoding) : text, mapping);
}
