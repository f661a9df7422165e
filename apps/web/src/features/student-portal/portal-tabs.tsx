// The tabs of 'Můj výcvik' (/zak): one entry each; the layout (portal-layout.tsx) draws the navigation from this list,
// and the routes /zak/<path> from the same list. Other parts of issue 19 add their tabs here ('Průběh', 'Jízdy',
// 'Platby', 'Zkoušky', 'Průkaz', 'Rezervace'); an element is a self-contained component using useStudentTRPC().
import type { ReactNode } from 'react';
import { PortalOverview } from './portal-overview.tsx';

export interface PortalTab {
  key: string;
  /** The tab's label, short enough for a phone's tab bar. */
  label: string;
  /** Under /zak: '' is /zak itself. */
  path: string;
  element: ReactNode;
}

export const PORTAL_TABS: PortalTab[] = [{ key: 'prehled', label: 'Přehled', path: '', element: <PortalOverview /> }];
