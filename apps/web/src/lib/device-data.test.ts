import { describe, expect, it } from 'vitest';
import { type DeviceStores, wipeDeviceData } from './device-data.ts';

function fakeStorage(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries));
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    removeItem: (k: string) => void map.delete(k),
  };
}

function fakeIndexedDB(names: string[], blocked: string[] = []) {
  const live = new Set(names);
  return {
    live,
    databases: async () => [...live].map((name) => ({ name })),
    deleteDatabase(name: string) {
      const request = {} as { onsuccess?: () => void; onerror?: () => void; onblocked?: () => void };
      queueMicrotask(() => {
        live.delete(name);
        if (blocked.includes(name)) request.onblocked?.();
        else request.onsuccess?.();
      });
      return request as unknown as IDBOpenDBRequest;
    },
  };
}

function fakeCaches(names: string[]) {
  const live = new Set(names);
  return { live, keys: async () => [...live], delete: async (n: string) => live.delete(n) };
}

describe('wipeDeviceData', () => {
  it('deletes the volant- databases, the app’s storage keys and every cache but the app shell', async () => {
    const local = fakeStorage({ 'volant.token': 't', 'volant.session': '{}', 'volant.teacherFilter.u.s': '[]', 'other.app': 'x' });
    const session = fakeStorage({ 'volant.studentSignedOut': '1', theme: 'dark' });
    const idb = fakeIndexedDB(['volant-day', 'volant-outbox', 'volant-test', 'someone-else', 'Volant-upper']);
    const caches = fakeCaches(['workbox-precache-v2-http://127.0.0.1/', 'volant-runtime', 'pdf-previews']);
    const stores = { localStorage: local, sessionStorage: session, indexedDB: idb, caches } as unknown as DeviceStores;

    const report = await wipeDeviceData(stores);

    expect([...local.map.keys()]).toEqual(['other.app']);
    expect([...session.map.keys()]).toEqual(['theme']);
    expect([...idb.live].sort()).toEqual(['Volant-upper', 'someone-else']);
    expect([...caches.live]).toEqual(['workbox-precache-v2-http://127.0.0.1/']);
    expect(report.databases.sort()).toEqual(['volant-day', 'volant-outbox', 'volant-test']);
    expect(report.storageKeys.sort()).toEqual(['volant.session', 'volant.studentSignedOut', 'volant.teacherFilter.u.s', 'volant.token']);
    expect(report.caches.sort()).toEqual(['pdf-previews', 'volant-runtime']);
  });

  it('goes on when a database is held open (its deletion completes on close), and never throws', async () => {
    const idb = fakeIndexedDB(['volant-outbox'], ['volant-outbox']);
    const stores = { indexedDB: idb, caches: { keys: async () => Promise.reject(new Error('denied')), delete: async () => false } } as unknown as DeviceStores;
    await expect(wipeDeviceData(stores)).resolves.toEqual({ databases: ['volant-outbox'], storageKeys: [], caches: [] });
  });

  it('without indexedDB.databases() (older browsers) nor any store, does nothing', async () => {
    const stores = { indexedDB: { deleteDatabase: () => ({}) } } as unknown as DeviceStores;
    await expect(wipeDeviceData(stores)).resolves.toEqual({ databases: [], storageKeys: [], caches: [] });
    await expect(wipeDeviceData({})).resolves.toEqual({ databases: [], storageKeys: [], caches: [] });
  });
});
