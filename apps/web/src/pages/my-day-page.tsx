// Route /app/muj-den ('Můj den', issue 20): the teacher's day, offline-first.
import { withFeedback } from '../components/feedback-scope.tsx';
import { MyDayView } from '../features/my-day/my-day-view.tsx';

const MyDayPage = withFeedback(MyDayView);
export default MyDayPage;
