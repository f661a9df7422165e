// Platba's 'Odeslané upomínky' (issue 21 §2): the payment reminders mailed to the student — when, for which
// instalment, before or after its due date, the amount and the address.
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatDateTime, formatMoney } from '@volant/shared/format';
import { PAYMENT_REMINDER_KIND_LABELS } from '@volant/shared/instalment/instalments';
import { Card, List, Typography } from 'antd';
import { useSchoolInput, withSchool } from '../../app/use-school.ts';
import { useTRPC } from '../../lib/trpc.ts';

export function SentReminders({ studentId }: { studentId: string }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const sent = useQuery(trpc.instalment.getSentReminders.queryOptions(withSchool(school, { studentId })));
  const items = sent.data ?? [];
  if (items.length === 0) return null;
  return (
    <Card size="small" title="Odeslané upomínky">
      <List
        aria-label="Odeslané upomínky"
        size="small"
        dataSource={items}
        renderItem={(r) => (
          <List.Item>
            <Typography.Text>
              {formatDateTime(new Date(r.sentAt))} · {PAYMENT_REMINDER_KIND_LABELS[r.kind]} · {r.label} (splatnost {formatDate(r.dueOn)}) ·{' '}
              {formatMoney(r.amount)} · {r.email}
            </Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
}
