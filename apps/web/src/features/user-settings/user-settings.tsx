// Uživatelské Nastavení (issue 11): own profile, password (signs out the other devices), devices, e-mail
// notifications, landing page and calendar view. Each section validates on submit with the procedure's own schema.
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CALENDAR_VIEW_LABELS,
  CALENDAR_VIEWS,
  LANDING_PAGE_LABELS,
  LANDING_PAGES,
  NOTIFICATION_EVENT_LABELS,
  NOTIFICATION_EVENTS,
  type NotificationEvent,
  type StaffRole,
} from '@volant/shared/enums';
import { formatDateTime } from '@volant/shared/format';
import { changePasswordInput, updateProfileInput, userPreferencesInput } from '@volant/shared/user/inputs';
import { PASSWORD_HINT } from '@volant/shared/validation';
import { z } from 'zod';
import { Alert, Button, Card, Checkbox, Col, Form, type FormInstance, Input, List, Popconfirm, Row, Select, Space, Switch, Tag, Typography } from 'antd';
import { useSchoolInput } from '../../app/use-school.ts';
import { reloadUser } from '../../app/session.ts';
import { useMembership } from '../../app/use-school.ts';
import { mayEditAvailability, TeacherAvailability } from '../availability/teacher-availability.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { notify } from '../../lib/antd-static.ts';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';
import { useFormMutation } from '../../lib/use-form-mutation.ts';
import { useActiveSchoolId } from '../../app/use-school.ts';
import { CalendarFeedCard } from './calendar-feed-card.tsx';

type Settings = RouterOutputs['user']['getUserSettings'];

/** The procedure's input and the new password typed again (checked once the input is valid). */
const passwordTwiceInput = changePasswordInput
  .extend({ newPasswordAgain: z.string().optional() })
  .refine((v) => (v.newPasswordAgain ?? '').trim() === v.newPassword, { path: ['newPasswordAgain'], error: 'Hesla se neshodují' });

/** A new submit starts with no messages: those of the last one go. */
function clearErrors(form: FormInstance, values: object) {
  form.setFields(Object.keys(values).map((name) => ({ name, errors: [] })));
}

/** A refusal shows as a notice (the fields get theirs from the hook). */
const notifyRefusal = (e: unknown) => {
  notify.error(describeError(e).message);
  return null;
};

/** Profile and preferences answer with the user's settings: put as they are, and the session's user reloads. */
function useSettingsSave<S extends z.ZodType>(form: FormInstance, schema: S, send: (input: z.output<S>) => Promise<Settings>, success: string) {
  const trpc = useTRPC();
  return useFormMutation(form, {
    schema,
    send,
    puts: (saved) => [{ filter: trpc.user.getUserSettings.queryFilter(), update: () => saved }],
    success,
    onSaved: () => void reloadUser(),
    onRefused: notifyRefusal,
  });
}

function ProfileCard({ settings }: { settings: Settings }) {
  const trpc = useTRPC();
  const [form] = Form.useForm();
  const update = useMutation(trpc.user.updateProfile.mutationOptions());
  const save = useSettingsSave(form, updateProfileInput, (input) => update.mutateAsync(input), 'Profil byl uložen');
  const submit = (values: Record<string, unknown>) => {
    clearErrors(form, values);
    void save.submit(values);
  };
  return (
    <Card title="Profil" style={{ height: '100%' }}>
      <Form form={form} layout="vertical" initialValues={settings} onFinish={submit} requiredMark={false}>
        <Form.Item label="E-mail">
          <Input value={settings.email} disabled />
        </Form.Item>
        <Form.Item name="firstName" label="Jméno">
          <Input autoComplete="given-name" />
        </Form.Item>
        <Form.Item name="lastName" label="Příjmení">
          <Input autoComplete="family-name" />
        </Form.Item>
        <Form.Item name="phone" label="Telefon (volitelné)">
          <Input autoComplete="tel" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.saving}>
          Uložit profil
        </Button>
      </Form>
    </Card>
  );
}

function PasswordCard() {
  const trpc = useTRPC();
  const [form] = Form.useForm();
  const change = useMutation(trpc.user.changePassword.mutationOptions());
  const save = useFormMutation(form, {
    schema: passwordTwiceInput,
    send: ({ currentPassword, newPassword }) => change.mutateAsync({ currentPassword, newPassword }),
    writes: () => [trpc.user.getSessions.pathFilter()],
    success: 'Heslo bylo změněno. Ostatní zařízení byla odhlášena.',
    onSaved: () => form.resetFields(),
    onRefused: (e) => {
      const { message } = describeError(e);
      if (message !== 'Současné heslo není správné.') return notifyRefusal(e);
      form.setFields([{ name: 'currentPassword', errors: [message] }]);
      return null;
    },
  });
  const submit = (values: { currentPassword?: string; newPassword?: string; newPasswordAgain?: string }) => {
    clearErrors(form, values);
    void save.submit(values);
  };
  return (
    <Card title="Změna hesla" style={{ height: '100%' }}>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="currentPassword" label="Současné heslo">
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newPassword" label="Nové heslo" extra={PASSWORD_HINT}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="newPasswordAgain" label="Nové heslo znovu">
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.saving}>
          Změnit heslo
        </Button>
      </Form>
    </Card>
  );
}

function SessionsCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sessions = useQuery(trpc.user.getSessions.queryOptions());
  const signOut = useMutation(trpc.user.signOutOtherSessions.mutationOptions());
  const others = (sessions.data ?? []).filter((s) => !s.isCurrent).length;
  return (
    <Card title="Přihlášená zařízení" style={{ height: '100%' }}>
      {sessions.isError && <Alert type="error" showIcon title={describeError(sessions.error).message} />}
      <List
        loading={sessions.isPending}
        dataSource={sessions.data ?? []}
        renderItem={(s) => (
          <List.Item>
            <Space orientation="vertical" size={0}>
              <Typography.Text>{s.isCurrent ? <Tag color="green">Toto zařízení</Tag> : 'Jiné zařízení'}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                Přihlášeno {formatDateTime(new Date(s.createdAt))} · naposledy aktivní {formatDateTime(new Date(s.lastSeenAt))}
              </Typography.Text>
            </Space>
          </List.Item>
        )}
      />
      <Popconfirm
        title="Odhlásit všechna ostatní zařízení?"
        okText="Odhlásit"
        cancelText="Zrušit"
        onConfirm={async () => {
          try {
            const { count } = await signOut.mutateAsync();
            notify.success(count ? 'Ostatní zařízení byla odhlášena' : 'Žádné jiné zařízení nebylo přihlášeno');
          } catch (e) {
            notify.error(describeError(e).message);
          }
          void queryClient.invalidateQueries(trpc.user.getSessions.pathFilter());
        }}
      >
        <Button danger disabled={others === 0} loading={signOut.isPending}>
          Odhlásit ostatní zařízení
        </Button>
      </Popconfirm>
    </Card>
  );
}

function PreferencesCard({ settings }: { settings: Settings }) {
  const trpc = useTRPC();
  const [form] = Form.useForm();
  const set = useMutation(trpc.user.setPreferences.mutationOptions());
  const save = useSettingsSave(form, userPreferencesInput, (input) => set.mutateAsync(input), 'Nastavení bylo uloženo');
  const events = NOTIFICATION_EVENTS.filter((e) => e !== 'TIER_UPGRADE_REQUEST' || settings.isOperator);
  const submit = (values: { landingPage?: string | null; calendarView?: string | null; emailNotificationEvents?: NotificationEvent[] }) =>
    save.submit({
      landingPage: values.landingPage || null,
      calendarView: values.calendarView || null,
      emailNotificationEvents: values.emailNotificationEvents ?? [],
    });
  return (
    <Card title="Oznámení a výchozí zobrazení">
      <Form form={form} layout="vertical" initialValues={settings} onFinish={submit} requiredMark={false}>
        <Form.Item name="emailNotificationEvents" label="Oznámení, která chci dostávat i e-mailem">
          <Checkbox.Group options={events.map((e) => ({ value: e, label: NOTIFICATION_EVENT_LABELS[e] }))} style={{ display: 'grid', gap: 6 }} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="landingPage" label="Stránka po přihlášení">
              <Select allowClear placeholder="Přehled" options={LANDING_PAGES.map((p) => ({ value: p, label: LANDING_PAGE_LABELS[p] }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="calendarView" label="Výchozí zobrazení kalendáře">
              <Select allowClear placeholder="Týden (v telefonu den)" options={CALENDAR_VIEWS.map((v) => ({ value: v, label: CALENDAR_VIEW_LABELS[v] }))} />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={save.saving}>
          Uložit nastavení
        </Button>
      </Form>
    </Card>
  );
}

/**
 * 'Ranní přehled dne e-mailem' (issue 19 §4): the member's own switch in the active school; at 6:00 the day's rides
 * and lessons come by e-mail (nothing on a day with nothing planned).
 */
function MorningAgendaCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const schoolInput = useSchoolInput();
  const membership = useQuery(trpc.user.getGroupUserSettings.queryOptions(schoolInput));
  const set = useMutation(
    trpc.user.setMorningAgenda.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries(trpc.user.getGroupUserSettings.pathFilter()),
      onError: (e) => notify.error(describeError(e).message),
    }),
  );
  return (
    <Card title="Připomínky e-mailem">
      <Space align="start">
        <Switch
          id="morning-agenda"
          aria-label="Ranní přehled dne e-mailem"
          checked={membership.data?.morningAgenda ?? false}
          loading={membership.isPending || set.isPending}
          disabled={!membership.data}
          onChange={(enabled) => {
            if (schoolInput !== skipToken) set.mutate({ ...schoolInput, enabled });
          }}
        />
        <label htmlFor="morning-agenda">
          <Typography.Text strong>Ranní přehled dne e-mailem</Typography.Text>
          <br />
          <Typography.Text type="secondary">V 6:00 vám přijde seznam dnešních jízd a lekcí (žáci, časy, vozidla). Ve dnech bez plánu nic.</Typography.Text>
        </label>
      </Space>
    </Card>
  );
}

/** The teacher's own Dostupnost (issue 19 §3), for a member who teaches (an assistant has none). */
function OwnAvailabilityCard() {
  const membership = useMembership().data;
  if (!membership || !TEACHING_ROLES.includes(membership.role)) return null;
  return (
    <Col xs={24}>
      <Card title="Dostupnost">
        <Typography.Paragraph type="secondary">
          Pracovní doba, nepřítomnost a obvyklá vozidla. Žáci si mohou rezervovat jízdy jen v pracovní době.
        </Typography.Paragraph>
        <TeacherAvailability teacherId={membership.memberId} canEdit={mayEditAvailability(membership, membership.memberId)} />
      </Card>
    </Col>
  );
}

const TEACHING_ROLES: readonly StaffRole[] = ['ADMIN', 'TEACHER', 'PARAMEDIC'];

export function UserSettings() {
  const trpc = useTRPC();
  const settings = useQuery(trpc.user.getUserSettings.queryOptions());
  const schoolId = useActiveSchoolId();
  if (settings.isPending) return <PageSpinner />;
  if (settings.isError) return <Alert type="error" showIcon title={describeError(settings.error).message} />;
  return (
    <div style={{ maxWidth: 1100 }}>
      <Typography.Title level={2}>Uživatelské Nastavení</Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <ProfileCard settings={settings.data} />
        </Col>
        <Col xs={24} lg={12}>
          <PasswordCard />
        </Col>
        <Col xs={24} lg={12}>
          <SessionsCard />
        </Col>
        <Col xs={24} lg={12}>
          <PreferencesCard settings={settings.data} />
        </Col>
        {schoolId && (
          <Col xs={24} lg={12}>
            <CalendarFeedCard />
          </Col>
        )}
        <Col xs={24} lg={12}>
          <MorningAgendaCard />
        </Col>
        <OwnAvailabilityCard />
      </Row>
    </div>
  );
}
