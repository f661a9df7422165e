// The mobile-app bridge's protocol (docs/mobile-app-bridge.md): detection with either injection, request/reply
// matching, timeouts, haptic ticks only in the app, the download hand-over and its fallback.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callNative, currentAppInfo, detectApp, haptic, nativeDownload, receive, resetBridgeForTests } from './app-bridge.ts';

type Sent = { id: number; type: string; payload: unknown };

/** A window with a fake wrapper that records what the page sends; `answer` decides the replies. */
function fakeWindow(injectAs: 'VolantNative' | 'ReactNativeWebView' | null, answer?: (m: Sent) => unknown) {
  const win = new EventTarget() as EventTarget & Record<string, unknown>;
  const sent: Sent[] = [];
  if (injectAs) {
    win[injectAs] = {
      postMessage: (json: string) => {
        const m = JSON.parse(json) as Sent;
        sent.push(m);
        const reply = answer?.(m);
        // The wrapper answers asynchronously, through the receive function the page installs.
        if (reply !== undefined) queueMicrotask(() => (win.volantBridgeReceive as (j: string) => void)(JSON.stringify(reply)));
      },
    };
  }
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', { documentElement: { dataset: {} as Record<string, string> } });
  return { win, sent };
}

const INFO = { platform: 'android', appVersion: '1.4.0', osVersion: '14' };

beforeEach(() => resetBridgeForTests());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('app bridge', () => {
  it('finds no app in a plain browser, at once and without timers', async () => {
    fakeWindow(null);
    vi.useFakeTimers();
    expect(await detectApp()).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
    expect(await nativeDownload({ url: 'u', fileName: 'f.pdf', mimeType: 'application/pdf', headers: {} })).toBe(false);
  });

  it.each(['VolantNative', 'ReactNativeWebView'] as const)('detects the app injected as window.%s and marks the page', async (as) => {
    const { sent } = fakeWindow(as, (m) => ({ id: m.id, ok: true, result: INFO }));
    expect(await detectApp()).toEqual(INFO);
    expect(sent).toEqual([{ id: expect.any(Number), type: 'GetAppInfo', payload: {} }]);
    expect(currentAppInfo()).toEqual(INFO);
    expect((document.documentElement as unknown as { dataset: Record<string, string> }).dataset.app).toBe('native');
  });

  it('gives up after the timeout when the wrapper does not answer', async () => {
    fakeWindow('VolantNative');
    vi.useFakeTimers();
    const detected = detectApp(1_000);
    await vi.advanceTimersByTimeAsync(1_001);
    expect(await detected).toBeNull();
  });

  it('matches replies to calls by id, in any order, and ignores strangers', async () => {
    const { win, sent } = fakeWindow('VolantNative');
    const first = callNative('GetAppInfo', {}, 5_000);
    const second = callNative('DownloadFile', { url: 'x' }, 5_000);
    const [one, two] = sent.map((m) => m.id);
    receive('not json');
    receive({ id: 999, ok: true, result: 'nobody asked' });
    // The reply may also come as a window message event carrying the JSON string.
    win.dispatchEvent(Object.assign(new Event('message'), { data: JSON.stringify({ id: two, ok: false, error: 'disk full' }), source: null }));
    receive(JSON.stringify({ id: one, ok: true, result: INFO }));
    await expect(first).resolves.toEqual(INFO);
    await expect(second).rejects.toThrow('disk full');
  });

  it('ticks only inside the app', async () => {
    const { sent } = fakeWindow('VolantNative', (m) => (m.type === 'GetAppInfo' ? { id: m.id, ok: true, result: INFO } : undefined));
    haptic('light');
    expect(sent).toEqual([]);
    await detectApp();
    haptic('light');
    expect(sent.at(-1)).toMatchObject({ type: 'Haptic', payload: { style: 'light' } });
  });

  it('hands a download to the app, and reports a refusal so the page can download it itself', async () => {
    let refuse = false;
    const { sent } = fakeWindow('VolantNative', (m) =>
      m.type === 'GetAppInfo' ? { id: m.id, ok: true, result: INFO } : refuse ? { id: m.id, ok: false, error: 'no storage' } : { id: m.id, ok: true },
    );
    await detectApp();
    const file = { url: 'https://app/api/files/1', fileName: 'report-1.pdf', mimeType: 'application/pdf', headers: { Authorization: 'Bearer t' } };
    expect(await nativeDownload(file)).toBe(true);
    expect(sent.at(-1)).toMatchObject({ type: 'DownloadFile', payload: file });
    refuse = true;
    expect(await nativeDownload(file)).toBe(false);
  });
});
