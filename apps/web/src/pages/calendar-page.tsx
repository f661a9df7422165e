// Route /app/calendar (Kalendář): on a phone the day list or the day by teachers and cars, wider the FullCalendar
// board (its code loads only there) or the resource day view.
import { Flex, Segmented } from 'antd';
import { useState } from 'react';
import { CalendarScreen } from '../features/driving-lessons-record/calendar/calendar-screen.tsx';
import { DayList } from '../features/driving-lessons-record/calendar/day-list.tsx';
import { PhoneResources } from '../features/driving-lessons-record/calendar/phone-resources.tsx';
import { withFeedback } from '../components/feedback-scope.tsx';
import { useIsPhone } from '../lib/media.ts';

type PhoneView = 'LIST' | 'RESOURCES';
const PHONE_VIEWS: { value: PhoneView; label: string }[] = [
  { value: 'LIST', label: 'Seznam' },
  { value: 'RESOURCES', label: 'Učitelé a vozidla' },
];

function PhoneCalendar() {
  const [view, setView] = useState<PhoneView>('LIST');
  return (
    <Flex vertical gap={8} style={{ minWidth: 0 }}>
      <Segmented<PhoneView> block aria-label="Zobrazení" options={PHONE_VIEWS} value={view} onChange={setView} />
      {view === 'LIST' ? <DayList /> : <PhoneResources />}
    </Flex>
  );
}

function CalendarPageView() {
  return useIsPhone() ? <PhoneCalendar /> : <CalendarScreen />;
}

const CalendarPage = withFeedback(CalendarPageView);
export default CalendarPage;
