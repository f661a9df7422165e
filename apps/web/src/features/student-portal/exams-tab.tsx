// 'Zkoušky' of 'Můj výcvik' (issue 19 §2): the terms the student is signed up for, the results, and per part of the
// exam the attempts used of the legal 3 in the current cycle (the office's rule, studentPortal.getExams).
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '@volant/shared/format';
import { fromPreposition } from '@volant/shared/lesson-plan/legal-minimum';
import { Alert, Card, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { describeError } from '../../lib/trpc.ts';
import { useStudentTRPC } from './student-trpc.ts';
import './student-place.css';

const RESULT_COLORS: Record<string, string> = { Prospěl: 'green', Neprospěl: 'red', 'Nekonalo se': 'default' };

/** '1 ze 3 pokusů' (read 'ze tří'; other maxima as the legal minimum's texts say them). */
const attemptsText = (used: number, max: number) => `${used} ${max === 3 ? 'ze' : fromPreposition(max)} ${max} pokusů`;

export function StudentExamsTab() {
  const trpc = useStudentTRPC();
  const exams = useQuery(trpc.studentPortal.getExams.queryOptions());
  if (exams.isPending) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (exams.isError) return <Alert type="error" showIcon title={describeError(exams.error).message} />;
  const { signUps, parts } = exams.data;
  return (
    <Flex vertical gap={12}>
      <Card size="small" title="Termíny" aria-label="Termíny zkoušek">
        {signUps.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Zatím nejste přihlášen k žádné zkoušce" />
        ) : (
          <ul className="student-place__list" aria-label="Termíny">
            {signUps.map((s) => (
              <li key={`${s.examId}-${s.group}-${s.type}`} className="student-place__item">
                <div className="student-place__head">
                  <div className="student-place__title">
                    {formatDate(s.date)} · {s.typeLabel} ({s.group})
                    <div>
                      <Typography.Text type="secondary">
                        {s.place} · {s.attempt}. pokus
                      </Typography.Text>
                    </div>
                  </div>
                  {s.resultLabel ? (
                    <Tag color={RESULT_COLORS[s.resultLabel]} style={{ marginInlineEnd: 0 }}>
                      {s.resultLabel}
                    </Tag>
                  ) : (
                    <Tag color="blue" style={{ marginInlineEnd: 0 }}>
                      {s.upcoming ? 'Přihlášen' : 'Čeká na výsledek'}
                    </Tag>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {parts.length > 0 ? (
        <Card size="small" title="Pokusy" aria-label="Pokusy">
          <ul className="student-place__list" aria-label="Pokusy podle částí zkoušky">
            {parts.map((p) => (
              <li key={`${p.group}-${p.type}`} className="student-place__item">
                <div className="student-place__head">
                  <div className="student-place__title">
                    {p.typeLabel} ({p.group})
                    <div>
                      <Typography.Text type="secondary">Využito {attemptsText(p.attempts, p.max)}</Typography.Text>
                    </div>
                  </div>
                  {p.passed ? (
                    <Tag color="green" style={{ marginInlineEnd: 0 }}>
                      Složeno
                    </Tag>
                  ) : p.retrainingNeeded || p.newTrainingNeeded ? (
                    <Tag color="orange" style={{ marginInlineEnd: 0 }}>
                      {p.newTrainingNeeded ? 'Nutný nový výcvik' : 'Nutná doplňovací výuka'}
                    </Tag>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </Flex>
  );
}
