// Every route passes here: boot (server config, stored token), the loading screen, and the guards.
import type { FEATURE_FLAGS } from '@volant/shared/enums';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LazyErrorScreen } from '../components/error-boundary.tsx';
import { landingPathOf, mayUseSearch, resolveRedirect, skipsBoot } from './guards.ts';
import { LoadingScreen } from './loading-screen.tsx';
import { ensureBooted, loadServerConfig } from './session.ts';
import { useAppStore } from './store.ts';

const MessageHost = lazy(() => import('./shell/message-host.tsx'));

const DEBUG_FLAG: (typeof FEATURE_FLAGS)[number] = 'DEBUG';

export function useIsDebugAllowed() {
  const serverDebug = useAppStore((s) => s.serverConfig?.debug ?? false);
  const hasFlag = useAppStore((s) => s.featureFlags.includes(DEBUG_FLAG));
  return serverDebug || hasFlag;
}

export function RootLayout() {
  const { pathname } = useLocation();
  const skip = skipsBoot(pathname);
  const booting = useAppStore((s) => s.booting);
  const token = useAppStore((s) => s.token);
  const user = useAppStore((s) => s.user);
  const serverConfig = useAppStore((s) => s.serverConfig);
  const isGroupBlocked = useAppStore((s) => s.isGroupBlocked);
  const activeSchoolId = useAppStore((s) => s.activeSchoolId);
  const isDebugAllowed = useIsDebugAllowed();
  const [configFailed, setConfigFailed] = useState(false);

  useEffect(() => {
    if (skip) return;
    void ensureBooted();
    loadServerConfig().catch(() => setConfigFailed(true));
  }, [skip]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page starts at the top
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  if (skip) return <Outlet />;
  if (configFailed && !serverConfig)
    return (
      <LazyErrorScreen
        onRetry={() => {
          setConfigFailed(false);
          loadServerConfig().catch(() => setConfigFailed(true));
        }}
      />
    );
  if (booting || !serverConfig) return <LoadingScreen />;

  const redirect = resolveRedirect({
    path: pathname,
    isBooting: booting,
    isLoggedIn: !!token && !!user,
    isAccountInitialized: user?.isAccountInitialized ?? false,
    isGroupBlocked,
    isDebugAllowed,
    isOperator: user?.role === 'ADMIN',
    landingPath: landingPathOf(user?.landingPage),
    canSearch: mayUseSearch({ isLoggedIn: !!token && !!user, isAccountInitialized: user?.isAccountInitialized ?? false, activeSchoolId, isGroupBlocked }),
  });
  return (
    <>
      {user && (
        <Suspense fallback={null}>
          <MessageHost />
        </Suspense>
      )}
      {redirect && redirect !== pathname ? <Navigate to={redirect} replace /> : <Outlet />}
    </>
  );
}
