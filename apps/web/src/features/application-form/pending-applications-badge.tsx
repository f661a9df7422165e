// How many applications wait for the office's decision, beside 'Přihláškový formulář' in the navigation. Follows
// ApplicationMessage (lib/live.ts refreshes the whole applicationForm domain of the school).
import { useQuery } from '@tanstack/react-query';
import { Badge } from 'antd';
import { useSchoolInput } from '../../app/use-school.ts';
import { useTRPC } from '../../lib/trpc.ts';

export function PendingApplicationsBadge() {
  const trpc = useTRPC();
  const count = useQuery(trpc.applicationForm.getPendingApplicationCount.queryOptions(useSchoolInput())).data?.count ?? 0;
  if (count === 0) return null;
  return <Badge count={count} size="small" style={{ marginInlineStart: 8 }} title={`Čeká na přijetí: ${count}`} />;
}
