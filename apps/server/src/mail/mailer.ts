// SMTP when SMTP_URL is set; otherwise every message lands in DATA_DIR/outbox/*.eml and is logged. The messages
// carry password-reset and invitation links: the folder is 0700 and each file 0600, whatever the umask.
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import QRCode from 'qrcode';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A QR Platba (SPAYD text): sent as an inline PNG the html shows as `<img src="cid:qr-platba@volant">`. */
  qrPayment?: string | null;
}

/** The content id the html refers to for the QR Platba image. */
export const QR_PAYMENT_CID = 'qr-platba@volant';

/**
 * What nodemailer sends: the message, and its QR Platba drawn as an inline PNG (qrcode, error correction M as the QR
 * Platba standard recommends; drawn when sent, so the outbox keeps only the text it was made from).
 */
async function envelope(from: string, m: MailMessage) {
  const { qrPayment, ...rest } = m;
  if (!qrPayment) return { from, ...rest };
  const png = await QRCode.toBuffer(qrPayment, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { from, ...rest, attachments: [{ filename: 'qr-platba.png', content: png, contentType: 'image/png', cid: QR_PAYMENT_CID }] };
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  readonly outboxDir: string | null;
}

export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string; log: Pick<FastifyBaseLogger, 'info' | 'error'> }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      outboxDir: null,
      async send(m) {
        await transport.sendMail(await envelope(opts.from, m));
        opts.log.info({ to: m.to, subject: m.subject }, 'mail sent');
      },
    };
  }
  const outboxDir = join(opts.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let written = 0;
  return {
    outboxDir,
    async send(m) {
      const info = await transport.sendMail(await envelope(opts.from, m));
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      await chmod(outboxDir, 0o700);
      const safeTo = m.to.replace(/[^a-z0-9@._-]/gi, '_');
      // The sequence keeps file names in sending order when several mails go out within one millisecond.
      const seq = String(++written).padStart(6, '0');
      const file = join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${seq}-${safeTo}-${Math.random().toString(36).slice(2, 8)}.eml`);
      await writeFile(file, info.message as Buffer, { flag: 'wx', mode: 0o600 });
      await chmod(file, 0o600);
      opts.log.info({ to: m.to, subject: m.subject, file }, 'mail written to outbox');
    },
  };
}
