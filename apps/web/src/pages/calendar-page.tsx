// Route /app/calendar (Kalendář): on a phone the day list, wider the FullCalendar board (its code loads only there).
import { CalendarScreen } from '../features/driving-lessons-record/calendar/calendar-screen.tsx';
import { DayList } from '../features/driving-lessons-record/calendar/day-list.tsx';
import { withFeedback } from '../components/feedback-scope.tsx';
import { useIsPhone } from '../lib/media.ts';

function CalendarPageView() {
  return useIsPhone() ? <DayList /> : <CalendarScreen />;
}

const CalendarPage = withFeedback(CalendarPageView);
export default CalendarPage;
