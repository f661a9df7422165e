// 'Průběh' of 'Můj výcvik' (issue 19 §2): the student's theory per section and driving hours against the legal
// minimum of their groups (the server's one rule, studentPortal.getProgress), and 'Připraven ke zkoušce' only when
// it is met. Phone first: one column of cards; on a wide screen the cards sit side by side.
import { CheckCircleFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { pluralCs } from '@volant/shared/format';
import { fromPreposition } from '@volant/shared/lesson-plan/legal-minimum';
import { Alert, Card, Flex, Progress, Skeleton, Typography } from 'antd';
import { describeError, type RouterOutputs } from '../../lib/trpc.ts';
import { useStudentTRPC } from './student-trpc.ts';
import './student-place.css';

type ProgressAnswer = RouterOutputs['studentPortal']['getProgress'];
type Section = ProgressAnswer['theory'][number];

/** '3 z 18 lekcí', '2 ze 7 hodin'. */
export function doneOfRequired(s: Pick<Section, 'done' | 'required' | 'unit'>) {
  const noun = s.unit === 'lesson' ? pluralCs(s.required, ['lekce', 'lekcí', 'lekcí']) : pluralCs(s.required, ['hodiny', 'hodin', 'hodin']);
  return `${s.done} ${fromPreposition(s.required)} ${s.required} ${noun}`;
}

const percent = (s: Pick<Section, 'done' | 'required'>) => (s.required === 0 ? 100 : Math.min(100, Math.floor((s.done * 100) / s.required)));

/** The part of `done` a previous school's record brought: said apart, never passed off as this school's. */
function PriorNote({ s }: { s: Pick<Section, 'prior' | 'unit'> }) {
  const noun = s.unit === 'lesson' ? pluralCs(s.prior, ['lekce', 'lekce', 'lekcí']) : pluralCs(s.prior, ['hodina', 'hodiny', 'hodin']);
  return (
    <Typography.Text type="secondary" style={{ fontSize: 13 }}>
      z toho {s.prior} {noun} z předchozí autoškoly
    </Typography.Text>
  );
}

function SectionRow({ s }: { s: Section }) {
  const met = s.done >= s.required;
  return (
    <li className="student-progress__row" aria-label={s.label}>
      <Flex justify="space-between" gap={8}>
        <Typography.Text strong>{s.label}</Typography.Text>
        <Typography.Text type={met ? 'success' : undefined}>{doneOfRequired(s)}</Typography.Text>
      </Flex>
      {s.prior > 0 && <PriorNote s={s} />}
      <Progress percent={percent(s)} showInfo={false} size="small" status={met ? 'success' : 'active'} aria-hidden />
    </li>
  );
}

export function StudentProgressTab() {
  const trpc = useStudentTRPC();
  const progress = useQuery(trpc.studentPortal.getProgress.queryOptions());
  if (progress.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (progress.isError) return <Alert type="error" showIcon title={describeError(progress.error).message} />;
  const p = progress.data;
  const driving = p.practice.find((s) => s.item === 'DRIVING');
  const otherPractice = p.practice.filter((s) => s.item !== 'DRIVING');
  return (
    <Flex vertical gap={12} aria-label="Průběh výcviku">
      {p.readyForExam ? (
        <Alert type="success" showIcon icon={<CheckCircleFilled />} title={p.readyText} description="Máte splněný zákonný rozsah výuky a výcviku." />
      ) : (
        <Alert
          type="info"
          showIcon
          title="Zákonný rozsah výuky a výcviku zatím není splněn"
          description={
            p.missing.length > 0 ? (
              <ul aria-label="Co chybí" style={{ margin: 0, paddingInlineStart: 18 }}>
                {p.missing.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : (
              'Autoškola vám zatím nezadala skupinu řidičského oprávnění.'
            )
          }
        />
      )}
      {p.priorSchools.length > 0 && (
        <Alert
          type="info"
          showIcon
          title={`Započteny hodiny z předchozí autoškoly: ${p.priorSchools.join(', ')}`}
          description="Podle ověřeného záznamu o převodu žáka."
        />
      )}
      <div className="student-progress__grid">
        {driving ? (
          <Card size="small" title="Jízdy" aria-label="Jízdy">
            <Flex vertical align="center" gap={4}>
              <Progress type="circle" percent={percent(driving)} size={96} format={() => `${driving.done}/${driving.required}`} />
              <Typography.Text>
                Odjeto {doneOfRequired(driving)} <Typography.Text type="secondary">(hodina = 45 minut)</Typography.Text>
              </Typography.Text>
              {driving.prior > 0 && <PriorNote s={driving} />}
            </Flex>
          </Card>
        ) : null}
        {p.theory.length > 0 ? (
          <Card size="small" title="Teorie" aria-label="Teorie">
            <ul className="student-progress__list">
              {p.theory.map((s) => (
                <SectionRow key={s.item} s={s} />
              ))}
            </ul>
          </Card>
        ) : null}
        {otherPractice.length > 0 ? (
          <Card size="small" title="Praktická výuka" aria-label="Praktická výuka">
            <ul className="student-progress__list">
              {otherPractice.map((s) => (
                <SectionRow key={s.item} s={s} />
              ))}
            </ul>
          </Card>
        ) : null}
      </div>
      <Typography.Text type="secondary">Počítají se jen absolvované lekce a jízdy, ne naplánované.</Typography.Text>
    </Flex>
  );
}
