// The mobile-app wrapper's bridge (spec §1, §2 swipe-back, §7 'GetAppInfo; haptic call', native download). The
// contract is docs/mobile-app-bridge.md; in short:
//
// - The wrapper (a WebView) injects `window.VolantNative = { postMessage(json) }` before the page loads (a React
//   Native WebView's `window.ReactNativeWebView.postMessage` is accepted too).
// - The page sends `{ id, type, payload }` as a JSON string; the wrapper answers `{ id, ok: true, result }` or
//   `{ id, ok: false, error }` by calling `window.volantBridgeReceive(json)` (or dispatching a window `message`
//   event whose data is that JSON string).
// - Calls: GetAppInfo → { platform, appVersion, osVersion }; Haptic { style } (no answer needed); DownloadFile
//   { url, fileName, mimeType, headers } → ok when the native side has the file.
//
// Without a wrapper every call resolves at once to "not in the app" and nothing is left behind.

export type BridgeCall = 'GetAppInfo' | 'Haptic' | 'DownloadFile';
export type HapticStyle = 'light' | 'medium' | 'success' | 'warning';
export interface AppInfo {
  platform: 'ios' | 'android';
  appVersion: string;
  osVersion?: string;
}
export interface NativeDownload {
  url: string;
  fileName: string;
  mimeType: string;
  headers: Record<string, string>;
}

interface NativePort {
  postMessage(json: string): void;
}
interface Reply {
  id: number;
  ok: boolean;
  result?: unknown;
  error?: string;
}

declare global {
  interface Window {
    VolantNative?: NativePort;
    ReactNativeWebView?: NativePort;
    volantBridgeReceive?: (json: string) => void;
  }
}

/** How long the page waits for GetAppInfo before it decides there is no wrapper. */
export const DETECT_TIMEOUT_MS = 1_000;
/** How long a file hand-over may take before the page falls back to the browser's download. */
export const DOWNLOAD_TIMEOUT_MS = 30_000;

const pending = new Map<number, { resolve(result: unknown): void; reject(error: Error): void; timer: ReturnType<typeof setTimeout> }>();
let nextId = 1;
let appInfo: AppInfo | null = null;
/** The window whose replies we listen to (one per page; tests swap windows). */
let listeningOn: Window | null = null;

function port(): NativePort | null {
  if (typeof window === 'undefined') return null;
  return window.VolantNative ?? window.ReactNativeWebView ?? null;
}

function parseReply(data: unknown): Reply | null {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object') return null;
  const reply = value as Partial<Reply>;
  return typeof reply.id === 'number' && typeof reply.ok === 'boolean' ? (reply as Reply) : null;
}

/** A reply of the wrapper: settles the call it answers; anything else is ignored. */
export function receive(data: unknown) {
  const reply = parseReply(data);
  const call = reply && pending.get(reply.id);
  if (!reply || !call) return;
  pending.delete(reply.id);
  clearTimeout(call.timer);
  if (reply.ok) call.resolve(reply.result);
  else call.reject(new Error(reply.error || 'native call failed'));
}

function listen() {
  if (typeof window === 'undefined' || listeningOn === window) return;
  listeningOn = window;
  window.volantBridgeReceive = receive;
  window.addEventListener('message', (event: MessageEvent) => {
    // Only the wrapper's own answers: from this window, never from a frame or another site.
    if (event.source === null || event.source === window) receive(event.data);
  });
}

/** Sends a call and waits for its answer (rejects after `timeoutMs`, or at once without a wrapper). */
export function callNative<T>(type: BridgeCall, payload: unknown, timeoutMs: number): Promise<T> {
  const native = port();
  if (!native) return Promise.reject(new Error('no native bridge'));
  listen();
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new Error(`native ${type} timed out`));
    }, timeoutMs);
    pending.set(id, { resolve: resolve as (r: unknown) => void, reject, timer });
    try {
      native.postMessage(JSON.stringify({ id, type, payload }));
    } catch (err) {
      clearTimeout(timer);
      pending.delete(id);
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}

/** Asks the wrapper who it is; null when the page runs in a plain browser. Marks `<html data-app="native">`. */
export async function detectApp(timeoutMs = DETECT_TIMEOUT_MS): Promise<AppInfo | null> {
  if (!port()) return null;
  try {
    const info = await callNative<AppInfo>('GetAppInfo', {}, timeoutMs);
    appInfo = info && typeof info === 'object' ? info : null;
  } catch {
    appInfo = null;
  }
  if (appInfo && typeof document !== 'undefined') document.documentElement.dataset.app = 'native';
  return appInfo;
}

/** The wrapper's answer to GetAppInfo, once detected. */
export const currentAppInfo = () => appInfo;

/** A haptic tick in the app; nothing in a browser. Fire and forget: no answer is awaited. */
export function haptic(style: HapticStyle = 'light') {
  const native = port();
  if (!appInfo || !native) return;
  try {
    native.postMessage(JSON.stringify({ id: nextId++, type: 'Haptic', payload: { style } }));
  } catch {
    // A tick that does not happen is not an error.
  }
}

/**
 * Hands a file download to the app (spec §7: the mobile app uses a native download). True when the app took it;
 * false in a browser or when the app refused or did not answer (the caller then downloads in the page).
 */
export async function nativeDownload(file: NativeDownload): Promise<boolean> {
  if (!appInfo) return false;
  try {
    await callNative('DownloadFile', file, DOWNLOAD_TIMEOUT_MS);
    return true;
  } catch {
    return false;
  }
}

/** Tests only: forget the detected app and every pending call. */
export function resetBridgeForTests() {
  for (const call of pending.values()) clearTimeout(call.timer);
  pending.clear();
  appInfo = null;
}
