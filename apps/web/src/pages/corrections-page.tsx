// Route /app/opravy (issue 22 §1): 'Opravy a rozpory' — corrections of the legal records and the students' disputes
// in one list, for admins and assistants.
import { Typography } from 'antd';
import { withFeedback } from '../components/feedback-scope.tsx';
import { CorrectionsList } from '../features/record-chain/corrections-list.tsx';

function CorrectionsView() {
  return (
    <div style={{ minWidth: 0 }}>
      <Typography.Title level={3}>Opravy a rozpory</Typography.Title>
      <CorrectionsList />
    </div>
  );
}

const CorrectionsPage = withFeedback(CorrectionsView);
export default CorrectionsPage;
