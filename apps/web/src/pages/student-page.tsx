// Route /app/student/:id: the student card as a page; the tab lives in the activeTab query parameter.
import { useParams, useSearchParams } from 'react-router';
import { StudentCard } from '../features/student/student-card.tsx';
import { normalizeTab } from '../features/student/student-rules.ts';
import { APP_ERRORS } from '@volant/shared/errors';
import { Result } from 'antd';

export default function StudentPage() {
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  const activeTab = normalizeTab(params.get('activeTab'));
  if (!id) return <Result status="404" title={APP_ERRORS.STUDENT_NOT_FOUND} />;
  return (
    <StudentCard
      key={id}
      studentId={id}
      activeTab={activeTab}
      onTabChange={(tab) =>
        setParams(
          (p) => {
            p.set('activeTab', tab);
            return p;
          },
          { replace: true },
        )
      }
    />
  );
}
