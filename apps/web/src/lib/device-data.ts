// Logout wipes the device (issue 20 §2; docs/decisions/0018-installable-app.md): what the app keeps on this device for a
// signed-in person goes when they sign out ('Odhlásit se') or the server answers 401 for their session.
//  - every IndexedDB database whose name starts with `volant-` (the day's items, the offline outbox, …),
//  - every localStorage and sessionStorage key of the app (`volant.` — the token, the offline boot snapshot, filters),
//  - every Cache Storage cache except the service worker's app-shell precache (`workbox-precache…`): code, not data.
// The query cache lives in memory only (nothing persists it); session.ts clears it with the rest of the session.
//
// A feature that keeps data on the device names its database `volant-…` and opens it so that it closes on a
// `versionchange` (idb: `openDB(name, v, { blocking() { db.close() } })`); otherwise its open connection holds the
// deletion until the page closes.

/** IndexedDB databases of the app. */
export const DATABASE_PREFIX = 'volant-';
/** localStorage / sessionStorage keys of the app. */
export const STORAGE_KEY_PREFIX = 'volant.';
/** Workbox's precache (`workbox-precache-v2-<scope>`): the app shell, kept so the app still opens offline. */
export const SHELL_CACHE_PREFIX = 'workbox-precache';

export const isDeviceDatabase = (name: string | undefined | null): name is string => !!name && name.startsWith(DATABASE_PREFIX);
export const isAppStorageKey = (key: string | null): key is string => !!key && key.startsWith(STORAGE_KEY_PREFIX);
export const isWipedCache = (name: string) => !name.startsWith(SHELL_CACHE_PREFIX);

/** How long a deletion an open connection blocks is waited for before the wipe goes on (it completes on close). */
const BLOCKED_WAIT_MS = 1000;

/** The browser's stores; tests pass fakes. Any of them may be missing (old browsers, private modes). */
export interface DeviceStores {
  localStorage?: Pick<Storage, 'length' | 'key' | 'removeItem'>;
  sessionStorage?: Pick<Storage, 'length' | 'key' | 'removeItem'>;
  indexedDB?: Pick<IDBFactory, 'deleteDatabase'> & { databases?: () => Promise<{ name?: string }[]> };
  caches?: Pick<CacheStorage, 'keys' | 'delete'>;
}

export interface WipeReport {
  databases: string[];
  storageKeys: string[];
  caches: string[];
}

function browserStores(): DeviceStores {
  const g = globalThis as Partial<DeviceStores>;
  const safe = <T>(read: () => T | undefined) => {
    try {
      return read();
    } catch {
      return undefined; // e.g. localStorage in a sandboxed frame throws on access
    }
  };
  return {
    localStorage: safe(() => g.localStorage),
    sessionStorage: safe(() => g.sessionStorage),
    indexedDB: safe(() => g.indexedDB),
    caches: safe(() => g.caches),
  };
}

function wipeStorage(storage: DeviceStores['localStorage']): string[] {
  if (!storage) return [];
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (isAppStorageKey(key)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
  return keys;
}

function deleteDatabase(factory: NonNullable<DeviceStores['indexedDB']>, name: string): Promise<void> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = factory.deleteDatabase(name);
    } catch {
      resolve();
      return;
    }
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    // Still deleted once the blocking connection closes; the wipe does not wait for that forever.
    request.onblocked = () => setTimeout(resolve, BLOCKED_WAIT_MS);
  });
}

async function wipeDatabases(factory: DeviceStores['indexedDB']): Promise<string[]> {
  // Without indexedDB.databases() (Firefox before 126) the names cannot be listed: nothing is deleted.
  if (!factory?.databases) return [];
  let names: string[];
  try {
    names = (await factory.databases()).map((d) => d.name).filter(isDeviceDatabase);
  } catch {
    return [];
  }
  await Promise.all(names.map((name) => deleteDatabase(factory, name)));
  return names;
}

async function wipeCaches(caches: DeviceStores['caches']): Promise<string[]> {
  if (!caches) return [];
  try {
    const names = (await caches.keys()).filter(isWipedCache);
    await Promise.all(names.map((name) => caches.delete(name)));
    return names;
  } catch {
    return [];
  }
}

/** Deletes what the app keeps on this device for the signed-in person (see the header). Never throws. */
export async function wipeDeviceData(stores: DeviceStores = browserStores()): Promise<WipeReport> {
  const storageKeys = [...wipeStorage(stores.localStorage), ...wipeStorage(stores.sessionStorage)];
  const [databases, caches] = await Promise.all([wipeDatabases(stores.indexedDB), wipeCaches(stores.caches)]);
  return { databases, storageKeys, caches };
}
