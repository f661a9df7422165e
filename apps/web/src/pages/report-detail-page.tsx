// Route /app/reporting/detail/:id.
import { APP_ERRORS } from '@volant/shared/errors';
import { Result } from 'antd';
import { useParams } from 'react-router';
import { ReportDetail } from '../features/report/report-detail.tsx';

export default function ReportDetailPage() {
  const { id } = useParams();
  if (!id) return <Result status="404" title={APP_ERRORS.REPORT_NOT_FOUND} />;
  return <ReportDetail key={id} id={id} />;
}
