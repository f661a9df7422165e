// Reads the e-mails the server wrote to DATA_DIR/outbox/*.eml (no SMTP in tests) and pulls links out of them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface Mail {
  file: string;
  to: string;
  subject: string;
  /** The decoded bodies of all text parts (plain and HTML), joined. */
  body: string;
}

/** Quoted-printable: soft line breaks (`=` at a line end) vanish, `=XX` are bytes of UTF-8. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words in headers (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`). */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset, enc: string, data: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .map((part) => {
        const p = splitHeaders(part.replace(/^\n/, ''));
        return decodeBody(p.headers, p.body);
      })
      .join('\n');
  }
  if (!/^text\//i.test(type)) return '';
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

export function parseMail(raw: string, file = ''): Mail {
  const { headers, body } = splitHeaders(raw);
  return { file, to: decodeHeader(headers.to ?? ''), subject: decodeHeader(headers.subject ?? ''), body: decodeBody(headers, body) };
}

function mailsTo(dataDir: string, address: string): Mail[] {
  const dir = join(dataDir, 'outbox');
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.eml'));
  } catch {
    return [];
  }
  const wanted = address.trim().toLowerCase();
  return names
    .map((name) => ({ file: join(dir, name), mtime: statSync(join(dir, name)).mtimeMs }))
    .sort((a, b) => a.mtime - b.mtime || a.file.localeCompare(b.file))
    .map(({ file }) => parseMail(readFileSync(file, 'utf8'), file))
    .filter((m) => m.to.toLowerCase().includes(wanted));
}

/** The newest e-mail to `address` (optionally whose body contains `containing`), waiting up to `timeoutMs` for it. */
export async function newestMail(dataDir: string, address: string, opts: { containing?: string; timeoutMs?: number } = {}): Promise<Mail> {
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  for (;;) {
    const found = mailsTo(dataDir, address).filter((m) => !opts.containing || m.body.includes(opts.containing));
    if (found.length) return found[found.length - 1];
    if (Date.now() > deadline) throw new Error(`No e-mail to ${address}${opts.containing ? ` containing "${opts.containing}"` : ''} in ${dataDir}/outbox`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The first link in the mail whose path starts with `pathPrefix` (e.g. '/email-confirm/'). */
export function linkFrom(mail: Mail, pathPrefix: string): string {
  for (const match of mail.body.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname.startsWith(pathPrefix)) return url.toString();
  }
  throw new Error(`No link to ${pathPrefix} in the e-mail "${mail.subject}" to ${mail.to}:\n${mail.body}`);
}

/** The newest e-mail's link to `pathPrefix` for `address`. */
export async function linkFromOutbox(dataDir: string, address: string, pathPrefix: string): Promise<string> {
  return linkFrom(await newestMail(dataDir, address, { containing: pathPrefix }), pathPrefix);
}
