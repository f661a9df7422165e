// The session survives a night offline (issue 20 §2; docs/decisions/0018-installable-app.md). After every boot that
// reached the server, the signed-in person's own boot answers (meV2, feature flags, the blocked flag, the server config)
// are kept in localStorage under `volant.session`, tied to the token they came with. When the next boot cannot reach the
// server (no network, or the server not answering), the app starts from them instead of signing out; only a real 401
// signs out (and wipes the device, lib/device-data.ts). Nothing of a school's data is kept here, only the person's own
// account row and the installation's config; the server's session rules decide as soon as it answers again.
import type { Me, ServerConfig } from './store.ts';

export const SNAPSHOT_KEY = 'volant.session';
/** The installation's config (no person's data), for a boot without the server. */
export const SERVER_CONFIG_KEY = 'volant.serverConfig';

export interface BootSnapshot {
  /** The token's last characters: a snapshot of another session is never used. */
  tokenTail: string;
  me: Me;
  featureFlags: string[];
  isGroupBlocked: boolean;
  savedAt: string;
}

type KeyValue = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const tail = (token: string) => token.slice(-12);

function storage(): KeyValue | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function saveBootSnapshot(token: string, data: Omit<BootSnapshot, 'tokenTail' | 'savedAt'>, store: KeyValue | null = storage(), now = new Date()) {
  const snapshot: BootSnapshot = { tokenTail: tail(token), ...data, savedAt: now.toISOString() };
  try {
    store?.setItem(SNAPSHOT_KEY, JSON.stringify(snapshot));
  } catch {
    // A full or refused storage: the app works online as before.
  }
}

/** The snapshot saved with this token, or null (none, another session's, unreadable). */
export function readBootSnapshot(token: string, store: KeyValue | null = storage()): BootSnapshot | null {
  try {
    const raw = store?.getItem(SNAPSHOT_KEY);
    if (!raw) return null;
    const snapshot = JSON.parse(raw) as Partial<BootSnapshot>;
    if (snapshot.tokenTail !== tail(token) || !snapshot.me || typeof snapshot.me !== 'object') return null;
    return {
      tokenTail: snapshot.tokenTail,
      me: snapshot.me,
      featureFlags: Array.isArray(snapshot.featureFlags) ? snapshot.featureFlags : [],
      isGroupBlocked: snapshot.isGroupBlocked === true,
      savedAt: snapshot.savedAt ?? '',
    };
  } catch {
    return null;
  }
}

export function saveServerConfig(config: ServerConfig, store: KeyValue | null = storage()) {
  try {
    store?.setItem(SERVER_CONFIG_KEY, JSON.stringify(config));
  } catch {
    // as above
  }
}

export function readServerConfig(store: KeyValue | null = storage()): ServerConfig | null {
  try {
    const raw = store?.getItem(SERVER_CONFIG_KEY);
    const config = raw ? (JSON.parse(raw) as ServerConfig | null) : null;
    return config && typeof config === 'object' ? config : null;
  } catch {
    return null;
  }
}

/**
 * What a boot whose user load failed does (spec §8 with issue 20's night offline): the server's 401 signs out (and wipes
 * the device); any other failure — no network, the connection refused or cut, a proxy's 502, a server error — starts
 * offline from the snapshot when there is one, and signs out as before when there is none.
 */
export function bootFailureOutcome(errorCode: string | undefined, hasSnapshot: boolean): 'sign-out' | 'offline' {
  if (errorCode === 'UNAUTHORIZED') return 'sign-out';
  return hasSnapshot ? 'offline' : 'sign-out';
}
