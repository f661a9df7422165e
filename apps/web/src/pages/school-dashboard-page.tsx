// Route /app/prehled-skoly (issue 21 §4): 'Přehled školy', the owner's dashboard. Its own lazy chunk carries the chart
// library, so no other page pays for it.
import { Typography } from 'antd';
import { withFeedback } from '../components/feedback-scope.tsx';
import { SchoolDashboard } from '../features/dashboard/school-dashboard.tsx';

function SchoolDashboardView() {
  return (
    <div style={{ minWidth: 0 }}>
      <Typography.Title level={3}>Přehled školy</Typography.Title>
      <SchoolDashboard />
    </div>
  );
}

const SchoolDashboardPage = withFeedback(SchoolDashboardView);
export default SchoolDashboardPage;
