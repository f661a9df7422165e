// Writers of statement files in the real formats, for tests, the e2e test and the bench (issue 21 §1): ABO/GPC
// (128-character records, CRLF, Windows-1250) and camt.053.001.02 XML. The layouts are those the parsers read
// (docs/decisions/0021-bank-statements.md).

export interface SampleItem {
  id: string;
  /** Haléře. */
  amount: number;
  credit?: boolean;
  vs?: string | null;
  name?: string | null;
  counterAccount?: string;
  /** YYYY-MM-DD. */
  date?: string;
  message?: string | null;
}

const num = (v: string | number, width: number) => String(v).padStart(width, '0').slice(-width);
const txt = (v: string | null | undefined, width: number) => (v ?? '').padEnd(width, ' ').slice(0, width);
const ddmmyy = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(2, 4)}`;

/** A GPC statement as text (encode it with windows1250 for the bytes a bank sends). */
export function gpcText(account16: string, items: SampleItem[], date = '2026-11-27'): string {
  const credit = items.filter((i) => i.credit !== false).reduce((s, i) => s + i.amount, 0);
  const debit = items.filter((i) => i.credit === false).reduce((s, i) => s + i.amount, 0);
  const header =
    '074' +
    num(account16, 16) +
    txt('AUTOSKOLA VOLANT', 20) +
    ddmmyy(date) +
    num(1000000, 14) +
    '+' +
    num(1000000 + credit - debit, 14) +
    '+' +
    num(debit, 14) +
    '0' +
    num(credit, 14) +
    '0' +
    num(1, 3) +
    ddmmyy(date) +
    txt('', 14);
  const lines = [header];
  for (const i of items) {
    const d = i.date ?? date;
    lines.push(
      '075' +
        num(account16, 16) +
        num(i.counterAccount ?? '0000001234567890', 16) +
        num(i.id, 13) +
        num(i.amount, 12) +
        (i.credit === false ? '1' : '2') +
        num(i.vs ?? '0', 10) +
        '00' +
        '0100' +
        '0308' +
        num(0, 10) +
        ddmmyy(d) +
        txt(i.name, 20) +
        '0' +
        '0203' +
        ddmmyy(d),
    );
    if (i.message) lines.push(`078${txt(i.message, 125)}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

const CP1250: Record<string, number> = {
  á: 0xe1,
  č: 0xe8,
  ď: 0xef,
  é: 0xe9,
  ě: 0xec,
  í: 0xed,
  ň: 0xf2,
  ó: 0xf3,
  ř: 0xf8,
  š: 0x9a,
  ť: 0x9d,
  ú: 0xfa,
  ů: 0xf9,
  ý: 0xfd,
  ž: 0x9e,
  Á: 0xc1,
  Č: 0xc8,
  Ď: 0xcf,
  É: 0xc9,
  Ě: 0xcc,
  Í: 0xcd,
  Ň: 0xd2,
  Ó: 0xd3,
  Ř: 0xd8,
  Š: 0x8a,
  Ť: 0x8d,
  Ú: 0xda,
  Ů: 0xd9,
  Ý: 0xdd,
  Ž: 0x8e,
};

/** Text → Windows-1250 bytes (ASCII and the Czech letters; anything else becomes '?'). */
export function windows1250(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[i] = c < 0x80 ? c : (CP1250[text[i]] ?? 0x3f);
  }
  return out;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const decimal = (halere: number) => `${Math.floor(halere / 100)}.${String(halere % 100).padStart(2, '0')}`;

/** A camt.053.001.02 statement of one account (IBAN) with one entry per item. */
export function camt053Text(iban: string, items: SampleItem[], date = '2026-11-27'): string {
  const entries = items
    .map((i) => {
      const ind = i.credit === false ? 'DBIT' : 'CRDT';
      const party = ind === 'CRDT' ? 'Dbtr' : 'Cdtr';
      const strd = i.vs ? `<Strd><CdtrRefInf><Ref>VS:${esc(i.vs)}</Ref></CdtrRefInf></Strd>` : '';
      const ustrd = i.message ? `<Ustrd>${esc(i.message)}</Ustrd>` : '';
      return `    <Ntry>
      <NtryRef>${esc(i.id)}</NtryRef>
      <Amt Ccy="CZK">${decimal(i.amount)}</Amt>
      <CdtDbtInd>${ind}</CdtDbtInd>
      <Sts>BOOK</Sts>
      <BookgDt><Dt>${i.date ?? date}</Dt></BookgDt>
      <ValDt><Dt>${i.date ?? date}</Dt></ValDt>
      <AcctSvcrRef>${esc(i.id)}</AcctSvcrRef>
      <BkTxCd><Prtry><Cd>10000405000</Cd><Issr>CBA</Issr></Prtry></BkTxCd>
      <NtryDtls><TxDtls>
        <Refs><AcctSvcrRef>${esc(i.id)}</AcctSvcrRef></Refs>
        <RltdPties><${party}><Nm>${esc(i.name ?? '')}</Nm></${party}><${party}Acct><Id><Othr><Id>${esc(i.counterAccount ?? '1234567890/0100')}</Id></Othr></Id></${party}Acct></RltdPties>
        <RmtInf>${ustrd}${strd}</RmtInf>
      </TxDtls></NtryDtls>
    </Ntry>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>VOLANT-${date}</MsgId><CreDtTm>${date}T18:00:00+01:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>STMT-${date}</Id>
      <ElctrncSeqNb>1</ElctrncSeqNb>
      <CreDtTm>${date}T18:00:00+01:00</CreDtTm>
      <Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>CZK</Ccy></Acct>
${entries}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

/** Bytes → base64 (the procedures' file field), in the browser and in Node. */
export function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}
