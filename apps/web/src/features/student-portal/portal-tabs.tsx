// The tabs of 'Můj výcvik' (/zak): one entry each; the layout (portal-layout.tsx) draws the navigation from this list,
// and the routes /zak/<path> from the same list. Other parts of issue 19 add their tabs here ('Průběh', 'Jízdy',
// 'Platby', 'Zkoušky', 'Průkaz', 'Rezervace'); an element is a self-contained component using useStudentTRPC().
import type { ReactNode } from 'react';
import { BookingTab } from './booking-tab.tsx';
import { StudentCalendarFeedCard } from './calendar-feed-card.tsx';
import { StudentExamsTab } from './exams-tab.tsx';
import { StudentMoneyTab } from './money-tab.tsx';
import { PassTab } from './pass-tab.tsx';
import { PortalReadiness } from './portal-readiness.tsx';
import { PortalOverview } from './portal-overview.tsx';
import { StudentProgressTab } from './progress-tab.tsx';
import { RecordDispute } from './record-dispute.tsx';
import { StudentRidesTab } from './rides-tab.tsx';

export interface PortalTab {
  key: string;
  /** The tab's label, short enough for a phone's tab bar. */
  label: string;
  /** Under /zak: '' is /zak itself. */
  path: string;
  element: ReactNode;
}

/**
 * Six tabs fit a 375 px phone's bar: the first, 'Přehled', is the progress against the legal minimum ('Průběh') above the
 * student's and the school's details; the calendar feed sits under the rides it carries.
 */
export const PORTAL_TABS: PortalTab[] = [
  {
    key: 'prehled',
    label: 'Přehled',
    path: '',
    element: (
      <>
        <StudentProgressTab />
        <PortalReadiness />
        <PortalOverview />
      </>
    ),
  },
  {
    key: 'jizdy',
    label: 'Jízdy',
    path: 'jizdy',
    element: (
      <>
        <StudentRidesTab renderRecordExtra={(record) => <RecordDispute recordKind={record.kind} recordId={record.id} isPast />} />
        <StudentCalendarFeedCard />
      </>
    ),
  },
  /** The reminders' 'Zrušit jízdu' link opens this tab (/zak/rezervace). */
  { key: 'rezervace', label: 'Rezervace', path: 'rezervace', element: <BookingTab /> },
  { key: 'platby', label: 'Platby', path: 'platby', element: <StudentMoneyTab /> },
  { key: 'zkousky', label: 'Zkoušky', path: 'zkousky', element: <StudentExamsTab /> },
  { key: 'prukaz', label: 'Průkaz', path: 'prukaz', element: <PassTab /> },
];
