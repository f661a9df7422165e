// Routes /app/exams/detail/:id (an upcoming term: its sign-ups, signing a student up or off) and
// /app/exams/results/:id (today's or a past term: each student's result per group × type with the attempt counter
// and the cycle; a future term opened here by its address says results wait for the term's day).
import { ArrowLeftOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { EXAM_RESULT_LABELS, EXAM_RESULTS, type ExamResult, type ExamType, type LicenceGroup } from '@volant/shared/enums';
import { ERROR_TITLES } from '@volant/shared/errors';
import { EXAM_MESSAGES, EXAM_SIGN_UP_STATES } from '@volant/shared/exam/rules';
import { formatDate, groupsText } from '@volant/shared/format';
import { schoolToday } from '@volant/shared/school-time';
import { Alert, App, Button, Card, Checkbox, Descriptions, Empty, Flex, Popconfirm, Select, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { schoolOf, useSchoolInput, withSchool } from '../../app/use-school.ts';
import { browserNow } from '../../lib/clock.ts';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';
import { ExamPdfExport } from '../pdf/document-exports.tsx';
import { PrintLinkButton } from '../print/print-link-button.tsx';
import { ExamDrawer } from './exam-drawer.tsx';
import { attemptText, CycleTag, ResultTag } from './exam-labels.tsx';
import { ExamWaitlist } from './exam-waitlist.tsx';

type Exam = RouterOutputs['exam']['getExam'];
type SignUp = Exam['signUps'][number];

/** The term's sign-ups grouped by student. */
function byStudent(signUps: SignUp[]) {
  const map = new Map<string, { student: SignUp; rows: SignUp[] }>();
  for (const s of signUps) {
    const entry = map.get(s.studentId) ?? { student: s, rows: [] };
    entry.rows.push(s);
    map.set(s.studentId, entry);
  }
  return [...map.values()];
}

const studentName = (s: Pick<SignUp, 'firstName' | 'lastName' | 'registrationNumber'>) => `${s.lastName} ${s.firstName} (${s.registrationNumber})`;

function useExam(id: string | undefined) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  return useQuery(trpc.exam.getExam.queryOptions(id ? withSchool(school, { id }) : skipToken));
}

function TermHeader({ exam, title }: { exam: Exam; title: string }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const navigate = useNavigate();
  const { message, notification } = App.useApp();
  const [drawer, setDrawer] = useState({ open: false, opened: 0 });
  const remove = useMutation(
    trpc.exam.removeExam.mutationOptions({
      onSuccess: () => {
        message.success('Termín byl odstraněn');
        navigate('/app/exams');
      },
      onError: (err) => notification.error({ title: ERROR_TITLES.error, description: describeError(err).message }),
    }),
  );
  return (
    <Flex vertical gap={12}>
      <Link to="/app/exams">
        <ArrowLeftOutlined /> Zkoušky
      </Link>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title} {formatDate(exam.date)}
        </Typography.Title>
        <Space wrap>
          <ExamPdfExport examId={exam.id} />
          <PrintLinkButton input={{ kind: 'EXAM', entityId: exam.id }} />
          <Button icon={<EditOutlined />} onClick={() => setDrawer((d) => ({ open: true, opened: d.opened + 1 }))}>
            Upravit termín
          </Button>
          <Popconfirm
            title="Odstranit termín"
            description="Opravdu chcete odstranit termín zkoušky?"
            okText="Ano"
            cancelText="Ne"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync({ ...schoolOf(school), id: exam.id }).catch(() => undefined)}
          >
            <Button danger icon={<DeleteOutlined />}>
              Odstranit termín
            </Button>
          </Popconfirm>
        </Space>
      </Flex>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'place', label: 'Místo', children: exam.place },
          { key: 'types', label: 'Druhy zkoušky', children: exam.types.join(', ') },
          ...(exam.capacity ? [{ key: 'capacity', label: 'Kapacita', children: exam.capacity }] : []),
          ...(exam.note ? [{ key: 'note', label: 'Poznámka', children: exam.note }] : []),
        ]}
      />
      <ExamDrawer key={drawer.opened} open={drawer.open} exam={exam} onClose={() => setDrawer((d) => ({ ...d, open: false }))} />
    </Flex>
  );
}

/** Signs a found student up for the term's types of their groups. */
function AddStudent({ exam }: { exam: Exam }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const { notification } = App.useApp();
  const [search, setSearch] = useState('');
  const [studentId, setStudentId] = useState<string | null>(null);
  const found = useQuery(
    trpc.student.students.queryOptions(
      withSchool(school, { fullText: search || undefined, states: [...EXAM_SIGN_UP_STATES], pageSize: 20, sortField: 'lastName', sortDirection: 'asc' }),
    ),
  );
  const student = found.data?.items.find((s) => s.id === studentId);
  const signUp = useMutation(
    trpc.exam.addStudentToExam.mutationOptions({
      onError: (err) => notification.error({ title: ERROR_TITLES.error, description: describeError(err).message }),
    }),
  );
  const signed = (type: ExamType, group: string) => exam.signUps.some((s) => s.studentId === studentId && s.type === type && s.group === group);
  return (
    <Card size="small" title="Přihlásit žáka">
      <Flex vertical gap={12}>
        <Select
          showSearch={{ filterOption: false, onSearch: setSearch }}
          allowClear
          placeholder="Vyhledat žáka"
          aria-label="Vyhledat žáka"
          value={studentId}
          onChange={(v) => setStudentId(v ?? null)}
          options={(found.data?.items ?? []).map((s) => ({ value: s.id, label: `${s.lastName} ${s.firstName} (${s.registrationNumber})` }))}
          style={{ width: '100%', maxWidth: 420 }}
        />
        {student && (
          <Flex wrap gap={12}>
            {(student.groups as LicenceGroup[]).flatMap((group) =>
              exam.types.map((type) => (
                <Checkbox
                  key={`${group}-${type}`}
                  checked={signed(type, group)}
                  disabled={signUp.isPending || signed(type, group)}
                  onChange={() => signUp.mutate({ ...schoolOf(school), examId: exam.id, studentId: student.id, newType: { type, group } })}
                >
                  {type} {groupsText([group])}
                </Checkbox>
              )),
            )}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}

function SignUpRow({ exam, row, mode }: { exam: Exam; row: SignUp; mode: 'detail' | 'results' }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const { message, notification } = App.useApp();
  const onError = (err: unknown) => notification.error({ title: ERROR_TITLES.error, description: describeError(err).message });
  const signOff = useMutation(trpc.exam.addStudentToExam.mutationOptions({ onError }));
  const setResult = useMutation(
    trpc.exam.setExamResult.mutationOptions({
      onError,
      onSuccess: (r) => {
        if (r.canFinish) message.info('Žák složil všechny části zkoušky, můžete ho převést do stavu Absolvován.');
      },
    }),
  );
  const key = { ...schoolOf(school), examId: exam.id, studentId: row.studentId };
  const label = `${row.type} ${groupsText([row.group])}`;
  return (
    <Flex wrap gap={8} align="center" justify="space-between" style={{ rowGap: 4 }}>
      <Space wrap size={8}>
        <Typography.Text strong>{label}</Typography.Text>
        <span>Pokus {attemptText(row.attempt, row.max)}</span>
        {row.cycle > 1 && <CycleTag cycle={row.cycle} />}
        {mode === 'detail' && <ResultTag result={row.result} />}
      </Space>
      {mode === 'results' ? (
        <Select<ExamResult | null>
          aria-label={`Výsledek ${label} ${row.lastName} ${row.firstName}`}
          placeholder="Výsledek"
          value={row.result}
          style={{ minWidth: 150 }}
          disabled={exam.date > schoolToday(browserNow())}
          loading={setResult.isPending}
          onChange={(result) => setResult.mutate({ ...key, type: row.type, group: row.group, result: result ?? null })}
          options={EXAM_RESULTS.map((r) => ({ value: r, label: EXAM_RESULT_LABELS[r] }))}
        />
      ) : (
        !row.result && (
          <Popconfirm
            title={EXAM_MESSAGES.confirmSignOff}
            okText="Ano"
            cancelText="Ne"
            onConfirm={() => signOff.mutateAsync({ ...key, toRemoveType: { type: row.type, group: row.group } }).catch(() => undefined)}
          >
            <Button size="small">Odhlásit</Button>
          </Popconfirm>
        )
      )}
    </Flex>
  );
}

function TermStudents({ exam, mode }: { exam: Exam; mode: 'detail' | 'results' }) {
  const students = byStudent(exam.signUps);
  if (students.length === 0) return <Empty description="Na termín zatím není přihlášen žádný žák" />;
  return (
    <ul className="app-card-list" aria-label="Přihlášení žáci">
      {students.map(({ student, rows }) => (
        <li key={student.studentId} className="app-card-list__item">
          <Flex vertical gap={8}>
            <Link to={`/app/student/${student.studentId}`}>{studentName(student)}</Link>
            {rows.map((r) => (
              <SignUpRow key={`${r.type}-${r.group}`} exam={exam} row={r} mode={mode} />
            ))}
          </Flex>
        </li>
      ))}
    </ul>
  );
}

export function ExamTermView({ id, mode }: { id: string | undefined; mode: 'detail' | 'results' }) {
  const exam = useExam(id);
  if (exam.isError) return <Alert type="error" showIcon title={describeError(exam.error).message} />;
  if (!exam.data) return <Spin />;
  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      <TermHeader exam={exam.data} title={mode === 'detail' ? 'Termín zkoušky' : 'Výsledky zkoušky'} />
      {mode === 'detail' && <AddStudent exam={exam.data} />}
      {mode === 'results' && exam.data.date > schoolToday(browserNow()) && <Alert type="info" showIcon title={EXAM_MESSAGES.resultTooEarly} />}
      <Card size="small" title={mode === 'detail' ? 'Přihlášení žáci' : 'Výsledky'}>
        <TermStudents exam={exam.data} mode={mode} />
      </Card>
      {mode === 'detail' && <ExamWaitlist examId={exam.data.id} />}
    </Flex>
  );
}
