// Route /app/trainings (Výcviky): the school's rides and lessons, for the office's daily check.
import { Typography } from 'antd';
import { TrainingsTable } from '../features/driving-lessons-record/calendar/trainings-table.tsx';
import { withFeedback } from '../components/feedback-scope.tsx';

function TrainingsPageView() {
  return (
    <div>
      <Typography.Title level={3}>Výcviky</Typography.Title>
      <TrainingsTable />
    </div>
  );
}

const TrainingsPage = withFeedback(TrainingsPageView);
export default TrainingsPage;
