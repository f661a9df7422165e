// The signed-in app's shell (spec §2 App shell): header, sidebar or bottom navigation, the shell's dialogs,
// and the student drawer. The login flow shows the header without search and without navigation.
import { PlusOutlined } from '@ant-design/icons';
import { Button, Layout, Tag } from 'antd';
import { Suspense } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { LogoMark } from '../components/logo.tsx';
import { PageSpinner } from '../components/page-spinner.tsx';
import { StudentDrawer } from '../features/student/student-drawer.tsx';
import { StudentSearch } from '../features/student/student-search.tsx';
import '../lib/dayjs-cs.ts';
import { useIsMobile } from '../lib/media.ts';
import { AntdConfig } from './antd-config.tsx';
import { LOGIN_FLOW_PATH } from './guards.ts';
import { BottomNav } from './shell/bottom-nav.tsx';
import { InviteModal } from './shell/invite-modal.tsx';
import { NotificationModal } from './shell/notification-modal.tsx';
import { SchoolChoiceGuard } from './shell/school-switcher.tsx';
import { UpdateBanner } from './shell/update-banner.tsx';
import { Sidebar } from './shell/sidebar.tsx';
import { useAppStore } from './store.ts';
import { NotificationBell } from './shell/notification-bell.tsx';
import { UserMenu } from './shell/user-menu.tsx';
import { WelcomeSuccessModal } from './shell/welcome-success-modal.tsx';
import { useSwipeBack } from './swipe-back.ts';

function AppHeader({ isMobile, showSearch }: { isMobile: boolean; showSearch: boolean }) {
  const searchRaised = useAppStore((s) => s.searchRaised);
  return (
    <header className={searchRaised ? 'app-header app-header--raised' : 'app-header'}>
      <Link to="/app" className="app-logo" aria-label="Volant – přehled">
        <LogoMark />
        {!isMobile && 'Volant'}
      </Link>
      <Tag color="blue" style={{ marginInlineEnd: 0 }}>
        BETA
      </Tag>
      {showSearch ? (
        <div className="app-header__search">{isMobile ? <StudentSearch mobile /> : <StudentSearch />}</div>
      ) : (
        <div className="app-header__spacer" />
      )}
      <div className="app-header__user">
        {showSearch && <NotificationBell />}
        <UserMenu compact={isMobile} />
      </div>
    </header>
  );
}

/**
 * The floating 'Nový žák' button belongs to the students overview only: on other pages it covered their content
 * (the card's edit buttons, the invite's e-mail field). The overview keeps room under its list for it.
 */
const FAB_PATHS = new Set(['/app', '/app/home']);

/** The shell in antd's config (the login route, which loads no antd, has none above it). */
export default function AppLayout() {
  return (
    <AntdConfig>
      <Shell />
    </AntdConfig>
  );
}

function Shell() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const isLoginFlow = pathname === LOGIN_FLOW_PATH;
  const showsFab = isMobile && FAB_PATHS.has(pathname);
  useSwipeBack();

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {/* The search page holds the search itself; a second box in the header would only compete for focus. */}
      <AppHeader isMobile={isMobile} showSearch={!isLoginFlow && pathname !== '/app/search'} />
      <UpdateBanner />
      <Layout>
        {!isMobile && !isLoginFlow && <Sidebar />}
        <Layout.Content className={showsFab ? 'app-content app-content--fab' : 'app-content'}>
          <ErrorBoundary key={pathname}>
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </Layout.Content>
      </Layout>
      {isMobile && !isLoginFlow && (
        <>
          {showsFab && (
            <Button type="primary" shape="round" size="large" icon={<PlusOutlined />} className="app-fab" onClick={() => navigate('/app/new-student')}>
              Nový žák
            </Button>
          )}
          <BottomNav />
        </>
      )}
      <InviteModal />
      <NotificationModal />
      <WelcomeSuccessModal />
      {!isLoginFlow && <SchoolChoiceGuard />}
      {!isLoginFlow && <StudentDrawer />}
    </Layout>
  );
}
