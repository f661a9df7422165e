// The exams section of the student card, tab 1 Údaje (spec §2, §4): per upcoming term a checkbox per group × type;
// enabled only in TO_EXAM, EXAM_CORRECTION or FINISHED; unticking asks first; a type signed up on another term is
// disabled with 'Student je přihlášen už na jiný termín', and so is a part that needs new teaching/training or a new
// training, or a term outside the 12-month window, each with its reason. Above, the exam application deadline
// (legal-cz §7.2) and the 12-month deadline from the first exam; per part its attempts n/max in the current cycle,
// '2. cyklus', 'Nutná nová výuka/výcvik' with 'Zaznamenat novou výuku/výcvik', 'Nutný nový výcvik' (legal-cz §7.4).
// Below, the results with the attempt counter n/max.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ExamType, LicenceGroup } from '@volant/shared/enums';
import { APP_ERRORS, ERROR_TITLES } from '@volant/shared/errors';
import { applicationDeadlineText, EXAM_MESSAGES } from '@volant/shared/exam/rules';
import { formatDate, groupsText } from '@volant/shared/format';
import { schoolToday } from '@volant/shared/school-time';
import { Alert, App, Button, Card, Checkbox, Flex, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { schoolOf, useSchoolInput, withSchool } from '../../app/use-school.ts';
import { browserNow } from '../../lib/clock.ts';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';
import { attemptText, CycleTag, ResultTag } from './exam-labels.tsx';
import { RetrainingDrawer, type RetrainingPart } from './retraining-drawer.tsx';

type StudentExams = RouterOutputs['exam']['getStudentExams'];
type Term = RouterOutputs['exam']['exams'][number];
type Part = StudentExams['parts'][number];

/** Why the part cannot be signed up for on the term, or null (legal-cz §7.4 and the spec's hints). */
export function signUpHint(data: StudentExams, part: Part | undefined, term: Pick<Term, 'id' | 'date'>): string | null {
  if (!data.canSignUp) return EXAM_MESSAGES.notFinishedHint;
  if (!part) return null;
  if (part.openExamId && part.openExamId !== term.id) return EXAM_MESSAGES.signedElsewhere;
  if (part.passed) return APP_ERRORS.EXAM_ALREADY_PASSED;
  if (part.newTrainingNeeded) return EXAM_MESSAGES.newTraining;
  if (part.retrainingNeeded) return EXAM_MESSAGES.retraining;
  if (data.deadline?.passed) return EXAM_MESSAGES.windowPassed;
  if (data.deadline && term.date > data.deadline.deadline) return APP_ERRORS.EXAM_TERM_AFTER_WINDOW;
  if (part.retrainedOn && term.date < part.retrainedOn) return APP_ERRORS.EXAM_TERM_BEFORE_RETRAINING;
  return null;
}

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
    const hint = here ? null : signUpHint(data, part, term);
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
    return hint ? (
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

/** Per part: the attempts of the current cycle n/max, the cycle, and what the law needs next. */
function PartRow({ part, data, onRetrain }: { part: Part; data: StudentExams; onRetrain: (p: RetrainingPart) => void }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const { notification } = App.useApp();
  const remove = useMutation(
    trpc.exam.removeRetraining.mutationOptions({
      onError: (err) => notification.error({ title: ERROR_TITLES.error, description: describeError(err).message }),
    }),
  );
  const label = `${part.type} ${groupsText([part.group])}`;
  const retraining = data.retrainings.filter((r) => r.type === part.type && r.group === part.group).at(-1);
  const open = data.signUps.find((s) => s.type === part.type && s.group === part.group && s.result === null);
  return (
    <li className="app-card-list__item" aria-label={`Část ${label}`}>
      <Flex wrap gap={8} align="center" justify="space-between" style={{ rowGap: 6 }}>
        <Flex wrap gap={8} align="center">
          <Typography.Text strong>{label}</Typography.Text>
          {part.passed ? (
            <Tag color="green">Složeno</Tag>
          ) : (
            <span>{open ? `Přihlášen, pokus ${attemptText(open.attempt, part.max)}` : `Pokusy ${attemptText(part.attempts, part.max)}`}</span>
          )}
          {part.cycle > 1 && <CycleTag cycle={part.cycle} />}
          {part.retrainingNeeded && <Tag color="orange">{EXAM_MESSAGES.retrainingNeeded}</Tag>}
          {part.newTrainingNeeded && (
            <Tooltip title="Po novém výcviku vraťte žáka do stavu Probíhající; zkoušky pak začínají znovu.">
              <Tag color="red">{EXAM_MESSAGES.newTrainingNeeded}</Tag>
            </Tooltip>
          )}
          {retraining && (
            <Typography.Text type="secondary">
              Nová výuka/výcvik {formatDate(retraining.completedOn)}
              {retraining.note ? ` · ${retraining.note}` : ''}
            </Typography.Text>
          )}
        </Flex>
        {part.retrainingNeeded && (
          <Button size="small" onClick={() => onRetrain({ type: part.type, group: part.group, lastFailDate: part.lastFailDate })}>
            {EXAM_MESSAGES.recordRetraining}
          </Button>
        )}
        {retraining?.removable && (
          <Popconfirm
            title="Odstranit záznam o nové výuce/výcviku?"
            okText="Ano"
            cancelText="Ne"
            onConfirm={() => remove.mutateAsync({ ...schoolOf(school), studentId: data.studentId, id: retraining.id }).catch(() => undefined)}
          >
            <Button size="small" type="link" danger loading={remove.isPending}>
              Odstranit záznam
            </Button>
          </Popconfirm>
        )}
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
  const [retrain, setRetrain] = useState<{ part: RetrainingPart | null; opened: number }>({ part: null, opened: 0 });
  if (data.isError) return <Alert type="error" showIcon title={describeError(data.error).message} />;
  if (!data.data || data.data.state === 'NOT_STARTED' || data.data.state === 'WAITING_FOR_ADMISSION') return null;
  const d = data.data;
  const results = d.signUps.filter((s) => s.result);
  const application = d.applicationDeadline;
  return (
    <Card size="small" title="Zkoušky">
      <Flex vertical gap={12}>
        {!d.canSignUp && <Alert type="info" showIcon title={EXAM_MESSAGES.notFinishedHint} />}
        {application && (
          <Alert
            type={application.passed ? 'error' : application.near ? 'warning' : 'info'}
            showIcon
            title={applicationDeadlineText(application)}
            description={`Výcvik ukončen ${formatDate(application.endDate)}; přihlášku je nutné podat nejpozději 15 dní po ukončení výcviku.`}
          />
        )}
        {d.deadline && (
          <Alert
            type={d.deadline.passed ? 'error' : d.deadline.near ? 'warning' : 'info'}
            showIcon
            title={
              d.deadline.passed
                ? `Lhůta 12 měsíců od první zkoušky (${formatDate(d.deadline.firstExamDate)}) uplynula ${formatDate(d.deadline.deadline)}, žák musí absolvovat nový výcvik.`
                : `Všechny části zkoušky musí žák složit do ${formatDate(d.deadline.deadline)} (12 měsíců od první zkoušky ${formatDate(d.deadline.firstExamDate)}).`
            }
          />
        )}
        {d.parts.some((p) => p.retrainingNeeded) && <Alert type="warning" showIcon title={EXAM_MESSAGES.retraining} />}
        {d.parts.some((p) => p.newTrainingNeeded) && <Alert type="error" showIcon title={EXAM_MESSAGES.newTraining} />}
        {d.canFinish && <Alert type="success" showIcon title="Žák složil všechny části zkoušky." />}
        {d.signUps.length > 0 && (
          <>
            <Typography.Text type="secondary">Části zkoušky</Typography.Text>
            <ul className="app-card-list" aria-label="Části zkoušky">
              {d.parts.map((p) => (
                <PartRow key={`${p.group}-${p.type}`} part={p} data={d} onRetrain={(part) => setRetrain((r) => ({ part, opened: r.opened + 1 }))} />
              ))}
            </ul>
          </>
        )}
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
                  {s.cycle > 1 && <CycleTag cycle={s.cycle} />}
                </Flex>
              </li>
            ))}
          </ul>
        )}
      </Flex>
      <RetrainingDrawer key={retrain.opened} studentId={studentId} part={retrain.part} onClose={() => setRetrain((r) => ({ ...r, part: null }))} />
    </Card>
  );
}
