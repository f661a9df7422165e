// Route /app/reporting: the school's hlášenky.
import { Typography } from 'antd';
import { ReportList } from '../features/report/report-list.tsx';

export default function ReportingPage() {
  return (
    <div>
      <Typography.Title level={3}>Hlášenky</Typography.Title>
      <Typography.Paragraph type="secondary">
        Seznam žadatelů zařazených do výuky a výcviku, který autoškola posílá úřadu před zahájením výcviku. Žák se do hlášenky zařadí při zahájení výcviku.
      </Typography.Paragraph>
      <ReportList />
    </div>
  );
}
