// The QR Platba of a payment reminder reaches the student as an image their banking app can scan: the mail written by
// the mailer carries an inline PNG under the content id the html shows, and the PNG decodes to the SPAYD text exactly.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer, QR_PAYMENT_CID } from './mailer.ts';
import { paymentReminderMail } from './templates.ts';

// jsqr is CommonJS whose types say `export default`: under Node's ESM the default import is module.exports itself.
type Decode = typeof jsQRModule.default;
const jsQR: Decode = (jsQRModule as unknown as { default?: Decode }).default ?? (jsQRModule as unknown as Decode);

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

async function writtenMail(message: Parameters<ReturnType<typeof createMailer>['send']>[0]) {
  const dataDir = await mkdtemp(join(tmpdir(), 'volant-mailer-'));
  dirs.push(dataDir);
  const mailer = createMailer({ from: 'Volant <noreply@volant.local>', dataDir, log: { info() {}, error() {} } });
  await mailer.send(message);
  const [file] = await readdir(join(dataDir, 'outbox'));
  return readFile(join(dataDir, 'outbox', file), 'utf8');
}

/** The base64 body of the MIME part with this content id. */
function inlinePart(eml: string, cid: string) {
  const at = eml.indexOf(`Content-ID: <${cid}>`);
  if (at < 0) return null;
  const headersEnd = eml.indexOf('\n\n', at);
  const body = eml.slice(headersEnd + 2, eml.indexOf('\n--', headersEnd));
  const headers = eml.slice(eml.lastIndexOf('\n--', at), headersEnd);
  return { headers, bytes: Buffer.from(body.replace(/\s+/g, ''), 'base64') };
}

describe('payment reminder mail', () => {
  const spayd = 'SPD*1.0*ACC:CZ6508000000192000145399*AM:10000.50*CC:CZK*DT:20270115*X-VS:2032077*MSG:Splátka Jan Dvořák';
  const reminder = (payment: { iban: string; variableSymbol: string | null; spayd: string } | null) =>
    paymentReminderMail('jan@example.cz', {
      overdue: false,
      label: 'Při zápisu',
      dueOn: '15.1.2027',
      amount: '10 000,50 Kč',
      schoolName: 'Autoškola Brno',
      text: null,
      payment,
      url: 'http://localhost:3000/zak',
    });

  it('carries the QR Platba as an inline PNG that decodes to the SPAYD text', async () => {
    const message = reminder({ iban: 'CZ6508000000192000145399', variableSymbol: '2032077', spayd });
    expect(message.qrPayment).toBe(spayd);
    expect(message.html).toContain(`<img src="cid:${QR_PAYMENT_CID}"`);
    const eml = await writtenMail(message);
    const part = inlinePart(eml, QR_PAYMENT_CID);
    expect(part?.headers).toMatch(/Content-Type: image\/png/);
    expect(part?.headers).toMatch(/Content-Disposition: inline/);
    const png = PNG.sync.read(part!.bytes);
    const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(code?.data).toBe(spayd);
  });

  it('without an account to pay to, sends no image and no reference to one', async () => {
    const message = reminder(null);
    expect(message.qrPayment).toBeNull();
    expect(message.html).not.toContain('cid:');
    const eml = await writtenMail(message);
    expect(eml).not.toContain('image/png');
  });
});
