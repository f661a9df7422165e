// A PDF export from the client's side (spec §4 PDF generation): the request carries a clientCode the client made up;
// the server answers at once with the job's id and later sends OnPdfFileChanged with the same clientCode. The wait
// listens for that message — subscribed before the request is sent, so a fast worker cannot beat it — and, in case
// the message is lost (socket away, another instance's publish missed), polls the job's status every few seconds.
import type { LiveMessage } from '@volant/shared/live';
import { nativeDownload } from '../../lib/app-bridge.ts';

export type PdfOutcome = { status: 'done'; id: string; fileUrl: string; type: string; fileName: string } | { status: 'error'; id: string | null };

/**
 * The name a finished file is saved under: the server's (an invoice is named by its number, issue 17), else the
 * lowercase type and the id (spec §4).
 */
export const pdfDownloadName = (type: string, id: string, serverName?: string | null) => serverName || `${type.toLowerCase()}-${id}.pdf`;

/** A code for one request (letters, digits, dashes: what the server's input takes). */
export const newClientCode = () => crypto.randomUUID();

export interface PdfJobStatus {
  status: 'NEW' | 'PROCESSING' | 'DONE' | 'ERROR';
  fileUrl: string | null;
  kind: string;
  fileName?: string | null;
}

export interface WaitOptions {
  clientCode: string;
  /** The export request, already sent; resolves to the job's id. */
  started: Promise<{ id: string }>;
  subscribe: (listener: (message: LiveMessage) => void) => () => void;
  /** The job's status (the fallback when the live message is missed). */
  poll: (id: string) => Promise<PdfJobStatus>;
  pollMs?: number;
  /** Gives up (as an error) after this long without an outcome. */
  timeoutMs?: number;
}

/**
 * Resolves with the job's outcome; rejects only when the request itself was refused (its error, e.g. 'Student nebyl
 * nalezen'). A poll that fails (network) is simply tried again at the next tick.
 */
export function waitForPdf(opts: WaitOptions): Promise<PdfOutcome> {
  const pollMs = opts.pollMs ?? 4_000;
  const timeoutMs = opts.timeoutMs ?? 10 * 60_000;
  return new Promise<PdfOutcome>((resolve, reject) => {
    let id: string | null = null;
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (outcome: PdfOutcome | Error) => {
      if (settled) return;
      settled = true;
      unsubscribe();
      clearTimeout(timer);
      clearTimeout(deadline);
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const unsubscribe = opts.subscribe((message) => {
      if (!('OnPdfFileChanged' in message)) return;
      const body = message.OnPdfFileChanged;
      if (body.clientCode !== opts.clientCode) return;
      if (body.status === 'done' && body.fileUrl)
        finish({ status: 'done', id: body.id, fileUrl: body.fileUrl, type: body.type, fileName: pdfDownloadName(body.type, body.id, body.fileName) });
      else finish({ status: 'error', id: body.id });
    });
    const deadline = setTimeout(() => finish({ status: 'error', id }), timeoutMs);
    const tick = async () => {
      if (settled || id === null) return;
      try {
        const job = await opts.poll(id);
        if (job.status === 'DONE' && job.fileUrl)
          finish({ status: 'done', id, fileUrl: job.fileUrl, type: job.kind, fileName: pdfDownloadName(job.kind, id, job.fileName) });
        else if (job.status === 'ERROR') finish({ status: 'error', id });
      } catch {
        // Tried again at the next tick.
      }
      if (!settled) timer = setTimeout(tick, pollMs);
    };
    opts.started.then(
      (job) => {
        id = job.id;
        if (!settled) timer = setTimeout(tick, pollMs);
      },
      (err: unknown) => finish(err instanceof Error ? err : new Error(String(err))),
    );
  });
}

/**
 * Fetches the file with the token in the Authorization header (never in the URL) and saves it through a link. In the
 * mobile app the app downloads it natively with the same header (spec §7); if it cannot, the page does.
 */
export async function downloadPdf(fileUrl: string, name: string, token: string | null, mimeType = 'application/pdf') {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const url = new URL(fileUrl, window.location.href).toString();
  if (await nativeDownload({ url, fileName: name, mimeType, headers })) return;
  await browserDownload(fileUrl, name, token);
}

async function browserDownload(fileUrl: string, name: string, token: string | null) {
  const res = await fetch(fileUrl, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`download failed: ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the blob once the click is handled; keep it a little for slow ones.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
