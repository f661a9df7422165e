// Client state of spec §3/§4. Server data lives in TanStack Query; this holds the session and UI state.
import { create } from 'zustand';
import type { RouterOutputs } from '../lib/trpc.ts';
import { getStoredToken, storeToken } from '../lib/token.ts';

export type Me = RouterOutputs['user']['meV2'];
export type ServerConfig = RouterOutputs['app']['getServerConfig'];
export type AppNotification = RouterOutputs['user']['getNotifications'][number];

interface AppState {
  token: string | null;
  user: Me | null;
  /** null: no active school (a new account, or removed from its last one). School queries wait: `useSchoolInput()`. */
  activeSchoolId: string | null;
  booting: boolean;
  drawerStudentId: string | null;
  drawerVersion: number;
  /** Ctrl+B: the header's search is in front of everything, an open drawer's mask and focus trap included. */
  searchRaised: boolean;
  welcomeSuccessModalVisible: boolean;
  loginFlowVisible: boolean;
  serverConfig: ServerConfig | null;
  isGroupBlocked: boolean;
  featureFlags: string[];
  notifications: AppNotification[];
  /** The page runs inside the mobile-app wrapper (lib/app-bridge.ts answered GetAppInfo). */
  isMobileApp: boolean;

  setToken(token: string | null): void;
  /** Setting the user ends booting and takes the active school from the user. */
  setUser(user: Me): void;
  /** A partial update overwrites only the given fields. */
  updateUser(patch: Partial<Me>): void;
  setActiveSchoolId(id: string | null): void;
  setBooting(booting: boolean): void;
  /** Opening another student resets the drawer version. */
  setDrawerStudentId(id: string | null): void;
  bumpDrawerVersion(): void;
  setSearchRaised(v: boolean): void;
  setWelcomeSuccessModalVisible(v: boolean): void;
  setLoginFlowVisible(v: boolean): void;
  setServerConfig(c: ServerConfig): void;
  setIsGroupBlocked(v: boolean): void;
  setFeatureFlags(f: string[]): void;
  setIsMobileApp(v: boolean): void;
  setNotifications(n: AppNotification[]): void;
  removeNotification(id: string): void;
  /** Logout is local: the stored login goes; the server session is revoked by the caller. */
  clearSession(): void;
}

export const useAppStore = create<AppState>((set) => ({
  token: getStoredToken(),
  user: null,
  activeSchoolId: null,
  booting: true,
  drawerStudentId: null,
  drawerVersion: 0,
  searchRaised: false,
  welcomeSuccessModalVisible: false,
  loginFlowVisible: false,
  serverConfig: null,
  isGroupBlocked: false,
  isMobileApp: false,
  featureFlags: [],
  notifications: [],

  setToken: (token) => {
    storeToken(token);
    set({ token });
  },
  setUser: (user) => set({ user, booting: false, activeSchoolId: user.activeSchoolId ?? null }),
  updateUser: (patch) => set((s) => (s.user ? { user: { ...s.user, ...patch } } : {})),
  setActiveSchoolId: (id) => set({ activeSchoolId: id ?? null }),
  setBooting: (booting) => set({ booting }),
  setDrawerStudentId: (id) => set({ drawerStudentId: id, drawerVersion: 0 }),
  bumpDrawerVersion: () => set((s) => ({ drawerVersion: s.drawerVersion + 1 })),
  setSearchRaised: (searchRaised) => set({ searchRaised }),
  setWelcomeSuccessModalVisible: (v) => set({ welcomeSuccessModalVisible: v }),
  setLoginFlowVisible: (v) => set({ loginFlowVisible: v }),
  setServerConfig: (serverConfig) => set({ serverConfig }),
  setIsGroupBlocked: (isGroupBlocked) => set({ isGroupBlocked }),
  setFeatureFlags: (featureFlags) => set({ featureFlags }),
  setIsMobileApp: (isMobileApp) => set({ isMobileApp }),
  setNotifications: (notifications) => set({ notifications }),
  removeNotification: (id) => set((s) => ({ notifications: s.notifications.filter((n) => n.id !== id) })),
  clearSession: () => {
    storeToken(null);
    set({
      token: null,
      user: null,
      activeSchoolId: null,
      booting: false,
      notifications: [],
      featureFlags: [],
      isGroupBlocked: false,
      drawerStudentId: null,
    });
  },
}));
