// Route /app/reporting: the school's hlášenky.
import { Typography } from 'antd';
import { RegisterBookExport } from '../features/pdf/register-book-export.tsx';
import { ReportList } from '../features/report/report-list.tsx';

export default function ReportingPage() {
  return (
    <div>
      <Typography.Title level={3}>Hlášenky</Typography.Title>
      <Typography.Paragraph type="secondary">
        Seznam žadatelů zařazených do výuky a výcviku, který autoškola posílá úřadu před zahájením výcviku. Žák se do hlášenky zařadí při zahájení výcviku.
      </Typography.Paragraph>
      <ReportList />
      <div style={{ marginTop: 24 }}>
        <RegisterBookExport />
      </div>
    </div>
  );
}
