// 'Přehled' of 'Můj výcvik': the student's own 'Cesta ke zkoušce' (issue 22 §3), only while in training.
import { useQuery } from '@tanstack/react-query';
import { ReadinessView } from '../exam-readiness/readiness-view.tsx';
import { useStudentTRPC } from './student-trpc.ts';

export function PortalReadiness() {
  const trpc = useStudentTRPC();
  const data = useQuery(trpc.examReadiness.getMyForecast.queryOptions()).data;
  if (!data?.forecast) return null;
  return <ReadinessView data={data} you />;
}
