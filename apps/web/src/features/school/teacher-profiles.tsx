// Učitelé → the teachers' profiles (spec §3 teacher, legal-cz §8.2): name, degree, birth date, contact, the groups a
// teacher may teach and the teacher-licence expiry. An admin may add a teacher without a login (planned at once); an
// invite to the teacher's e-mail links the account when accepted.
import { CalendarOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type LicenceGroup, STAFF_ROLE_LABELS } from '@volant/shared/enums';
import type { ExpiryState } from '@volant/shared/expiry';
import { formatDate, fullName, groupsText } from '@volant/shared/format';
import { teacherProfileInput } from '@volant/shared/school/inputs';
import { latestBirthDate } from '@volant/shared/validation';
import { Alert, Button, Card, Col, DatePicker, Drawer, Form, Input, List, Row, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { schoolOf, useMembership, useSchoolInput } from '../../app/use-school.ts';
import { mayEditAvailability, TeacherAvailability } from '../availability/teacher-availability.tsx';
import { DayPicker } from '../../components/day-picker.tsx';
import { browserNow } from '../../lib/clock.ts';
import { useFormMutation } from '../../lib/use-form-mutation.ts';
import { teacherQueries } from './school.live.ts';
import { FormDrawer } from '../../components/form-drawer.tsx';
import { clearErrorsOnChange, DATE_FORMAT, fromIsoDate, toIsoDate } from '../../lib/form-fields.ts';
import { useIsPhone } from '../../lib/media.ts';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';
import { LicenceGroupSelect } from '../student/student-fields.tsx';

type Teacher = RouterOutputs['school']['getSchoolTeachers'][number];

interface Values {
  firstName?: string;
  lastName?: string;
  degree?: string | null;
  birthDate?: Dayjs | null;
  phone?: string | null;
  email?: string | null;
  groups?: LicenceGroup[];
  teacherLicenceValidUntil?: Dayjs | null;
}

const LICENCE_TAGS: Record<Exclude<ExpiryState, 'OK'>, { color: string; text: string }> = {
  SOON: { color: 'orange', text: 'Osvědčení brzy vyprší' },
  EXPIRED: { color: 'red', text: 'Osvědčení vypršelo' },
};

function LicenceTag({ state }: { state: ExpiryState | null }) {
  if (!state || state === 'OK') return null;
  const tag = LICENCE_TAGS[state];
  return <Tag color={tag.color}>{tag.text}</Tag>;
}

function toValues(t: Teacher | null): Values {
  if (!t) return { groups: [] };
  return {
    firstName: t.firstName,
    lastName: t.lastName,
    degree: t.degree,
    birthDate: fromIsoDate(t.birthDate),
    phone: t.phone,
    email: t.email,
    groups: t.groups,
    teacherLicenceValidUntil: fromIsoDate(t.teacherLicenceValidUntil),
  };
}

function TeacherDrawer({ open, teacher, onClose }: { open: boolean; teacher: Teacher | null; onClose: () => void }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const [form] = Form.useForm<Values>();
  const create = useMutation(trpc.school.createTeacher.mutationOptions());
  const update = useMutation(trpc.school.updateTeacher.mutationOptions());
  const save = useFormMutation(form, {
    schema: teacherProfileInput(browserNow()),
    send: (input) =>
      teacher ? update.mutateAsync({ ...schoolOf(school), memberId: teacher.id, ...input }) : create.mutateAsync({ ...schoolOf(school), ...input }),
    writes: () => teacherQueries(schoolOf(school).schoolId),
    success: teacher ? 'Učitel byl upraven' : 'Učitel byl přidán',
    onSaved: onClose,
  });
  const onFinish = (values: Values) =>
    save.submit({
      ...values,
      birthDate: toIsoDate(values.birthDate) ?? null,
      teacherLicenceValidUntil: toIsoDate(values.teacherLicenceValidUntil) ?? null,
      groups: values.groups ?? [],
    });

  const col = { xs: 24, sm: 12 } as const;
  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      title={teacher ? 'Upravit učitele' : 'Nový učitel'}
      width={560}
      saving={save.saving}
      onSave={() => form.submit()}
      error={save.error}
    >
      {!teacher && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Učitele lze plánovat hned, i bez přihlašovacího účtu. Pozvánka na jeho e-mail mu později zpřístupní aplikaci."
        />
      )}
      <Form<Values>
        form={form}
        name="teacher"
        layout="vertical"
        initialValues={toValues(teacher)}
        onFinish={onFinish}
        onValuesChange={clearErrorsOnChange(form)}
      >
        <Row gutter={16}>
          <Col {...col}>
            <Form.Item label="Jméno" name="firstName" required>
              <Input />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item label="Příjmení" name="lastName" required>
              <Input />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item label="Titul (volitelné)" name="degree">
              <Input />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item label="Datum narození (volitelné)" name="birthDate">
              <DayPicker latest={latestBirthDate(browserNow())} style={{ width: '100%' }} placeholder="D.M.RRRR" />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item label="Telefon (volitelné)" name="phone">
              <Input inputMode="tel" />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item label="E-mail (volitelné)" name="email">
              <Input inputMode="email" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label="Skupiny" name="groups">
              <LicenceGroupSelect />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item label="Osvědčení učitele platné do" name="teacherLicenceValidUntil">
              <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} placeholder="D.M.RRRR" />
            </Form.Item>
          </Col>
        </Row>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </FormDrawer>
  );
}

/** 'Dostupnost' of one teacher in a drawer: the office edits anyone's, a teacher their own, the others read. */
function AvailabilityDrawer({ teacher, onClose }: { teacher: Teacher | null; onClose: () => void }) {
  const isPhone = useIsPhone();
  const membership = useMembership().data;
  return (
    <Drawer open={!!teacher} onClose={onClose} title={teacher ? `Dostupnost – ${fullName(teacher)}` : ''} size={isPhone ? '100%' : 640} destroyOnHidden>
      {teacher && <TeacherAvailability teacherId={teacher.id} canEdit={mayEditAvailability(membership, teacher.id)} />}
    </Drawer>
  );
}

/** The teachers' profiles card of the Učitelé page; only an admin adds and edits. */
export function TeacherProfiles({ isAdmin }: { isAdmin: boolean }) {
  const trpc = useTRPC();
  const teachers = useQuery(trpc.school.getSchoolTeachers.queryOptions(useSchoolInput()));
  const isPhone = useIsPhone();
  // Each opening mounts a fresh form (`opened` in the key): a form kept from the last teacher would show its values.
  const [drawer, setDrawer] = useState<{ open: boolean; teacher: Teacher | null; opened: number }>({ open: false, teacher: null, opened: 0 });
  const openDrawer = (teacher: Teacher | null) => setDrawer((d) => ({ open: true, teacher, opened: d.opened + 1 }));
  const [availabilityOf, setAvailabilityOf] = useState<Teacher | null>(null);

  return (
    <Card
      title="Učitelé"
      style={{ marginBottom: 16 }}
      extra={
        isAdmin && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openDrawer(null)}>
            Přidat učitele
          </Button>
        )
      }
    >
      {teachers.isError && <Alert type="error" showIcon title={describeError(teachers.error).message} />}
      <List<Teacher>
        aria-label="Učitelé"
        loading={teachers.isPending}
        dataSource={teachers.data ?? []}
        itemLayout={isPhone ? 'vertical' : 'horizontal'}
        locale={{ emptyText: 'Zatím žádní učitelé' }}
        renderItem={(t) => (
          <List.Item
            actions={[
              <Button
                key="availability"
                size="small"
                icon={<CalendarOutlined />}
                aria-label={`Dostupnost – ${fullName(t)}`}
                onClick={() => setAvailabilityOf(t)}
              >
                Dostupnost
              </Button>,
              ...(isAdmin
                ? [
                    <Button key="edit" size="small" icon={<EditOutlined />} aria-label={`Upravit učitele ${fullName(t)}`} onClick={() => openDrawer(t)}>
                      Upravit
                    </Button>,
                  ]
                : []),
            ]}
          >
            <List.Item.Meta
              title={
                <Space wrap size={4}>
                  <span style={{ overflowWrap: 'anywhere' }}>{fullName(t)}</span>
                  <Tag>{STAFF_ROLE_LABELS[t.role]}</Tag>
                  {!t.hasLogin && <Tag color="default">Bez přístupu</Tag>}
                  <LicenceTag state={t.licenceState} />
                </Space>
              }
              description={
                <Space orientation="vertical" size={0} style={{ overflowWrap: 'anywhere' }}>
                  <Typography.Text type="secondary">{`Skupiny: ${t.groups.length ? groupsText(t.groups) : '—'}`}</Typography.Text>
                  {t.teacherLicenceValidUntil && (
                    <Typography.Text type="secondary">{`Osvědčení platné do ${formatDate(t.teacherLicenceValidUntil)}`}</Typography.Text>
                  )}
                  {(t.email || t.phone) && <Typography.Text type="secondary">{[t.email, t.phone].filter(Boolean).join(' · ')}</Typography.Text>}
                </Space>
              }
            />
          </List.Item>
        )}
      />
      <TeacherDrawer
        key={`${drawer.teacher?.id ?? 'new'}-${drawer.opened}`}
        open={drawer.open}
        teacher={drawer.teacher}
        onClose={() => setDrawer((d) => ({ ...d, open: false }))}
      />
      <AvailabilityDrawer teacher={availabilityOf} onClose={() => setAvailabilityOf(null)} />
    </Card>
  );
}
