// 'Docházka' of one group lesson ('Hodina výuky', issue 20 §3): each student present, absent or not marked, marked by
// the lesson's teacher (or the office) from the lesson's start on — never before. Self-contained (its own query and
// write) so 'Můj den' on the teacher's phone can embed it: <LessonAttendance lessonId=… />; laid out for 375 px.
import { CheckOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TEACHING_SECTION_LABELS } from '@volant/shared/enums';
import { ERROR_TITLES } from '@volant/shared/errors';
import { formatDate, formatTime, fullName } from '@volant/shared/format';
import { schoolDateOf } from '@volant/shared/school-time';
import { Alert, App, Button, Card, Flex, Segmented, Skeleton, Tag, Typography } from 'antd';
import { schoolOf, useSchoolInput, withSchool } from '../../app/use-school.ts';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';
import { correctionReasonAsked, useCorrectionReason } from '../record-chain/correction-reason.tsx';

export type GroupLesson = RouterOutputs['course']['getGroupLesson'];
export type Mark = 'present' | 'absent' | 'none';

export const MARK_OPTIONS: { label: string; value: Mark }[] = [
  { label: 'Přítomen', value: 'present' },
  { label: 'Nepřítomen', value: 'absent' },
  { label: 'Nezapsáno', value: 'none' },
];
export const markOf = (present: boolean | null): Mark => (present === null ? 'none' : present ? 'present' : 'absent');
export const presentOf = (mark: Mark): boolean | null => (mark === 'none' ? null : mark === 'present');

/** 'PPV · 12.3.2026 17:00–18:30' */
export const lessonWhen = (l: Pick<GroupLesson, 'type' | 'startTime' | 'endTime'>) =>
  `${TEACHING_SECTION_LABELS[l.type]} · ${formatDate(schoolDateOf(new Date(l.startTime)))} ${formatTime(l.startTime)}–${formatTime(l.endTime)}`;

export function LessonAttendance({ lessonId }: { lessonId: string }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const queryClient = useQueryClient();
  const { notification, message } = App.useApp();
  const lesson = useQuery(trpc.course.getGroupLesson.queryOptions(withSchool(school, { lessonId })));
  const mark = useMutation(
    trpc.course.markAttendance.mutationOptions({
      onSuccess: (answer) => {
        queryClient.setQueryData(trpc.course.getGroupLesson.queryKey({ ...schoolOf(school), lessonId }), answer);
        void queryClient.invalidateQueries({ queryKey: trpc.course.getCourse.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.teachingLessonRecord.pathKey() });
        message.success({ content: 'Docházka byla uložena', key: 'attendance' });
      },
      // A student marked present and now not: the server asks for 'Důvod opravy', the dialog sends it (issue 22 §1).
      onError: (err) => correctionReasonAsked(err) ?? notification.error({ title: ERROR_TITLES.error, description: describeError(err).message }),
    }),
  );
  const reason = useCorrectionReason();

  if (lesson.isError) return <Alert type="error" showIcon title={describeError(lesson.error).message} />;
  if (!lesson.data) return <Skeleton active />;
  const l = lesson.data;
  const send = (marks: { studentId: string; present: boolean | null }[]) =>
    void reason.send((correctionReason) => mark.mutateAsync({ ...schoolOf(school), lessonId, marks, correctionReason }), { title: 'Oprava docházky' });
  const unmarked = l.students.filter((s) => s.present === null);
  const present = l.students.filter((s) => s.present === true).length;

  return (
    <Card
      size="small"
      title={<span style={{ whiteSpace: 'normal' }}>Docházka · {lessonWhen(l)}</span>}
      styles={{ body: { padding: 12 } }}
      aria-label={`Docházka ${lessonWhen(l)}`}
    >
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{[l.courseName, l.topic, fullName(l.teacher), l.classroom?.name].filter(Boolean).join(' · ')}</Typography.Text>
        {!l.started && <Alert type="info" showIcon title="Docházku lze zapsat až od začátku hodiny." />}
        {l.started && !l.mayMark && <Alert type="info" showIcon title="Docházku může zapsat jen učitel hodiny nebo kancelář autoškoly." />}
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text strong>
            Přítomno {present} z {l.students.length}
          </Typography.Text>
          {l.mayMark && unmarked.length > 0 && (
            <Button icon={<CheckOutlined />} loading={mark.isPending} onClick={() => send(unmarked.map((s) => ({ studentId: s.id, present: true })))}>
              Ostatní přítomni
            </Button>
          )}
        </Flex>
        {l.students.length === 0 && <Typography.Text type="secondary">Na hodině nejsou žádní žáci.</Typography.Text>}
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Žáci na hodině">
          {l.students.map((s) => (
            <li key={s.id} style={{ padding: '8px 0', borderTop: '1px solid var(--ant-color-split)' }}>
              <Flex justify="space-between" align="center" wrap gap={8}>
                <span>
                  <Typography.Text strong>{`${s.lastName} ${s.firstName}`}</Typography.Text>{' '}
                  <Typography.Text type="secondary">{s.registrationNumber}</Typography.Text> {s.extra && <Tag>navíc</Tag>}
                  {s.present === true && <Tag color="success">přítomen</Tag>}
                  {s.present === false && <Tag color="error">nepřítomen</Tag>}
                </span>
                <fieldset aria-label={`Docházka ${s.lastName} ${s.firstName}`} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
                  <Segmented<Mark>
                    size="middle"
                    options={MARK_OPTIONS}
                    value={markOf(s.present)}
                    disabled={!l.mayMark || mark.isPending}
                    onChange={(value) => send([{ studentId: s.id, present: presentOf(value) }])}
                  />
                </fieldset>
              </Flex>
            </li>
          ))}
        </ul>
      </Flex>
      {reason.dialog}
    </Card>
  );
}
