// The student card (spec §2), shared by the page /app/student/:id and the side drawer.
import { useQuery } from '@tanstack/react-query';
import { APP_ERRORS } from '@volant/shared/errors';
import { Result, Skeleton, Tabs } from 'antd';
import { describeError, errorCode, useTRPC } from '../../lib/trpc.ts';
import { StudentCardHeader } from './student-card-header.tsx';
import { StudentInfoTab } from './student-info-tab.tsx';
import { TrainingTab } from '../driving-lessons-record/training-tab.tsx';
import { TeachingTab } from '../teaching-lesson-record/teaching-tab.tsx';
import { PaymentTab } from '../payment-item/payment-tab.tsx';
import { EvidenceTab } from './evidence-tab.tsx';
import { STUDENT_TABS } from './student-rules.ts';
import { useSchoolInput, withSchool } from '../../app/use-school.ts';
import { withFeedback } from '../../components/feedback-scope.tsx';

export interface StudentCardProps {
  studentId: string;
  activeTab: string;
  onTabChange: (tab: string) => void;
  /** In the drawer: a link opens the full card page (and this callback closes the drawer). */
  onOpenFull?: () => void;
}

function StudentCardView({ studentId, activeTab, onTabChange, onOpenFull }: StudentCardProps) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const query = useQuery(trpc.student.student.queryOptions(withSchool(school, { id: studentId })));

  if (query.isError) {
    const code = errorCode(query.error);
    if (code === 'NOT_FOUND' || code === 'BAD_REQUEST') return <Result status="404" title={APP_ERRORS.STUDENT_NOT_FOUND} />;
    return <Result status="error" title="Nastala chyba" subTitle={describeError(query.error).message} />;
  }
  if (!query.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const student = query.data;

  return (
    <div>
      <StudentCardHeader student={student} activeTab={activeTab} onOpenFull={onOpenFull} />
      <Tabs
        activeKey={activeTab}
        onChange={onTabChange}
        items={STUDENT_TABS.map((t) => ({
          key: t.key,
          label: t.label,
          children:
            t.key === '1' ? (
              <StudentInfoTab student={student} />
            ) : t.key === '2' ? (
              <TeachingTab student={student} />
            ) : t.key === '3' ? (
              <TrainingTab student={student} />
            ) : t.key === '4' ? (
              <PaymentTab student={student} />
            ) : (
              <EvidenceTab student={student} />
            ),
        }))}
        destroyOnHidden
      />
    </div>
  );
}

/** The card with its own feedback scope (notifications of inline edits, confirmations). */
export const StudentCard = withFeedback(StudentCardView);
