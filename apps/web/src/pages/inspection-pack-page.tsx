// Route /app/podklady-pro-kontrolu (issue 22 §2): 'Podklady pro kontrolu', the inspection pack. Admins only.
import { Typography } from 'antd';
import { withFeedback } from '../components/feedback-scope.tsx';
import { InspectionPackView } from '../features/inspection-pack/inspection-pack-view.tsx';

function InspectionPackRoute() {
  return (
    <div style={{ minWidth: 0 }}>
      <Typography.Title level={3}>Podklady pro kontrolu</Typography.Title>
      <InspectionPackView />
    </div>
  );
}

const InspectionPackPage = withFeedback(InspectionPackRoute);
export default InspectionPackPage;
