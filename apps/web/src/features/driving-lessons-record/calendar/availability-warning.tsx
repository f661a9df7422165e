// The ride form's warning for a ride planned outside the chosen teacher's availability (issue 20 §4): it warns, the
// office may still save.
import { EMPTY_SELECT } from '@volant/shared/enums';
import { Alert } from 'antd';
import { useMemo } from 'react';
import { availabilityWarning } from './availability-background.ts';
import { useTeachersAvailability } from './use-availability.ts';

export function AvailabilityWarning({ teacherId, start, end }: { teacherId: string | null | undefined; start: Date | null; end: Date | null }) {
  const id = teacherId && teacherId !== EMPTY_SELECT ? teacherId : null;
  const ids = useMemo(() => (id ? [id] : []), [id]);
  const at = start?.getTime() ?? null;
  const range = useMemo(() => (at === null ? null : { from: new Date(at), to: new Date(at + 1) }), [at]);
  const [availability] = useTeachersAvailability(ids, range);
  const text = start && end && id ? availabilityWarning(availability, start, end) : null;
  if (!text) return null;
  return <Alert type="warning" showIcon title="Mimo dostupnost učitele" description={text} style={{ marginBottom: 16 }} data-testid="availability-warning" />;
}
