// The student's payment progress for the card's circle: paid against the price after the discount, in per cent (null
// while loading or when the student has no price). Reads the Platba tab's own query, so both refresh together.
import { useQuery } from '@tanstack/react-query';
import { useSchoolInput, withSchool } from '../../app/use-school.ts';
import { useTRPC } from '../../lib/trpc.ts';

export function usePaymentProgress(studentId: string): number | null {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const query = useQuery(trpc.paymentItem.getPaymentItems.queryOptions(withSchool(school, { studentId })));
  return query.data?.summary.percent ?? null;
}
