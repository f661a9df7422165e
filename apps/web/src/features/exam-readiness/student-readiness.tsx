// The card's 'Cesta ke zkoušce' block (issue 22 §3), for a student in training.
import { useQuery } from '@tanstack/react-query';
import { Alert, Skeleton } from 'antd';
import { useSchoolInput, withSchool } from '../../app/use-school.ts';
import { describeError, useTRPC } from '../../lib/trpc.ts';
import { ReadinessView } from './readiness-view.tsx';

export function StudentReadiness({ studentId }: { studentId: string }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const q = useQuery(trpc.examReadiness.getStudentForecast.queryOptions(withSchool(school, { studentId })));
  if (q.isError) return <Alert type="error" showIcon title={describeError(q.error).message} />;
  if (!q.data) return <Skeleton active paragraph={{ rows: 3 }} />;
  return <ReadinessView data={q.data} />;
}
