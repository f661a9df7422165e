// The term's waiting list (issue 22 §3) on /app/exams/detail/:id: after a withdrawal, 'Navrženo: <name>' for the freed
// place with 'Přihlásit' (signs up through the one sign-up path) and 'Přeskočit' (the next ready student); and
// 'Čekatelé': the students the office put on the term and the ready ones, longest waiting first, with why a student is
// not ready. Nothing signs a student up by itself.
import { DeleteOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ERROR_TITLES } from '@volant/shared/errors';
import { formatDate, groupsText } from '@volant/shared/format';
import { Alert, App, Button, Card, Empty, Flex, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { schoolOf, useSchoolInput, withSchool } from '../../app/use-school.ts';
import { describeError, queryClient, type RouterOutputs, trpcOptions, useTRPC } from '../../lib/trpc.ts';

type Waitlist = RouterOutputs['exam']['getWaitlist'];
type Person = { firstName: string; lastName: string; registrationNumber: string | null };
const nameOf = (s: Person) => `${s.lastName} ${s.firstName}${s.registrationNumber ? ` (${s.registrationNumber})` : ''}`;

function useRefresh(examId: string) {
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpcOptions.exam.getWaitlist.queryFilter()),
      queryClient.invalidateQueries(trpcOptions.exam.getExam.queryFilter()),
      queryClient.invalidateQueries(trpcOptions.exam.exams.queryFilter()),
    ]).then(() => examId);
}

function Proposals({ examId, list }: { examId: string; list: Waitlist }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const { message, notification } = App.useApp();
  const refresh = useRefresh(examId);
  const onError = (err: unknown) => {
    notification.error({ title: ERROR_TITLES.error, description: describeError(err).message });
    void refresh();
  };
  const signUp = useMutation(
    trpc.exam.signUpProposed.mutationOptions({
      onError,
      onSuccess: () => {
        message.success('Žák byl přihlášen na termín');
        void refresh();
      },
    }),
  );
  const skip = useMutation(trpc.exam.skipProposed.mutationOptions({ onError, onSuccess: () => void refresh() }));
  if (list.vacancies.length === 0) return null;
  return (
    <Flex vertical gap={8}>
      {list.vacancies.map((v) => (
        <Alert
          key={v.id}
          type="info"
          showIcon
          title={`Uvolněné místo: ${v.type} ${groupsText([v.group])}`}
          description={
            v.proposal ? (
              <Flex wrap gap={8} align="center" justify="space-between">
                <Typography.Text strong>Navrženo: {nameOf(v.proposal)}</Typography.Text>
                <Space wrap>
                  <Button
                    type="primary"
                    loading={signUp.isPending}
                    onClick={() => v.proposal && signUp.mutate({ ...schoolOf(school), vacancyId: v.id, studentId: v.proposal.studentId })}
                  >
                    Přihlásit
                  </Button>
                  <Button
                    loading={skip.isPending}
                    onClick={() => v.proposal && skip.mutate({ ...schoolOf(school), vacancyId: v.id, studentId: v.proposal.studentId })}
                  >
                    Přeskočit
                  </Button>
                </Space>
              </Flex>
            ) : (
              'Žádný připravený žák.'
            )
          }
        />
      ))}
    </Flex>
  );
}

function AddWaiting({ examId }: { examId: string }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const { notification } = App.useApp();
  const [search, setSearch] = useState('');
  const refresh = useRefresh(examId);
  const found = useQuery(
    trpc.student.students.queryOptions(withSchool(school, { fullText: search || undefined, pageSize: 20, sortField: 'lastName', sortDirection: 'asc' })),
  );
  const add = useMutation(
    trpc.exam.addToWaitlist.mutationOptions({
      onError: (err) => notification.error({ title: ERROR_TITLES.error, description: describeError(err).message }),
      onSuccess: () => void refresh(),
    }),
  );
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setSearch }}
      placeholder="Přidat čekatele"
      aria-label="Přidat čekatele"
      value={null}
      loading={add.isPending}
      onChange={(studentId: string | null) => studentId && add.mutate({ ...schoolOf(school), examId, studentId })}
      options={(found.data?.items ?? []).map((s) => ({ value: s.id, label: `${s.lastName} ${s.firstName} (${s.registrationNumber ?? '–'})` }))}
      style={{ width: '100%', maxWidth: 420 }}
    />
  );
}

export function ExamWaitlist({ examId }: { examId: string }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const { notification } = App.useApp();
  const refresh = useRefresh(examId);
  const list = useQuery(trpc.exam.getWaitlist.queryOptions(withSchool(school, { id: examId })));
  const remove = useMutation(
    trpc.exam.removeFromWaitlist.mutationOptions({
      onError: (err) => notification.error({ title: ERROR_TITLES.error, description: describeError(err).message }),
      onSuccess: () => void refresh(),
    }),
  );
  if (list.isError) return <Alert type="error" showIcon title={describeError(list.error).message} />;
  if (!list.data) return null;
  const data = list.data;
  return (
    <>
      <Proposals examId={examId} list={data} />
      <Card size="small" title="Čekatelé">
        <Flex vertical gap={12}>
          <AddWaiting examId={examId} />
          {data.students.length === 0 ? (
            <Empty description="Žádní čekatelé" />
          ) : (
            <ul className="app-card-list" aria-label="Čekatelé">
              {data.students.map((s) => (
                <li key={s.studentId} className="app-card-list__item">
                  <Flex wrap gap={8} align="center" justify="space-between">
                    <Space wrap size={8}>
                      <Link to={`/app/student/${s.studentId}`}>{nameOf(s)}</Link>
                      {s.ready ? <Tag color="green">Připraven</Tag> : <Tag color="orange">Nepřipraven</Tag>}
                      {s.listed && <Tag>Na seznamu</Tag>}
                      {s.waitingSince && <Typography.Text type="secondary">čeká od {formatDate(s.waitingSince)}</Typography.Text>}
                    </Space>
                    {s.listed && (
                      <Button
                        size="small"
                        icon={<DeleteOutlined />}
                        aria-label={`Odebrat čekatele ${nameOf(s)}`}
                        onClick={() => remove.mutate({ ...schoolOf(school), examId, studentId: s.studentId })}
                      >
                        Odebrat
                      </Button>
                    )}
                  </Flex>
                  {s.reason && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {s.reason}
                    </Typography.Text>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Flex>
      </Card>
    </>
  );
}
