// The exams page's 'Lhůta pro podání přihlášky ke zkoušce' (legal-cz §7.2: no later than 15 days after training
// ends): the students whose training (or new teaching/training of a failed part) ended and who are signed up for no
// term since, by deadline, each linking to the card; passed in red, near (≤ 5 days) in orange. Hidden when none.
import { useQuery } from '@tanstack/react-query';
import { applicationDeadlineText, EXAM_MESSAGES } from '@volant/shared/exam/rules';
import { STUDENT_STATE_LABELS } from '@volant/shared/enums';
import { formatDate, groupsText } from '@volant/shared/format';
import { Alert, Button, Card, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSchoolInput, withSchool } from '../../app/use-school.ts';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';

type Row = RouterOutputs['exam']['getApplicationDeadlines'][number];

/** How many rows show before 'Zobrazit všechny'. */
const FIRST = 10;

/** Near in orange; a passed one says so in red in its line. */
function DeadlineTag({ row }: { row: Row }) {
  return row.near ? <Tag color="orange">Blíží se</Tag> : null;
}

export function ApplicationDeadlines() {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const list = useQuery(trpc.exam.getApplicationDeadlines.queryOptions(withSchool(school, {})));
  const [all, setAll] = useState(false);
  if (list.isError) return <Alert type="error" showIcon title={describeError(list.error).message} />;
  const rows = list.data ?? [];
  if (rows.length === 0) return null;
  const shown = all ? rows : rows.slice(0, FIRST);
  const urgent = rows.filter((r) => r.passed || r.near).length;
  return (
    <Card
      size="small"
      title={EXAM_MESSAGES.applicationTitle}
      extra={urgent > 0 ? <Tag color={rows.some((r) => r.passed) ? 'red' : 'orange'}>{urgent}</Tag> : null}
    >
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">Přihlášku ke zkoušce je nutné podat nejpozději 15 dní po ukončení výcviku.</Typography.Text>
        <ul className="app-card-list" aria-label={EXAM_MESSAGES.applicationTitle}>
          {shown.map((r) => (
            <li key={r.studentId} className="app-card-list__item">
              <Flex wrap gap={8} align="center" style={{ rowGap: 4 }}>
                <Link to={`/app/student/${r.studentId}`}>
                  {r.lastName} {r.firstName} ({r.registrationNumber})
                </Link>
                <Typography.Text type="secondary">
                  {groupsText(r.groups)} · {STUDENT_STATE_LABELS[r.state]} · výcvik ukončen {formatDate(r.endDate)}
                </Typography.Text>
                <DeadlineTag row={r} />
                <Typography.Text type={r.passed ? 'danger' : r.near ? 'warning' : undefined}>{applicationDeadlineText(r)}</Typography.Text>
              </Flex>
            </li>
          ))}
        </ul>
        {rows.length > FIRST && (
          <Button type="link" style={{ alignSelf: 'flex-start', padding: 0 }} onClick={() => setAll((v) => !v)}>
            {all ? 'Zobrazit méně' : `Zobrazit všechny (${rows.length})`}
          </Button>
        )}
      </Flex>
    </Card>
  );
}
