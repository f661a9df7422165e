import type { LiveMessage } from '@volant/shared/live';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handleLiveMessage, type LiveEffects, onLiveMessage } from '../../lib/live.ts';
import { trpcOptions as t } from '../../lib/trpc.ts';
import { newClientCode, type PdfJobStatus, pdfDownloadName, waitForPdf } from './pdf-export.ts';

const ID = '3f1c2b9e-7a4d-4e2f-9b1a-5c6d7e8f9a0b';

function channel() {
  const listeners = new Set<(m: LiveMessage) => void>();
  return {
    subscribe: (l: (m: LiveMessage) => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    send: (m: LiveMessage) => {
      for (const l of listeners) l(m);
    },
    get size() {
      return listeners.size;
    },
  };
}

const changed = (clientCode: string, status: 'done' | 'error'): LiveMessage => ({
  OnPdfFileChanged: { id: ID, status, clientCode, type: 'REPORT_CLASS_BOOK', ...(status === 'done' ? { fileUrl: `/api/files/${ID}` } : {}) },
});

describe('waitForPdf', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves with the live message of its own clientCode, even one that beats the request’s answer', async () => {
    const live = channel();
    let answer: (v: { id: string }) => void = () => {};
    const started = new Promise<{ id: string }>((r) => {
      answer = r;
    });
    const poll = vi.fn<(id: string) => Promise<PdfJobStatus>>();
    const outcome = waitForPdf({ clientCode: 'mine', started, subscribe: live.subscribe, poll });
    live.send(changed('someone-else', 'error'));
    live.send({ PaymentItemMessage: { schoolId: 's', studentId: 'x' } });
    live.send(changed('mine', 'done'));
    answer({ id: ID });
    await expect(outcome).resolves.toEqual({
      status: 'done',
      id: ID,
      fileUrl: `/api/files/${ID}`,
      type: 'REPORT_CLASS_BOOK',
      fileName: `report_class_book-${ID}.pdf`,
    });
    expect(live.size).toBe(0);
    expect(poll).not.toHaveBeenCalled();
  });

  it("the live message's file name (an invoice's number) is the outcome's", async () => {
    const live = channel();
    const outcome = waitForPdf({ clientCode: 'c', started: Promise.resolve({ id: ID }), subscribe: live.subscribe, poll: vi.fn() });
    live.send({
      OnPdfFileChanged: { id: ID, status: 'done', clientCode: 'c', type: 'INVOICE', fileUrl: `/api/files/${ID}`, fileName: 'faktura-20260007.pdf' },
    });
    await expect(outcome).resolves.toMatchObject({ status: 'done', fileName: 'faktura-20260007.pdf' });
  });

  it('an error message is an error outcome', async () => {
    const live = channel();
    const outcome = waitForPdf({ clientCode: 'c', started: Promise.resolve({ id: ID }), subscribe: live.subscribe, poll: vi.fn() });
    live.send(changed('c', 'error'));
    await expect(outcome).resolves.toEqual({ status: 'error', id: ID });
  });

  it('falls back to polling the job when the message is missed, retrying a failed poll', async () => {
    const live = channel();
    const poll = vi
      .fn<(id: string) => Promise<PdfJobStatus>>()
      .mockResolvedValueOnce({ status: 'PROCESSING', fileUrl: null, kind: 'REPORT' })
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ status: 'DONE', fileUrl: `/api/files/${ID}`, kind: 'INVOICE', fileName: 'faktura-20260007.pdf' });
    const outcome = waitForPdf({ clientCode: 'c', started: Promise.resolve({ id: ID }), subscribe: live.subscribe, poll, pollMs: 1_000 });
    await vi.advanceTimersByTimeAsync(3_100);
    await expect(outcome).resolves.toEqual({ status: 'done', id: ID, fileUrl: `/api/files/${ID}`, type: 'INVOICE', fileName: 'faktura-20260007.pdf' });
    expect(poll).toHaveBeenCalledTimes(3);
    expect(poll).toHaveBeenCalledWith(ID);
  });

  it('rejects with the request’s own refusal, and gives up after the timeout', async () => {
    const refused = waitForPdf({ clientCode: 'c', started: Promise.reject(new Error('Student nebyl nalezen')), subscribe: channel().subscribe, poll: vi.fn() });
    await expect(refused).rejects.toThrow('Student nebyl nalezen');
    const poll = vi.fn<(id: string) => Promise<PdfJobStatus>>().mockResolvedValue({ status: 'NEW', fileUrl: null, kind: 'REPORT' });
    const stuck = waitForPdf({ clientCode: 'c', started: Promise.resolve({ id: ID }), subscribe: channel().subscribe, poll, pollMs: 1_000, timeoutMs: 5_000 });
    await vi.advanceTimersByTimeAsync(5_100);
    await expect(stuck).resolves.toEqual({ status: 'error', id: ID });
    const calls = poll.mock.calls.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(poll.mock.calls.length).toBe(calls);
  });
});

describe('PDF names and the live message', () => {
  it('names the file as the server does (an invoice by its number), else from the lowercase type and the id', () => {
    expect(pdfDownloadName('REPORT_VEHICLE_DRIVING_TRAINING', ID)).toBe(`report_vehicle_driving_training-${ID}.pdf`);
    expect(pdfDownloadName('INVOICE', ID, 'faktura-20260007.pdf')).toBe('faktura-20260007.pdf');
    expect(pdfDownloadName('INVOICE', ID, null)).toBe(`invoice-${ID}.pdf`);
    expect(newClientCode()).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('OnPdfFileChanged makes the Historie PDF lists stale and reaches the exports waiting for it', () => {
    const fx = { invalidate: vi.fn() } as unknown as LiveEffects;
    const heard: LiveMessage[] = [];
    const off = onLiveMessage((m) => heard.push(m));
    handleLiveMessage(changed('c', 'done'), fx);
    off();
    expect(fx.invalidate).toHaveBeenCalledWith([t.pdfFile.getPdfFiles.pathFilter()]);
    expect(heard).toEqual([changed('c', 'done')]);
  });
});
