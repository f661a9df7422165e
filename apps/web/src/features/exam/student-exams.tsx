// The exams section of the student card, tab 1 Údaje (spec §2, §4): per upcoming term a checkbox per group × type;
// enabled only in TO_EXAM, EXAM_CORRECTION or FINISHED; unticking asks first; a type signed up on another term is
// disabled with 'Student je přihlášen už na jiný termín'. Below, the results with the attempt counter n/max and the
// 12-month deadline from the first exam (legal-cz §7.4).
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ExamType, LicenceGroup } from '@volant/shared/enums';
import { ERROR_TITLES } from '@volant/shared/errors';
import { EXAM_MESSAGES } from '@volant/shared/exam/rules';
import { formatDate, groupsText } from '@volant/shared/format';
import { schoolToday } from '@volant/shared/school-time';
import { Alert, App, Card, Checkbox, Flex, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { schoolOf, useSchoolInput, withSchool } from '../../app/use-school.ts';
import { browserNow } from '../../lib/clock.ts';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';
import { attemptText, ResultTag } from './exam-labels.tsx';

type StudentExams = RouterOutputs['exam']['getStudentExams'];
type Term = RouterOutputs['exam']['exams'][number];

function TermRow({ term, data }: { term: Term; data: StudentExams }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const { modal, notification } = App.useApp();
  const change = useMutation(
    trpc.exam.addStudentToExam.mutationOptions({
      onError: (err) => notification.error({ title: ERROR_TITLES.error, description: describeError(err).message }),
    }),
  );
  const base = { ...schoolOf(school), examId: term.id, studentId: data.studentId };
  const groups = [...new Set(data.parts.map((p) => p.group))] as LicenceGroup[];

  const box = (group: LicenceGroup, type: ExamType) => {
    const label = `${type} ${groupsText([group])}`;
    const here = data.signUps.find((s) => s.examId === term.id && s.type === type && s.group === group);
    const part = data.parts.find((p) => p.group === group && p.type === type);
    const elsewhere = !here && !!part?.openExamId && part.openExamId !== term.id;
    const hint = !data.canSignUp
      ? EXAM_MESSAGES.notFinishedHint
      : elsewhere
        ? EXAM_MESSAGES.signedElsewhere
        : part?.retrainingNeeded && !here
          ? EXAM_MESSAGES.retraining
          : part?.passed && !here
            ? 'Tuto část zkoušky žák už složil.'
            : null;
    const disabled = change.isPending || !!here?.result || (!here && hint !== null);
    const onChange = () => {
      if (here) {
        modal.confirm({
          title: EXAM_MESSAGES.confirmSignOff,
          okText: 'Ano',
          cancelText: 'Ne',
          onOk: () => change.mutateAsync({ ...base, toRemoveType: { type, group } }).catch(() => undefined),
        });
      } else change.mutate({ ...base, newType: { type, group } });
    };
    const checkbox = (
      <Checkbox key={label} checked={!!here} disabled={disabled} onChange={onChange} aria-label={`${label} ${formatDate(term.date)}`}>
        {label}
      </Checkbox>
    );
    return hint && !here ? (
      <Tooltip key={label} title={hint}>
        <span>{checkbox}</span>
      </Tooltip>
    ) : (
      checkbox
    );
  };

  return (
    <li className="app-card-list__item" aria-label={`Termín ${formatDate(term.date)}`}>
      <Flex vertical gap={6}>
        <Typography.Text strong>
          <Link to={`/app/exams/detail/${term.id}`}>{formatDate(term.date)}</Link> · {term.place}
        </Typography.Text>
        <Flex wrap gap={12}>
          {groups.flatMap((g) => term.types.filter((t) => data.parts.some((p) => p.group === g && p.type === t)).map((t) => box(g, t)))}
        </Flex>
      </Flex>
    </li>
  );
}

export function StudentExams({ studentId }: { studentId: string }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const today = schoolToday(browserNow());
  const data = useQuery(trpc.exam.getStudentExams.queryOptions(withSchool(school, { studentId })));
  const terms = useQuery(trpc.exam.exams.queryOptions(withSchool(school, { dateGte: today })));
  if (data.isError) return <Alert type="error" showIcon title={describeError(data.error).message} />;
  if (!data.data || data.data.state === 'NOT_STARTED' || data.data.state === 'WAITING_FOR_ADMISSION') return null;
  const d = data.data;
  const results = d.signUps.filter((s) => s.result);
  return (
    <Card size="small" title="Zkoušky">
      <Flex vertical gap={12}>
        {!d.canSignUp && <Alert type="info" showIcon title={EXAM_MESSAGES.notFinishedHint} />}
        {d.deadline && (
          <Alert
            type={d.deadline.passed ? 'error' : d.deadline.near ? 'warning' : 'info'}
            showIcon
            title={`Všechny části zkoušky musí žák složit do ${formatDate(d.deadline.deadline)} (12 měsíců od první zkoušky ${formatDate(d.deadline.firstExamDate)}).`}
          />
        )}
        {d.parts.some((p) => p.retrainingNeeded) && <Alert type="warning" showIcon title={EXAM_MESSAGES.retraining} />}
        {d.canFinish && <Alert type="success" showIcon title="Žák složil všechny části zkoušky." />}
        <Typography.Text type="secondary">Nadcházející termíny</Typography.Text>
        {(terms.data ?? []).length === 0 ? (
          <Typography.Text>Žádné nadcházející termíny</Typography.Text>
        ) : (
          <ul className="app-card-list" aria-label="Nadcházející termíny">
            {(terms.data ?? []).map((t) => (
              <TermRow key={t.id} term={t} data={d} />
            ))}
          </ul>
        )}
        <Typography.Text type="secondary">Výsledky</Typography.Text>
        {results.length === 0 ? (
          <Typography.Text>Zatím žádné výsledky</Typography.Text>
        ) : (
          <ul className="app-card-list" aria-label="Výsledky zkoušek">
            {results.map((s) => (
              <li key={`${s.examId}-${s.type}-${s.group}`} className="app-card-list__item">
                <Flex wrap gap={8} align="center">
                  <Typography.Text strong>
                    {s.type} {groupsText([s.group])}
                  </Typography.Text>
                  <span>{formatDate(s.date)}</span>
                  <ResultTag result={s.result} />
                  <span>Pokus {attemptText(s.attempt, s.max)}</span>
                </Flex>
              </li>
            ))}
          </ul>
        )}
      </Flex>
    </Card>
  );
}
