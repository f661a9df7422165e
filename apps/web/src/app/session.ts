// The session's life: boot (server config, stored token → user, school context), login, logout, reloading the
// user, switching the active school, and the live channel's effects. Components call these; none of them render.
import { notify } from '../lib/antd-static.ts';
import { wipeDeviceData } from '../lib/device-data.ts';
import type { LiveEffects } from '../lib/live.ts';
import { invalidateAfterChange } from '../lib/live-queries.ts';
import { withRetries } from '../lib/retry.ts';
import { errorCode, queryClient, trpcClient, trpcOptions } from '../lib/trpc.ts';
import { type BootSnapshot, bootFailureOutcome, readBootSnapshot, readServerConfig, saveBootSnapshot, saveServerConfig } from './offline-session.ts';
import { useAppStore } from './store.ts';

const store = () => useAppStore.getState();
/** The live channel loads with the first session, not with the login route. */
const live = () => import('../lib/live.ts');
const RETRY = { retries: 3, delayMs: 1000 } as const;
/** Without a network there is nothing to wait for: no retries (the browser knows; a server that is down is retried). */
const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;
/** While started offline, how often the server is asked again when the browser says it is online. */
const RESUME_EVERY_MS = 30_000;

let configPromise: Promise<void> | null = null;

/**
 * Server config with up to 3 silent retries, 1 s apart. A final failure falls back to the config kept from the last
 * load (an offline start); without one it is kept for the boot screen.
 */
export function loadServerConfig(): Promise<void> {
  configPromise ??= withRetries(() => trpcClient.app.getServerConfig.query(), { ...RETRY, shouldRetry: isOnline }).then(
    (config) => {
      store().setServerConfig(config);
      saveServerConfig(config);
    },
    (error) => {
      configPromise = null;
      const kept = readServerConfig();
      if (!kept) throw error;
      store().setServerConfig(kept);
    },
  );
  return configPromise;
}

/** Group settings, the member's own settings and the blocked flag of the active school. */
async function loadActiveSchool(schoolId: string | null) {
  if (!schoolId) {
    store().setIsGroupBlocked(false);
    return;
  }
  const input = { schoolId };
  const [blocked] = await Promise.allSettled([
    queryClient.fetchQuery({ ...trpcOptions.user.getIsGroupBlocked.queryOptions(input), staleTime: 0 }),
    queryClient.fetchQuery({ ...trpcOptions.user.getGroupSettings.queryOptions(input), staleTime: 0 }),
    queryClient.fetchQuery({ ...trpcOptions.user.getGroupUserSettings.queryOptions(input), staleTime: 0 }),
  ]);
  store().setIsGroupBlocked(blocked.status === 'fulfilled' ? blocked.value : false);
}

async function loadNotifications() {
  store().setNotifications(await trpcClient.user.getNotifications.query());
}

let bootPromise: Promise<void> | null = null;

/** Boot once per session: a stored token logs in at start (spec §2 Guards). */
export function ensureBooted(): Promise<void> {
  bootPromise ??= boot();
  return bootPromise;
}

async function boot() {
  const token = store().token;
  if (!token) {
    store().setBooting(false);
    return;
  }
  store().setBooting(true);
  let me: Awaited<ReturnType<typeof trpcClient.user.meV2.query>>;
  try {
    // 401 logs out at once; anything else is retried 3 times at 1 s (not without a network), then (spec §8) logs out
    // — unless an earlier boot of this session left its snapshot: then the app starts offline (offline-session.ts).
    me = await withRetries(() => trpcClient.user.meV2.query(), { ...RETRY, shouldRetry: (e) => errorCode(e) !== 'UNAUTHORIZED' && isOnline() });
  } catch (error) {
    const snapshot = readBootSnapshot(token);
    if (snapshot && bootFailureOutcome(errorCode(error), true) === 'offline') startOffline(token, snapshot);
    else await endSession();
    return;
  }
  await loadSession(token, me);
}

/** What a boot loads after the user; the user goes into the store last (it ends the boot screen). */
async function loadSession(token: string, me: Awaited<ReturnType<typeof trpcClient.user.meV2.query>>) {
  await Promise.allSettled([
    trpcClient.user.getUserFeatureFlags.query().then((flags) => store().setFeatureFlags(flags)),
    loadNotifications(),
    queryClient.fetchQuery({ ...trpcOptions.user.getUserSchools.queryOptions(), staleTime: 0 }),
    loadActiveSchool(me.activeSchoolId),
  ]);
  if (store().token !== token) return; // logged out meanwhile
  store().setUser(me);
  rememberSession();
  void live().then(({ connectLive }) => connectLive(() => ({ token: store().token, schoolId: activeSchool() }), liveEffects));
}

/** Keeps the signed-in person's boot answers for a start without the server (offline-session.ts). */
function rememberSession() {
  const { token, user, featureFlags, isGroupBlocked } = store();
  if (token && user) saveBootSnapshot(token, { me: user, featureFlags, isGroupBlocked });
}

/**
 * The server could not be reached at boot: the signed-in person goes on from the last boot's snapshot (the shell, their
 * name, their school; the pages' data loads when the network is back, or comes from the device's own store). The server
 * is asked again when the browser is back online, and every 30 s while it says it is; its answer then decides: a 401
 * signs out, anything else finishes the boot as usual.
 */
function startOffline(token: string, snapshot: BootSnapshot) {
  store().setFeatureFlags(snapshot.featureFlags);
  store().setIsGroupBlocked(snapshot.isGroupBlocked);
  store().setUser(snapshot.me);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const resume = async () => {
    clearTimeout(timer);
    window.removeEventListener('online', resume);
    if (store().token !== token) return; // signed out meanwhile
    try {
      const me = await trpcClient.user.meV2.query();
      await loadSession(token, me);
    } catch (error) {
      if (errorCode(error) === 'UNAUTHORIZED') {
        if (store().token === token) await endSession();
        return;
      }
      wait();
    }
  };
  const wait = () => {
    window.addEventListener('online', resume);
    timer = setTimeout(() => (isOnline() ? void resume() : wait()), RESUME_EVERY_MS);
  };
  wait();
}

const activeSchool = () => store().activeSchoolId;

/** After a successful login: keep the token and boot with it. */
export async function startSession(token: string) {
  store().setToken(token);
  bootPromise = boot();
  await bootPromise;
}

/**
 * Local end of a session: stored login, caches and the live channel go, and what the app keeps on the device
 * (lib/device-data.ts: the `volant-` databases, the app's storage keys, caches other than the app shell).
 */
async function endSession() {
  void live().then(({ disconnectLive }) => disconnectLive());
  store().clearSession();
  queryClient.clear();
  bootPromise = Promise.resolve();
  await wipeDeviceData();
}

/** Revokes the server session (best effort), then ends the session locally. */
export async function logout() {
  try {
    await trpcClient.user.logout.mutate();
  } catch {
    // An expired session or no network: the local logout still happens.
  }
  await endSession();
}

/** Reloads meV2 and the schools; follows a changed active school. A 401 ends the session. */
export async function reloadUser() {
  try {
    const me = await trpcClient.user.meV2.query();
    const before = activeSchool();
    void queryClient.invalidateQueries(trpcOptions.user.getUserSchools.pathFilter());
    if (me.activeSchoolId !== before) await loadActiveSchool(me.activeSchoolId);
    store().setUser(me);
    rememberSession();
    if (me.activeSchoolId !== before) {
      store().setDrawerStudentId(null);
      void live().then(({ watchSchool }) => watchSchool(me.activeSchoolId));
    }
  } catch (error) {
    if (errorCode(error) === 'UNAUTHORIZED') await endSession();
  }
}

/** Stores the new active school on the server, then reloads its settings and blocked flag (spec §4). */
export async function switchSchool(schoolId: string) {
  await trpcClient.user.setActiveSchool.mutate({ schoolId });
  await loadActiveSchool(schoolId);
  store().setDrawerStudentId(null);
  store().setActiveSchoolId(schoolId);
  store().updateUser({ activeSchoolId: schoolId });
  rememberSession();
  void live().then(({ watchSchool }) => watchSchool(schoolId));
  // School-scoped data of the old school must not show; the new school's keys differ anyway.
  void queryClient.invalidateQueries();
}

/** Marks a notification read; the store drops it by id. */
export async function readNotification(id: string) {
  await trpcClient.user.readNotification.mutate({ id });
  store().removeNotification(id);
}

/** The header bell's list and unread count. */
function refreshBell() {
  void queryClient.invalidateQueries(trpcOptions.user.getNotificationList.pathFilter());
  void queryClient.invalidateQueries(trpcOptions.user.getUnreadNotificationCount.pathFilter());
}

export const liveEffects: LiveEffects = {
  activeSchoolId: () => store().activeSchoolId,
  info: (text) => notify.info(text),
  reloadUser: () => void reloadUser(),
  refetchInvites: () => void queryClient.invalidateQueries(trpcOptions.schoolInvite.getUnusedInvites.pathFilter()),
  refetchNotifications: () => {
    void loadNotifications().catch(() => {});
    refreshBell();
  },
  removeNotification: (id) => {
    store().removeNotification(id);
    refreshBell();
  },
  setGroupBlocked: (isBlocked) => {
    store().setIsGroupBlocked(isBlocked);
    void queryClient.invalidateQueries(trpcOptions.user.getIsGroupBlocked.pathFilter());
  },
  reloadTier: () => void queryClient.invalidateQueries(trpcOptions.account.pathFilter()),
  reloadFeatureFlags: () =>
    void trpcClient.user.getUserFeatureFlags
      .query()
      .then((flags) => store().setFeatureFlags(flags))
      .catch(() => {}),
  invalidate: (filters) => {
    for (const filter of filters) void invalidateAfterChange(queryClient, filter);
  },
};
