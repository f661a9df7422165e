// Route /app/courses ('Kurzy', issue 20 §3): the school's courses (a named group of students with its theory
// schedule), 'Nový kurz', and the school's rooms ('Učebny', with their capacity) the lessons are planned in.
import { PlusOutlined } from '@ant-design/icons';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createClassroomInput, createCourseInput } from '@volant/shared/course/inputs';
import { formatDate } from '@volant/shared/format';
import { Alert, Button, Card, DatePicker, Empty, Flex, Form, Input, InputNumber, Table, type TableProps, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { schoolOf, useMembership, useSchoolInput } from '../../app/use-school.ts';
import { CardList } from '../../components/card-list.tsx';
import { FormDrawer } from '../../components/form-drawer.tsx';
import { clearErrorsOnChange, DATE_FORMAT, toIsoDate } from '../../lib/form-fields.ts';
import { useIsPhone } from '../../lib/media.ts';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';
import { useFormMutation } from '../../lib/use-form-mutation.ts';

type Course = RouterOutputs['course']['getCourses'][number];
type Classroom = RouterOutputs['course']['getClassrooms'][number];

function NewCourseDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ name?: string; startDate?: Dayjs | null }>();
  const create = useMutation(trpc.course.createCourse.mutationOptions());
  const save = useFormMutation(form, {
    schema: createCourseInput,
    send: (input) => create.mutateAsync({ ...schoolOf(school), ...input }),
    writes: () => [{ queryKey: trpc.course.getCourses.pathKey() }],
    success: 'Kurz byl vytvořen',
    onSaved: (answer) => navigate(`/app/courses/${answer.id}`),
  });
  return (
    <FormDrawer open={open} onClose={onClose} title="Nový kurz" saving={save.saving} onSave={() => form.submit()} error={save.error}>
      <Form
        form={form}
        name="course"
        layout="vertical"
        onFinish={(v) => save.submit({ name: v.name ?? '', startDate: toIsoDate(v.startDate) ?? '' })}
        onValuesChange={clearErrorsOnChange(form)}
      >
        <Form.Item label="Název kurzu" name="name" required>
          <Input placeholder="např. Kurz B – březen" />
        </Form.Item>
        <Form.Item label="Zahájení" name="startDate" required>
          <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} placeholder="D.M.RRRR" />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </FormDrawer>
  );
}

/** 'Učebny': the rooms with their seats; the office adds and edits them. */
export function Classrooms() {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const queryClient = useQueryClient();
  const { may } = useMembership();
  const rooms = useQuery(trpc.course.getClassrooms.queryOptions(school));
  const [editing, setEditing] = useState<Classroom | 'new' | null>(null);
  const [form] = Form.useForm<{ name?: string; capacity?: number | null }>();
  const create = useMutation(trpc.course.createClassroom.mutationOptions());
  const update = useMutation(trpc.course.updateClassroom.mutationOptions());
  const save = useFormMutation(form, {
    schema: createClassroomInput,
    send: (input) =>
      editing && editing !== 'new'
        ? update.mutateAsync({ ...schoolOf(school), classroomId: editing.id, ...input })
        : create.mutateAsync({ ...schoolOf(school), ...input }),
    writes: () => [{ queryKey: trpc.course.getClassrooms.pathKey() }],
    success: 'Učebna byla uložena',
    onSaved: () => {
      setEditing(null);
      void queryClient.invalidateQueries({ queryKey: trpc.course.pathKey() });
    },
  });
  const open = (room: Classroom | 'new') => {
    form.setFieldsValue(room === 'new' ? { name: '', capacity: null } : { name: room.name, capacity: room.capacity });
    setEditing(room);
  };
  return (
    <Card
      size="small"
      title="Učebny"
      extra={
        may('course.createClassroom') && (
          <Button icon={<PlusOutlined />} onClick={() => open('new')}>
            Přidat učebnu
          </Button>
        )
      }
    >
      {(rooms.data ?? []).length === 0 ? (
        <Empty description="Žádné učebny" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Flex wrap gap={8}>
          {(rooms.data ?? []).map((r) => (
            <Tag
              key={r.id}
              style={{ padding: '4px 8px', cursor: may('course.updateClassroom') ? 'pointer' : undefined }}
              onClick={() => may('course.updateClassroom') && open(r)}
            >
              {r.name} · {r.capacity} míst
            </Tag>
          ))}
        </Flex>
      )}
      <FormDrawer
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Nová učebna' : 'Upravit učebnu'}
        saving={save.saving}
        onSave={() => form.submit()}
        error={save.error}
      >
        <Form
          form={form}
          name="classroom"
          layout="vertical"
          onFinish={(v) => save.submit({ name: v.name ?? '', capacity: v.capacity ?? undefined })}
          onValuesChange={clearErrorsOnChange(form)}
        >
          <Form.Item label="Název učebny" name="name" required>
            <Input placeholder="např. Učebna 1" />
          </Form.Item>
          <Form.Item label="Kapacita (míst)" name="capacity" required>
            <InputNumber min={1} max={500} style={{ width: '100%' }} />
          </Form.Item>
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      </FormDrawer>
    </Card>
  );
}

export function CoursesList() {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const isPhone = useIsPhone();
  const { may } = useMembership();
  const list = useQuery(trpc.course.getCourses.queryOptions(school));
  const [drawer, setDrawer] = useState({ open: false, opened: 0 });
  const courses = list.data ?? [];
  const state = (c: Course) => (c.ended ? <Tag>Ukončen</Tag> : <Tag color="green">Probíhá</Tag>);
  const open = (c: Course) => (
    <Link to={`/app/courses/${c.id}`} aria-label={`Detail kurzu ${c.name}`}>
      Detail
    </Link>
  );
  const columns: TableProps<Course>['columns'] = [
    { key: 'name', title: 'Název', render: (_, c) => <Typography.Text strong>{c.name}</Typography.Text> },
    { key: 'startDate', title: 'Zahájení', render: (_, c) => formatDate(c.startDate) },
    { key: 'students', title: 'Žáků', render: (_, c) => c.students },
    { key: 'lessons', title: 'Hodin výuky', render: (_, c) => c.lessons },
    { key: 'state', title: 'Stav', render: (_, c) => state(c) },
    { key: 'open', title: '', align: 'right', render: (_, c) => open(c) },
  ];
  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Kurzy
        </Typography.Title>
        {may('course.createCourse') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer((d) => ({ open: true, opened: d.opened + 1 }))}>
            Nový kurz
          </Button>
        )}
      </Flex>
      {list.isError && <Alert type="error" showIcon title={describeError(list.error).message} />}
      {isPhone ? (
        <CardList<Course>
          label="Kurzy"
          items={courses}
          rowKey={(c) => c.id}
          title={(c) => c.name}
          actions={open}
          fields={(c) => [
            { label: 'Zahájení', value: formatDate(c.startDate) },
            { label: 'Žáků', value: c.students },
            { label: 'Stav', value: state(c) },
          ]}
          emptyText="Žádné kurzy"
        />
      ) : (
        <Table<Course>
          rowKey="id"
          columns={columns}
          dataSource={courses}
          loading={list.isPending && school !== skipToken}
          pagination={courses.length > 20 ? { pageSize: 20 } : false}
          locale={{ emptyText: <Empty description="Žádné kurzy" /> }}
        />
      )}
      <Classrooms />
      <NewCourseDrawer key={drawer.opened} open={drawer.open} onClose={() => setDrawer((d) => ({ ...d, open: false }))} />
    </Flex>
  );
}
