// The student's place, 'Můj výcvik' (/zak, issue 19 §2): the header with the student's name and school and
// 'Odhlásit se', and the tabs of portal-tabs.tsx (top tabs on a desktop, a bottom bar on a phone). A 401 from any
// student call ends the session here and goes back to the sign-in page with a message.
import { useMutation, useQuery } from '@tanstack/react-query';
import { STUDENT_LOGIN_TEXTS } from '@volant/shared/student-portal/access';
import { Button, Skeleton } from 'antd';
import { useEffect } from 'react';
import { NavLink, Route, Routes } from 'react-router';
import { LogoMark } from '../../components/logo.tsx';
import { endStudentSession, isUnauthorized } from './portal-session.ts';
import { PORTAL_TABS } from './portal-tabs.tsx';
import { studentQueryClient, useStudentTRPC } from './student-trpc.ts';

const tabHref = (path: string) => (path ? `/zak/${path}` : '/zak');

/** Any student call answered 401 (revoked, expired, ended): the session is over on this device. */
function useEndOnUnauthorized(onEnded: () => void) {
  useEffect(() => {
    const check = (error: unknown) => {
      if (isUnauthorized(error)) {
        endStudentSession('expired');
        onEnded();
      }
    };
    const queries = studentQueryClient.getQueryCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error') check(e.action.error);
    });
    const mutations = studentQueryClient.getMutationCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error') check(e.action.error);
    });
    return () => {
      queries();
      mutations();
    };
  }, [onEnded]);
}

export function PortalLayout({ onSignedOut }: { onSignedOut: () => void }) {
  const trpc = useStudentTRPC();
  useEndOnUnauthorized(onSignedOut);
  const me = useQuery(trpc.studentPortal.getMe.queryOptions());
  const logout = useMutation(trpc.studentPortal.logout.mutationOptions());
  const onLogout = async () => {
    await logout.mutateAsync().catch(() => undefined);
    endStudentSession('logout');
    onSignedOut();
  };

  return (
    <div className="portal">
      <header className="portal__header">
        <div className="portal__brand app-logo">
          <LogoMark />
          <span>{STUDENT_LOGIN_TEXTS.title}</span>
        </div>
        <div className="portal__who">
          {me.data ? (
            <>
              <strong className="portal__name">
                {me.data.firstName} {me.data.lastName}
              </strong>
              <span className="portal__school">{me.data.schoolName}</span>
            </>
          ) : (
            <Skeleton.Input active size="small" />
          )}
        </div>
        <Button onClick={() => void onLogout()} loading={logout.isPending}>
          {STUDENT_LOGIN_TEXTS.logout}
        </Button>
      </header>
      <nav className="portal__tabs" aria-label={STUDENT_LOGIN_TEXTS.title}>
        {PORTAL_TABS.map((tab) => (
          <NavLink key={tab.key} to={tabHref(tab.path)} end className={({ isActive }) => (isActive ? 'portal__tab portal__tab--active' : 'portal__tab')}>
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <main className="portal__main">
        <Routes>
          {PORTAL_TABS.map((tab) =>
            tab.path ? <Route key={tab.key} path={tab.path} element={tab.element} /> : <Route key={tab.key} index element={tab.element} />,
          )}
          <Route path="*" element={PORTAL_TABS[0].element} />
        </Routes>
      </main>
    </div>
  );
}
