// 'Cesta ke zkoušce' (issue 22 §3): one student's readiness forecast as the card and the student's place show it —
// what is missing per section, the earliest end of training, the earliest exam term, the warnings (18 months, age),
// and, folded, what the estimate assumed. Always labelled 'Odhad'; 'Nelze odhadnout' names the reason.
import { READINESS_TEXTS } from '@volant/shared/exam-readiness/forecast';
import { formatDate, pluralCs } from '@volant/shared/format';
import { Alert, Card, Collapse, Descriptions, Flex, Tag, Typography } from 'antd';
import type { RouterOutputs } from '../../lib/trpc.ts';

export type StudentForecastData = RouterOutputs['examReadiness']['getStudentForecast'];
type Forecast = NonNullable<StudentForecastData['forecast']>;

const unitText = (n: number, unit: 'lesson' | 'hour') =>
  `${n} ${unit === 'lesson' ? pluralCs(n, ['lekce', 'lekce', 'lekcí']) : pluralCs(n, ['hodina', 'hodiny', 'hodin'])}`;

function sectionLine(s: Forecast['sections'][number]): string {
  const parts = [`chybí ${unitText(s.missing, s.unit)}`];
  if (s.planned > 0) parts.push(`naplánováno ${s.planned}`);
  if (s.placed > 0) parts.push(`odhad doplní ${s.placed}`);
  if (s.metOn) parts.push(`splněno ${formatDate(s.metOn)}`);
  return parts.join(', ');
}

function StatusTag({ f }: { f: Forecast }) {
  if (f.status === 'READY') return <Tag color="green">Připraven ke zkoušce</Tag>;
  if (f.status === 'UNKNOWN') return <Tag color="default">{READINESS_TEXTS.unknown}</Tag>;
  return <Tag color="blue">{READINESS_TEXTS.estimate}</Tag>;
}

export function ReadinessView({ data, you = false }: { data: StudentForecastData /** The student's own place: 'you' wording. */; you?: boolean }) {
  const f = data.forecast;
  if (!f) {
    return (
      <Card size="small" title={READINESS_TEXTS.title}>
        <Typography.Text type="secondary">{you ? 'Nejste ve výcviku.' : READINESS_TEXTS.notInTraining}</Typography.Text>
      </Card>
    );
  }
  const missing = f.sections.filter((s) => s.missing > 0);
  const term = f.examTerm;
  const items = [
    ...(f.trainingEnd ? [{ key: 'end', label: 'Nejdříve konec výcviku', children: <strong>{formatDate(f.trainingEnd)}</strong> }] : []),
    ...(f.earliestExamDate
      ? [
          {
            key: 'exam',
            label: 'Nejdříve zkouška',
            children: term ? (
              <span>
                <strong>{formatDate(term.date)}</strong> · {term.place}
              </span>
            ) : (
              <span>
                {formatDate(f.earliestExamDate)} <Typography.Text type="secondary">(podle zákona; vypsaný termín zatím není)</Typography.Text>
              </span>
            ),
          },
        ]
      : []),
    ...(f.applicationDeadline ? [{ key: 'apply', label: 'Přihlášku ke zkoušce podat do', children: formatDate(f.applicationDeadline) }] : []),
  ];
  return (
    <Card size="small" title={READINESS_TEXTS.title} extra={<StatusTag f={f} />}>
      <Flex vertical gap={12}>
        {f.status === 'READY' ? (
          <Typography.Text>{READINESS_TEXTS.ready}.</Typography.Text>
        ) : (
          <div>
            <Typography.Text strong>Do zákonného rozsahu chybí</Typography.Text>
            <ul aria-label="Chybí do zákonného rozsahu" style={{ margin: '4px 0 0', paddingInlineStart: 18 }}>
              {missing.map((s) => (
                <li key={s.item}>
                  {s.label}: {sectionLine(s)}
                </li>
              ))}
            </ul>
          </div>
        )}
        {f.status === 'UNKNOWN' && (
          <Alert
            type="info"
            showIcon
            title={READINESS_TEXTS.unknown}
            description={
              <ul aria-label="Proč nelze odhadnout" style={{ margin: 0, paddingInlineStart: 18 }}>
                {f.reasons.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            }
          />
        )}
        {items.length > 0 && <Descriptions column={1} size="small" items={items} />}
        {f.warnings.map((w) => (
          <Alert key={w} type="warning" showIcon title={w} />
        ))}
        {f.assumptions.length > 0 && (
          <Collapse
            size="small"
            ghost
            items={[
              {
                key: 'a',
                label: `${READINESS_TEXTS.estimate}: co předpokládá`,
                children: (
                  <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                    {f.placedRides > 0 && <li>Navržené jízdy a lekce ve volných hodinách učitele: {f.placedRides}. Nic z toho není rezervováno.</li>}
                    {f.assumptions.map((a) => (
                      <li key={a}>{a}</li>
                    ))}
                  </ul>
                ),
              },
            ]}
          />
        )}
      </Flex>
    </Card>
  );
}
