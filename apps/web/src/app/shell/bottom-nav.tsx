// Mobile bottom navigation (≤ 768 px).
import { BugOutlined, CalendarOutlined, EllipsisOutlined, HomeOutlined, SearchOutlined, TrophyOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { bottomNavItems, navKeyOf } from '../nav.ts';
import { useIsDebugAllowed } from '../root-layout.tsx';

const ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined />,
  calendar: <CalendarOutlined />,
  search: <SearchOutlined />,
  exams: <TrophyOutlined />,
  more: <EllipsisOutlined />,
  debug: <BugOutlined />,
};

const MORE_KEYS = new Set(['more', 'trainings', 'reporting', 'courses', 'support', 'user-settings', 'application-form']);

export function BottomNav() {
  const { pathname } = useLocation();
  const isDebugAllowed = useIsDebugAllowed();
  const current = navKeyOf(pathname);
  const activeKey = current.startsWith('settings/') || MORE_KEYS.has(current) ? 'more' : current;
  return (
    <nav className="app-bottom-nav" aria-label="Hlavní navigace">
      {bottomNavItems({ isDebugAllowed }).map((item) => {
        const active = item.key === activeKey;
        return (
          <Link
            key={item.key}
            to={item.path}
            className={active ? 'app-bottom-nav__item app-bottom-nav__item--active' : 'app-bottom-nav__item'}
            aria-current={active ? 'page' : undefined}
          >
            {ICONS[item.key]}
            <span>{item.label}</span>
          </Link>
        );
      })}
    </nav>
  );
}
