// Route /app/courses/:id: one course ('Kurz', issue 20 §3) — its students (the school's own, one active course each),
// its group lessons with their attendance, 'Přidat hodinu' with 'Opakovat každý týden do …' (each occurrence checked
// for the teacher, the room and its capacity; the refused ones listed in Czech) and the course's class book PDF.
import { ArrowLeftOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createGroupLessonsInput, updateGroupLessonInput } from '@volant/shared/course/inputs';
import { TEACHING_SECTION_LABELS, TEACHING_SECTIONS } from '@volant/shared/enums';
import { ERROR_TITLES } from '@volant/shared/errors';
import { formatDate, formatTime, fullName } from '@volant/shared/format';
import { CORRECTION_MESSAGES } from '@volant/shared/record-chain/inputs';
import { schoolDateOf } from '@volant/shared/school-time';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Skeleton,
  Table,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { schoolOf, useMembership, useSchoolInput, withSchool } from '../../app/use-school.ts';
import { CardList } from '../../components/card-list.tsx';
import { FormDrawer } from '../../components/form-drawer.tsx';
import { clearErrorsOnChange, DATE_FORMAT, fromIsoDate, toIsoDate } from '../../lib/form-fields.ts';
import { useIsPhone } from '../../lib/media.ts';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';
import { useFormMutation } from '../../lib/use-form-mutation.ts';
import { correctionReasonAsked } from '../record-chain/correction-reason.tsx';
import { PdfExportButton } from '../pdf/pdf-export-button.tsx';
import { type GroupLesson, LessonAttendance } from './lesson-attendance.tsx';

type Course = RouterOutputs['course']['getCourse'];
type Lesson = Course['lessons'][number];
type Created = RouterOutputs['course']['createGroupLessons'];

function AddStudentSelect({ courseId, exclude, onAdded }: { courseId: string; exclude: Set<string>; onAdded: (c: Course) => void }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const { notification, message } = App.useApp();
  const [text, setText] = useState('');
  const [fullText, setFullText] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setFullText(text.trim()), 200);
    return () => clearTimeout(t);
  }, [text]);
  const candidates = useQuery({
    ...trpc.student.students.queryOptions(
      withSchool(school, { fullText: fullText || undefined, states: ['IN_PROGRESS', 'NOT_STARTED'], pageSize: 20, currentPage: 1 }),
    ),
    placeholderData: keepPreviousData,
  });
  const add = useMutation(
    trpc.course.addCourseStudents.mutationOptions({
      onSuccess: (course) => {
        message.success('Žák byl přidán do kurzu');
        onAdded(course);
      },
      onError: (err) => notification.error({ title: ERROR_TITLES.error, description: describeError(err).message }),
    }),
  );
  const options = (candidates.data?.items ?? [])
    .filter((s) => !exclude.has(s.id))
    .map((s) => ({ value: s.id, label: `${fullName(s)} (${s.registrationNumber})` }));
  return (
    <Select<string | null>
      aria-label="Přidat žáka do kurzu"
      placeholder="Přidat žáka (jméno, příjmení, evidenční číslo)"
      value={null}
      options={options}
      showSearch={{ filterOption: false, searchValue: text, onSearch: setText }}
      loading={candidates.isFetching || add.isPending}
      notFoundContent="Žáka kterého hledáte není v systému"
      onChange={(studentId) => studentId && add.mutate({ ...schoolOf(school), courseId, studentIds: [studentId] })}
      style={{ width: '100%', maxWidth: 420 }}
    />
  );
}

/** 'Další žáci': students of the school outside the course who take the lesson too (a make-up). */
function ExtraStudentsSelect({
  value,
  onChange,
  exclude,
  known,
}: {
  value?: string[];
  onChange?: (v: string[]) => void;
  exclude: Set<string>;
  known?: Map<string, string>;
}) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const [text, setText] = useState('');
  const [fullText, setFullText] = useState('');
  const [labels, setLabels] = useState(() => new Map<string, string>(known ?? []));
  useEffect(() => {
    const t = setTimeout(() => setFullText(text.trim()), 200);
    return () => clearTimeout(t);
  }, [text]);
  const candidates = useQuery({
    ...trpc.student.students.queryOptions(
      withSchool(school, { fullText: fullText || undefined, states: ['IN_PROGRESS', 'NOT_STARTED'], pageSize: 20, currentPage: 1 }),
    ),
    placeholderData: keepPreviousData,
  });
  const found = (candidates.data?.items ?? [])
    .filter((s) => !exclude.has(s.id))
    .map((s) => ({ value: s.id, label: `${fullName(s)} (${s.registrationNumber})` }));
  const chosen = (value ?? []).filter((id) => !found.some((o) => o.value === id)).map((id) => ({ value: id, label: labels.get(id) ?? id }));
  return (
    <Select<string[]>
      mode="multiple"
      aria-label="Další žáci"
      placeholder="Žáci mimo kurz (náhrada)"
      value={value ?? []}
      options={[...chosen, ...found]}
      showSearch={{ filterOption: false, searchValue: text, onSearch: setText }}
      loading={candidates.isFetching}
      notFoundContent="Žáka kterého hledáte není v systému"
      onChange={(ids) => {
        setLabels((m) => new Map([...m, ...found.map((o) => [o.value, o.label] as const)]));
        onChange?.(ids);
      }}
    />
  );
}

interface LessonValues {
  extraStudentIds?: string[];
  date?: Dayjs | null;
  startTime?: string;
  units?: number | null;
  teacherId?: string;
  type?: string;
  topic?: string | null;
  classroomId?: string | null;
  repeatUntil?: Dayjs | null;
  /** 'Důvod opravy': asked when the lesson's attended hours change (issue 22 §1). */
  correctionReason?: string | null;
}

function AddLessonDrawer({ course, open, onClose, onCreated }: { course: Course; open: boolean; onClose: () => void; onCreated: (r: Created) => void }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const [form] = Form.useForm<LessonValues>();
  const create = useMutation(trpc.course.createGroupLessons.mutationOptions());
  const save = useFormMutation(form, {
    schema: createGroupLessonsInput,
    send: (input) => create.mutateAsync({ ...schoolOf(school), ...input }),
    writes: () => [{ queryKey: trpc.course.pathKey() }],
    success: (answer) => `Vytvořeno hodin: ${answer.created.length}`,
    onSaved: (answer) => {
      onCreated(answer);
      onClose();
    },
  });
  const onFinish = (v: LessonValues) =>
    save.submit({
      courseId: course.id,
      date: toIsoDate(v.date) ?? '',
      startTime: v.startTime ?? '',
      units: v.units ?? undefined,
      teacherId: v.teacherId ?? '',
      type: v.type,
      topic: v.topic ?? null,
      classroomId: v.classroomId ?? null,
      extraStudentIds: v.extraStudentIds ?? [],
      repeatUntil: toIsoDate(v.repeatUntil) ?? null,
    });
  return (
    <FormDrawer open={open} onClose={onClose} title="Přidat hodinu výuky" saving={save.saving} onSave={() => form.submit()} error={save.error}>
      <Form<LessonValues>
        form={form}
        name="group-lesson"
        layout="vertical"
        initialValues={{ units: 2 }}
        onFinish={onFinish}
        onValuesChange={clearErrorsOnChange(form)}
      >
        <LessonFields exclude={new Set(course.students.map((s) => s.id))} repeat />
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </FormDrawer>
  );
}

/** The fields of a group lesson, shared by 'Přidat hodinu' (with 'Opakovat každý týden do …') and 'Upravit hodinu'. */
function LessonFields({ exclude, repeat, known }: { exclude: Set<string>; repeat: boolean; known?: Map<string, string> }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const teachers = useQuery(trpc.school.getSchoolTeachers.queryOptions(school));
  const rooms = useQuery(trpc.course.getClassrooms.queryOptions(school));
  return (
    <>
      <Form.Item label="Datum" name="date" required>
        <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} placeholder="D.M.RRRR" />
      </Form.Item>
      <Flex gap={12}>
        <Form.Item label="Začátek" name="startTime" required style={{ flex: 1 }}>
          <Input placeholder="17:00" inputMode="numeric" />
        </Form.Item>
        <Form.Item label="Délka (vyučovacích hodin po 45 min)" name="units" required style={{ flex: 1 }}>
          <InputNumber min={1} max={8} style={{ width: '100%' }} />
        </Form.Item>
      </Flex>
      <Form.Item label="Učitel" name="teacherId" required>
        <Select
          placeholder="Vyberte učitele"
          options={(teachers.data ?? []).map((t) => ({ value: t.id, label: fullName(t) }))}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
      <Form.Item label="Oddíl výuky" name="type" required>
        <Select placeholder="Vyberte oddíl" options={TEACHING_SECTIONS.map((s) => ({ value: s, label: TEACHING_SECTION_LABELS[s] }))} />
      </Form.Item>
      <Form.Item label="Téma" name="topic">
        <Input placeholder="např. Pravidla provozu – křižovatky" />
      </Form.Item>
      <Form.Item label="Učebna" name="classroomId">
        <Select allowClear placeholder="Bez učebny" options={(rooms.data ?? []).map((r) => ({ value: r.id, label: `${r.name} (${r.capacity} míst)` }))} />
      </Form.Item>
      <Form.Item label="Další žáci (mimo kurz)" name="extraStudentIds">
        <ExtraStudentsSelect exclude={exclude} known={known} />
      </Form.Item>
      {repeat && (
        <Form.Item label="Opakovat každý týden do …" name="repeatUntil" extra="Volitelné: hodiny se vytvoří ve stejný den v týdnu až do tohoto data.">
          <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} placeholder="D.M.RRRR" />
        </Form.Item>
      )}
    </>
  );
}

/** 'Upravit hodinu': moves or changes one lesson (checked for collisions like a new one; the reminder follows). */
function EditLessonDrawer({ lesson, open, onClose }: { lesson: GroupLesson; open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<LessonValues>();
  const update = useMutation(trpc.course.updateGroupLesson.mutationOptions());
  // The lesson has attendance and its teacher or topic changes the attended hours: the server asks for the reason.
  const [reasonAsked, setReasonAsked] = useState(false);
  const save = useFormMutation(form, {
    onRefused: (err) => {
      if (correctionReasonAsked(err) !== null) setReasonAsked(true);
      return undefined;
    },
    schema: updateGroupLessonInput,
    send: (input) => update.mutateAsync({ ...schoolOf(school), ...input }),
    writes: () => [{ queryKey: trpc.course.pathKey() }],
    success: 'Hodina byla upravena',
    onSaved: (answer) => {
      queryClient.setQueryData(trpc.course.getGroupLesson.queryKey({ ...schoolOf(school), lessonId: lesson.id }), answer);
      onClose();
    },
  });
  const extras = lesson.students.filter((s) => s.extra);
  const start = new Date(lesson.startTime);
  const initialValues: LessonValues = {
    date: fromIsoDate(schoolDateOf(start)),
    startTime: formatTime(start),
    units: lesson.units,
    teacherId: lesson.teacher.id,
    type: lesson.type,
    topic: lesson.topic,
    classroomId: lesson.classroom?.id ?? null,
    extraStudentIds: extras.map((s) => s.id),
  };
  const onFinish = (v: LessonValues) =>
    save.submit({
      lessonId: lesson.id,
      date: toIsoDate(v.date) ?? '',
      startTime: v.startTime ?? '',
      units: v.units ?? undefined,
      teacherId: v.teacherId ?? '',
      type: v.type,
      topic: v.topic ?? null,
      classroomId: v.classroomId ?? null,
      extraStudentIds: v.extraStudentIds ?? [],
      correctionReason: reasonAsked ? (v.correctionReason ?? null) : null,
    });
  return (
    <FormDrawer open={open} onClose={onClose} title="Upravit hodinu výuky" saving={save.saving} onSave={() => form.submit()} error={save.error}>
      <Form<LessonValues>
        form={form}
        name="group-lesson-edit"
        layout="vertical"
        initialValues={initialValues}
        onFinish={onFinish}
        onValuesChange={clearErrorsOnChange(form)}
      >
        <LessonFields
          exclude={new Set(lesson.students.filter((s) => !s.extra).map((s) => s.id))}
          repeat={false}
          known={new Map(extras.map((s) => [s.id, `${s.lastName} ${s.firstName} (${s.registrationNumber})`]))}
        />
        {reasonAsked && (
          <Form.Item
            label="Důvod opravy"
            name="correctionReason"
            rules={[{ required: true, whitespace: true, message: CORRECTION_MESSAGES.lessonReasonRequired }]}
            extra="Hodiny jsou již zapsané jako odučené: změna se zapíše jako oprava s důvodem a původní údaje zůstanou čitelné."
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} />
          </Form.Item>
        )}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </FormDrawer>
  );
}

/** The outcome of the last 'Přidat hodinu': how many were created and which dates were refused, and why. */
function CreatedResult({ result, onClose }: { result: Created; onClose: () => void }) {
  if (result.refused.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      closable={{ onClose }}
      title={`Vytvořeno hodin: ${result.created.length}. Nevytvořeno: ${result.refused.length} (kolize).`}
      description={
        <ul style={{ margin: 0, paddingLeft: 18 }} aria-label="Nevytvořené hodiny">
          {result.refused.map((r) => (
            <li key={r.date}>
              {formatDate(r.date)}: {r.reasons.join('; ')}
            </li>
          ))}
        </ul>
      }
    />
  );
}

const lessonDate = (l: Lesson) => formatDate(schoolDateOf(new Date(l.startTime)));
const lessonTime = (l: Lesson) => `${formatTime(l.startTime)}–${formatTime(l.endTime)}`;

export function CourseDetail({ id }: { id: string }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const queryClient = useQueryClient();
  const isPhone = useIsPhone();
  const { may } = useMembership();
  const { notification, message } = App.useApp();
  const course = useQuery(trpc.course.getCourse.queryOptions(withSchool(school, { courseId: id })));
  const [drawer, setDrawer] = useState({ open: false, opened: 0 });
  const [result, setResult] = useState<Created | null>(null);
  const show = (c: Course) => queryClient.setQueryData(trpc.course.getCourse.queryKey({ ...schoolOf(school), courseId: id }), c);
  const onError = (err: unknown) => notification.error({ title: ERROR_TITLES.error, description: describeError(err).message });
  const remove = useMutation(
    trpc.course.removeCourseStudent.mutationOptions({
      onSuccess: (c) => {
        show(c);
        message.success('Žák byl odebrán z kurzu');
      },
      onError,
    }),
  );
  const setEnded = useMutation(
    trpc.course.setCourseEnded.mutationOptions({
      onSuccess: (c) => {
        show(c);
        void queryClient.invalidateQueries({ queryKey: trpc.course.getCourses.pathKey() });
      },
      onError,
    }),
  );
  const exportBook = useMutation(trpc.pdfFile.requestPdf.mutationOptions());

  if (course.isError) return <Alert type="error" showIcon title={describeError(course.error).message} action={<Link to="/app/courses">Zpět na kurzy</Link>} />;
  if (!course.data) return <Skeleton active />;
  const c = course.data;
  const office = may('course.addCourseStudents');
  type Student = Course['students'][number];
  const removeButton = (s: Student) =>
    office && (
      <Popconfirm
        title="Odebrat žáka z kurzu?"
        okText="Odebrat"
        cancelText="Zrušit"
        onConfirm={() => remove.mutateAsync({ ...schoolOf(school), courseId: c.id, studentId: s.id }).catch(() => undefined)}
      >
        <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Odebrat ${s.lastName} ${s.firstName}`} />
      </Popconfirm>
    );
  const attendanceLink = (l: Lesson) => (
    <Link to={`/app/courses/lesson/${l.id}`} aria-label={`Docházka ${lessonDate(l)} ${lessonTime(l)}`}>
      Docházka
    </Link>
  );
  const attendance = (l: Lesson) => (l.marked === 0 ? <Typography.Text type="secondary">nezapsána</Typography.Text> : `${l.present}/${c.students.length}`);
  const lessonColumns: TableProps<Lesson>['columns'] = [
    { key: 'date', title: 'Datum', render: (_, l) => <Typography.Text strong>{lessonDate(l)}</Typography.Text> },
    { key: 'time', title: 'Čas', render: (_, l) => lessonTime(l) },
    { key: 'type', title: 'Oddíl', render: (_, l) => `${TEACHING_SECTION_LABELS[l.type]} (${l.units}×45 min)` },
    { key: 'topic', title: 'Téma', render: (_, l) => l.topic ?? '' },
    { key: 'teacher', title: 'Učitel', render: (_, l) => fullName(l.teacher) },
    { key: 'room', title: 'Učebna', render: (_, l) => l.classroom?.name ?? '–' },
    { key: 'attendance', title: 'Přítomno', render: (_, l) => attendance(l) },
    { key: 'open', title: '', align: 'right', render: (_, l) => attendanceLink(l) },
  ];
  const studentColumns: TableProps<Student>['columns'] = [
    { key: 'registrationNumber', title: 'Evidenční číslo', render: (_, s) => s.registrationNumber },
    { key: 'name', title: 'Jméno a příjmení', render: (_, s) => <Link to={`/app/student/${s.id}`}>{`${s.lastName} ${s.firstName}`}</Link> },
    { key: 'remove', title: '', align: 'right', render: (_, s) => removeButton(s) },
  ];

  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      <Link to="/app/courses">
        <ArrowLeftOutlined /> Kurzy
      </Link>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {c.name} {c.ended && <Tag>Ukončen</Tag>}
        </Typography.Title>
        <Flex gap={8} wrap>
          <PdfExportButton
            label="Třídní kniha (PDF)"
            document={`Třídní kniha kurzu ${c.name}`}
            request={(clientCode) => exportBook.mutateAsync({ ...schoolOf(school), kind: 'COURSE_CLASS_BOOK', courseId: c.id, clientCode })}
          />
          {may('course.setCourseEnded') && (
            <Popconfirm
              title={c.ended ? 'Znovu otevřít kurz?' : 'Ukončit kurz? Jeho žáci pak mohou do jiného kurzu.'}
              okText={c.ended ? 'Otevřít' : 'Ukončit'}
              cancelText="Zrušit"
              onConfirm={() => setEnded.mutateAsync({ ...schoolOf(school), courseId: c.id, ended: !c.ended }).catch(() => undefined)}
            >
              <Button>{c.ended ? 'Znovu otevřít' : 'Ukončit kurz'}</Button>
            </Popconfirm>
          )}
        </Flex>
      </Flex>
      <Descriptions size="small" column={isPhone ? 1 : 3}>
        <Descriptions.Item label="Zahájení">{formatDate(c.startDate)}</Descriptions.Item>
        <Descriptions.Item label="Žáků">{c.students.length}</Descriptions.Item>
        <Descriptions.Item label="Hodin výuky">{c.lessons.length}</Descriptions.Item>
      </Descriptions>

      <Card
        size="small"
        title={`Hodiny výuky (${c.lessons.length})`}
        extra={
          !c.ended &&
          may('course.createGroupLessons') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer((d) => ({ open: true, opened: d.opened + 1 }))}>
              Přidat hodinu
            </Button>
          )
        }
      >
        <Flex vertical gap={12}>
          {result && <CreatedResult result={result} onClose={() => setResult(null)} />}
          {isPhone ? (
            <CardList<Lesson>
              label="Hodiny výuky"
              items={c.lessons}
              rowKey={(l) => l.id}
              title={(l) => `${lessonDate(l)} ${lessonTime(l)}`}
              actions={attendanceLink}
              fields={(l) => [
                { label: 'Oddíl', value: TEACHING_SECTION_LABELS[l.type] },
                { label: 'Učitel', value: fullName(l.teacher) },
                { label: 'Přítomno', value: attendance(l) },
              ]}
              emptyText="Zatím žádné hodiny"
            />
          ) : (
            <Table<Lesson>
              rowKey="id"
              size="small"
              columns={lessonColumns}
              dataSource={c.lessons}
              pagination={c.lessons.length > 30 ? { pageSize: 30 } : false}
              locale={{ emptyText: <Empty description="Zatím žádné hodiny" /> }}
            />
          )}
        </Flex>
      </Card>

      <Card size="small" title={`Žáci (${c.students.length})`}>
        <Flex vertical gap={12}>
          {office && !c.ended && <AddStudentSelect courseId={c.id} exclude={new Set(c.students.map((s) => s.id))} onAdded={show} />}
          {isPhone ? (
            <CardList<Student>
              label="Žáci kurzu"
              items={c.students}
              rowKey={(s) => s.id}
              title={(s) => `${s.lastName} ${s.firstName}`}
              actions={removeButton}
              fields={(s) => [{ label: 'Evidenční číslo', value: s.registrationNumber }]}
              emptyText="V kurzu nejsou žádní žáci"
            />
          ) : (
            <Table<Student>
              rowKey="id"
              size="small"
              columns={studentColumns}
              dataSource={c.students}
              pagination={false}
              locale={{ emptyText: <Empty description="V kurzu nejsou žádní žáci" /> }}
            />
          )}
        </Flex>
      </Card>
      <AddLessonDrawer key={drawer.opened} course={c} open={drawer.open} onClose={() => setDrawer((d) => ({ ...d, open: false }))} onCreated={setResult} />
    </Flex>
  );
}

/** Route /app/courses/lesson/:id: one lesson's attendance, and for the office or its teacher 'Zrušit hodinu'. */
export function GroupLessonDetail({ id }: { id: string }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const queryClient = useQueryClient();
  const { notification } = App.useApp();
  const lesson = useQuery(trpc.course.getGroupLesson.queryOptions(withSchool(school, { lessonId: id })));
  const [removed, setRemoved] = useState(false);
  const [editing, setEditing] = useState({ open: false, opened: 0 });
  const remove = useMutation(
    trpc.course.removeGroupLesson.mutationOptions({
      onSuccess: () => {
        setRemoved(true);
        void queryClient.invalidateQueries({ queryKey: trpc.course.getCourse.pathKey() });
      },
      onError: (err) => notification.error({ title: ERROR_TITLES.error, description: describeError(err).message }),
    }),
  );
  const courseId = lesson.data?.courseId;
  return (
    <Flex vertical gap={12} style={{ minWidth: 0, maxWidth: 720 }}>
      {courseId && (
        <Link to={`/app/courses/${courseId}`}>
          <ArrowLeftOutlined /> {lesson.data?.courseName}
        </Link>
      )}
      {removed ? (
        <Alert type="success" showIcon title="Hodina byla zrušena." />
      ) : (
        <>
          <LessonAttendance lessonId={id} />
          {lesson.data?.mayEdit && lesson.data.students.every((s) => s.present === null) && (
            <Button style={{ alignSelf: 'flex-start' }} onClick={() => setEditing((e) => ({ open: true, opened: e.opened + 1 }))}>
              Upravit hodinu
            </Button>
          )}
          {lesson.data && (
            <EditLessonDrawer key={editing.opened} lesson={lesson.data} open={editing.open} onClose={() => setEditing((e) => ({ ...e, open: false }))} />
          )}
          {lesson.data?.mayEdit && lesson.data.students.every((s) => s.present === null) && (
            <Popconfirm
              title="Zrušit hodinu? Žáci dostanou jen připomínky platných hodin."
              okText="Zrušit hodinu"
              cancelText="Ne"
              onConfirm={() => remove.mutateAsync({ ...schoolOf(school), lessonId: id }).catch(() => undefined)}
            >
              <Button danger style={{ alignSelf: 'flex-start' }}>
                Zrušit hodinu
              </Button>
            </Popconfirm>
          )}
        </>
      )}
    </Flex>
  );
}
