// Tab '2' Výuka of the student card (spec §2): per section (TZBJ, PPV, OUV, ZP, OP, PV-UV, PV-ZP) a progress bar of
// the attended lessons and what remains; each lesson a date (a future one plans it), 'Přítomen' (attended, possible
// once its day has come) with its state 'Naplánováno' / 'Absolvováno', a teacher ('Nevybráno') and an optional topic;
// the default teacher of Výuka; one 'Uložit' that sends the changed lessons only. Rows stack as cards on a phone.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EMPTY_SELECT, TEACHING_SECTION_LABELS } from '@volant/shared/enums';
import { APP_ERRORS, ERROR_TITLES } from '@volant/shared/errors';
import { fullName } from '@volant/shared/format';
import { addDays, schoolToday } from '@volant/shared/school-time';
import { Alert, App, Button, Card, Checkbox, Empty, Flex, Input, Progress, Select, Skeleton, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { schoolOf, useSchoolInput, withSchool } from '../../app/use-school.ts';
import { DayPicker } from '../../components/day-picker.tsx';
import { browserNow } from '../../lib/clock.ts';
import { fromIsoDate, toIsoDate } from '../../lib/form-fields.ts';
import { expectOwnEcho } from '../../lib/live-queries.ts';
import { useIsMobile, useIsPhone } from '../../lib/media.ts';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';
import type { StudentDetail } from '../student/use-student-update.ts';
import { canMarkAttended, changedLessons, type Drafts, editLesson, type LessonValues, sectionProgress, shownValues } from './teaching-tab-rules.ts';
import { DisputeStatus, type StaffDispute, useStudentDisputes } from '../record-dispute/record-dispute-status.tsx';
import { correctionReasonAsked, useCorrectionReason } from '../record-chain/correction-reason.tsx';

type Records = RouterOutputs['teachingLessonRecord']['getTeachingLessonRecords'];
type Section = Records['sections'][number];
type Lesson = Section['lessons'][number];
type Option = { value: string; label: string };

const fill = { width: '100%' } as const;

/** The teacher select's options: 'Nevybráno', the school's teachers, and a former teacher a lesson still names. */
function teacherOptions(teachers: Option[], lesson: Lesson): Option[] {
  const options = [{ value: EMPTY_SELECT, label: 'Nevybráno' }, ...teachers];
  if (lesson.user && !teachers.some((t) => t.value === lesson.user?.id)) options.push({ value: lesson.user.id, label: fullName(lesson.user) });
  return options;
}

interface RowProps {
  section: Section;
  lesson: Lesson;
  values: LessonValues;
  teachers: Option[];
  /** Today in the school's zone: a lesson of a later day can be planned, not attended. */
  today: string;
  onEdit: (lesson: Lesson, patch: Partial<LessonValues>) => void;
}

/** The fields of a lesson, each named by its section and number for screen readers (and tests). */
function lessonFields({ section, lesson, values, teachers, today, onEdit }: RowProps) {
  const name = `${TEACHING_SECTION_LABELS[section.type]} ${lesson.position}`;
  const canAttend = canMarkAttended(values.date, today);
  const attended = Boolean(values.date) && values.attended;
  // A lesson filled from a group lesson's attendance ('Docházka' in Kurzy) changes only there.
  const locked = lesson.fromGroupLesson;
  return {
    date: (
      <DayPicker
        aria-label={`Datum lekce ${name}`}
        disabled={locked}
        placeholder="Datum"
        style={fill}
        // Lessons are planned up to a year ahead.
        latest={addDays(today, 366)}
        value={fromIsoDate(values.date)}
        // A lesson moved to a later day is planned again.
        onChange={(day) => {
          const date = toIsoDate(day) ?? null;
          onEdit(lesson, { date, ...(canMarkAttended(date, today) ? {} : { attended: false }) });
        }}
      />
    ),
    attended: (
      <Flex gap={6} align="center" wrap>
        <Checkbox
          aria-label={`Přítomen na lekci ${name}`}
          checked={attended}
          disabled={locked || (!canAttend && !attended)}
          title={canAttend ? undefined : 'Přítomnost lze zapsat až v den lekce'}
          onChange={(e) => onEdit(lesson, { attended: e.target.checked })}
        >
          Přítomen
        </Checkbox>
        {values.date && !attended && <Tag color="blue">Naplánováno</Tag>}
        {attended && <Tag color="green">Absolvováno</Tag>}
        {locked && <Tag title="Zapsáno z docházky skupinové hodiny; mění se v Kurzech">Kurz</Tag>}
      </Flex>
    ),
    teacher: (
      <Select
        aria-label={`Učitel lekce ${name}`}
        disabled={locked}
        style={fill}
        value={values.userId ?? EMPTY_SELECT}
        options={teacherOptions(teachers, lesson)}
        onChange={(v: string) => onEdit(lesson, { userId: v === EMPTY_SELECT ? null : v })}
      />
    ),
    topic: (
      <Input
        aria-label={`Téma lekce ${name}`}
        disabled={locked}
        placeholder="Téma (nepovinné)"
        maxLength={500}
        value={values.topic ?? ''}
        onChange={(e) => onEdit(lesson, { topic: e.target.value })}
      />
    ),
  };
}

function SectionCard({
  section,
  drafts,
  teachers,
  today,
  isPhone,
  onEdit,
  disputeOf,
}: {
  section: Section;
  drafts: Drafts;
  teachers: Option[];
  today: string;
  isPhone: boolean;
  onEdit: RowProps['onEdit'];
  /** The student's dispute of the lesson ('Rozporováno' / 'Vyřešeno'), if any. */
  disputeOf: (lesson: Lesson) => StaffDispute | undefined;
}) {
  const label = TEACHING_SECTION_LABELS[section.type];
  const { percent, text } = sectionProgress(section.done, section.total);
  const fields = (lesson: Lesson) => lessonFields({ section, lesson, values: shownValues(lesson, drafts), teachers, today, onEdit });

  const columns: TableProps<Lesson>['columns'] = [
    { key: 'position', title: '#', width: 48, render: (_, l) => `${l.position}.` },
    { key: 'date', title: 'Datum', width: 170, render: (_, l) => fields(l).date },
    { key: 'attended', title: 'Docházka', width: 200, render: (_, l) => fields(l).attended },
    { key: 'teacher', title: 'Učitel', width: 240, render: (_, l) => fields(l).teacher },
    { key: 'topic', title: 'Téma', render: (_, l) => fields(l).topic },
    ...(section.lessons.some((l) => disputeOf(l))
      ? [{ key: 'dispute', title: 'Rozpor', width: 200, render: (_: unknown, l: Lesson) => <DisputeStatus dispute={disputeOf(l)} /> }]
      : []),
  ];

  return (
    <Card size="small" title={label} aria-label={`Sekce ${label}`} role="region">
      <Flex vertical gap={8}>
        <div>
          <Progress percent={percent} showInfo={false} aria-label={`Průběh ${label}`} />
          <Flex gap={8} wrap align="center">
            <Typography.Text type={section.done >= section.total ? 'success' : undefined}>{text}</Typography.Text>
            <Typography.Text type="secondary">
              ({section.done}/{section.total})
            </Typography.Text>
            {!section.verified && (
              <Tag color="warning" title="Počet lekcí této sekce není v zákonné osnově ověřen; autoškola ho může nastavit v osnově.">
                Neověřený počet lekcí
              </Tag>
            )}
          </Flex>
        </div>
        {section.lessons.length === 0 ? null : isPhone ? (
          <ul className="app-card-list" aria-label={`Lekce ${label}`}>
            {section.lessons.map((lesson) => {
              const f = fields(lesson);
              return (
                <li key={lesson.id} className="app-card-list__item">
                  <Flex vertical gap={6}>
                    <Typography.Text strong>
                      {label} {lesson.position}.
                    </Typography.Text>
                    {f.date}
                    {f.attended}
                    {f.teacher}
                    {f.topic}
                    <DisputeStatus dispute={disputeOf(lesson)} />
                  </Flex>
                </li>
              );
            })}
          </ul>
        ) : (
          <Table<Lesson> size="small" rowKey="id" pagination={false} columns={columns} dataSource={section.lessons} aria-label={`Lekce ${label}`} />
        )}
      </Flex>
    </Card>
  );
}

/** 'Výchozí učitel' of Výuka: prefills the teacher of the lessons that get a date. */
function DefaultTeacher({ studentId, teachers }: { studentId: string; teachers: Option[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const school = useSchoolInput();
  const { notification } = App.useApp();
  const input = withSchool(school, { studentId, type: 'TEACHING' as const });
  const current = useQuery(trpc.studentDefaultTeacher.getDefaultTeacher.queryOptions(input));
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const set = useMutation(
    trpc.studentDefaultTeacher.setDefaultTeacher.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.studentDefaultTeacher.getDefaultTeacher.queryKey({ ...schoolOf(school), studentId, type: 'TEACHING' }), saved);
        setChosen(undefined);
        notification.success({ title: 'Uloženo', description: 'Výchozí učitel byl nastaven' });
      },
      onError: (err) => notification.error({ title: ERROR_TITLES.error, description: describeError(err).message }),
    }),
  );
  const value = chosen ?? current.data?.userId ?? EMPTY_SELECT;
  return (
    <Card size="small" title="Výchozí učitel">
      <Flex gap={8} wrap align="center">
        <Select
          aria-label="Výchozí učitel"
          style={{ minWidth: 220, flex: '1 1 220px', maxWidth: 360 }}
          value={value}
          loading={current.isPending}
          onChange={setChosen}
          options={[{ value: EMPTY_SELECT, label: 'Nevybráno' }, ...teachers]}
        />
        <Button
          loading={set.isPending}
          onClick={() => set.mutate({ ...schoolOf(school), studentId, type: 'TEACHING', userId: value === EMPTY_SELECT ? null : value })}
        >
          Nastavit učitele
        </Button>
      </Flex>
    </Card>
  );
}

export function TeachingTab({ student }: { student: StudentDetail }) {
  const disputeOfRecord = useStudentDisputes(student.id);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const school = useSchoolInput();
  const isPhone = useIsPhone();
  const isMobile = useIsMobile();
  const { message, notification } = App.useApp();
  const studentId = student.id;
  const records = useQuery(trpc.teachingLessonRecord.getTeachingLessonRecords.queryOptions(withSchool(school, { studentId })));
  const teachersQuery = useQuery(trpc.school.getSchoolTeachers.queryOptions(school));
  const defaultTeacher = useQuery(trpc.studentDefaultTeacher.getDefaultTeacher.queryOptions(withSchool(school, { studentId, type: 'TEACHING' as const })));
  const [drafts, setDrafts] = useState<Drafts>({});
  const recordsKey = () => trpc.teachingLessonRecord.getTeachingLessonRecords.queryKey({ ...schoolOf(school), studentId });

  const onError = (err: unknown) => notification.error({ title: ERROR_TITLES.error, description: describeError(err).message });
  // An attended hour unmarked or changed: the server asks for 'Důvod opravy' and the dialog sends it (issue 22 §1).
  const save = useMutation(
    trpc.teachingLessonRecord.updateTeachingLessonRecord.mutationOptions({ onError: (err) => correctionReasonAsked(err) ?? onError(err) }),
  );
  const reason = useCorrectionReason();
  const plan = useMutation(
    trpc.teachingLessonRecord.planTeachingLessons.mutationOptions({
      onSuccess: (saved) => queryClient.setQueryData(recordsKey(), saved),
      onError,
    }),
  );

  if (records.isError) return <Alert type="error" showIcon title="Nastala chyba" description={describeError(records.error).message} />;
  if (!records.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  const data = records.data;

  const teachers: Option[] = (teachersQuery.data ?? []).map((t) => ({ value: t.id, label: fullName(t) }));
  const lessons = data.sections.flatMap((s) => s.lessons);
  const today = schoolToday(browserNow());
  const onEdit = (lesson: Lesson, patch: Partial<LessonValues>) => setDrafts((d) => editLesson(d, lesson, patch, defaultTeacher.data?.userId ?? null));

  const onSave = async () => {
    const changed = changedLessons(lessons, drafts);
    if (changed.length === 0) {
      notification.warning({ title: ERROR_TITLES.warning, description: APP_ERRORS.NO_CHANGES });
      return;
    }
    // The answer is the saved tab: it goes into the cache and the write's own live message is skipped once.
    await reason.send(async (correctionReason) => {
      const cancelEcho = expectOwnEcho(recordsKey());
      try {
        queryClient.setQueryData(recordsKey(), await save.mutateAsync({ ...schoolOf(school), studentId, data: changed, correctionReason }));
        setDrafts({});
        message.success('Uloženo');
      } catch (err) {
        cancelEcho();
        throw err;
      }
    });
  };

  if (!data.planned) {
    const started = student.state !== 'NOT_STARTED' || student.dateOfInProgress !== null;
    return started ? (
      <Alert
        type="info"
        showIcon
        title="Žák zatím nemá osnovu výuky"
        description="Výcvik byl zahájen dříve, než Volant vedl výuku. Lekce podle osnovy lze vytvořit nyní."
        action={
          <Button type="primary" loading={plan.isPending} onClick={() => plan.mutate({ ...schoolOf(school), studentId })}>
            Vytvořit osnovu výuky
          </Button>
        }
      />
    ) : (
      <Alert type="info" showIcon title="Lekce výuky se vytvoří podle osnovy při zahájení výcviku." />
    );
  }

  const sections = data.sections.filter((s) => s.total > 0 || s.lessons.length > 0);
  const dirty = changedLessons(lessons, drafts).length;

  return (
    <Flex vertical gap={12} style={{ minWidth: 0 }}>
      <DefaultTeacher studentId={studentId} teachers={teachers} />
      {sections.length === 0 && <Empty description="Žák nemá žádné lekce výuky" />}
      {sections.map((section) => (
        <SectionCard
          key={section.type}
          section={section}
          drafts={drafts}
          teachers={teachers}
          today={today}
          isPhone={isPhone}
          onEdit={onEdit}
          disputeOf={(l) => disputeOfRecord('LESSON', l.id)}
        />
      ))}
      <Flex
        gap={8}
        align="center"
        justify="flex-end"
        // Always in reach while scrolling the lessons; above the bottom navigation of the mobile layout.
        style={{
          position: 'sticky',
          bottom: isMobile ? 'calc(60px + env(safe-area-inset-bottom))' : 0,
          padding: '8px 0',
          background: 'var(--ant-color-bg-container, #fff)',
          zIndex: 2,
        }}
      >
        {dirty > 0 && <Typography.Text type="secondary">Neuložené změny: {dirty}</Typography.Text>}
        <Button type="primary" loading={save.isPending} onClick={() => onSave().catch(() => undefined)}>
          Uložit
        </Button>
      </Flex>
      {reason.dialog}
    </Flex>
  );
}
