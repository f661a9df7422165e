// Uživatelské Nastavení (issue 11): own profile, password (signs out the other devices), devices, e-mail
// notifications, landing page and calendar view. Each section validates on submit with the procedure's own schema.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CALENDAR_VIEW_LABELS,
  CALENDAR_VIEWS,
  LANDING_PAGE_LABELS,
  LANDING_PAGES,
  NOTIFICATION_EVENT_LABELS,
  NOTIFICATION_EVENTS,
  type NotificationEvent,
} from '@volant/shared/enums';
import { formatDateTime } from '@volant/shared/format';
import { changePasswordInput, updateProfileInput, userPreferencesInput } from '@volant/shared/user/inputs';
import { PASSWORD_HINT } from '@volant/shared/validation';
import { Alert, Button, Card, Checkbox, Col, Form, type FormInstance, Input, List, Popconfirm, Row, Select, Space, Tag, Typography } from 'antd';
import { reloadUser } from '../../app/session.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { notify } from '../../lib/antd-static.ts';
import { showServerErrors, validateForm } from '../../lib/form-errors.ts';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';

type Settings = RouterOutputs['user']['getUserSettings'];

/** A new submit starts with no messages: those of the last one go. */
function clearErrors(form: FormInstance, values: object) {
  form.setFields(Object.keys(values).map((name) => ({ name, errors: [] })));
}

function ProfileCard({ settings }: { settings: Settings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const save = useMutation(trpc.user.updateProfile.mutationOptions());
  const submit = async (values: Record<string, unknown>) => {
    clearErrors(form, values);
    const input = validateForm(form, updateProfileInput, values);
    if (!input) return;
    try {
      const saved = await save.mutateAsync(input);
      queryClient.setQueryData(trpc.user.getUserSettings.queryKey(), saved);
      void reloadUser();
      notify.success('Profil byl uložen');
    } catch (e) {
      notify.error(showServerErrors(form, e));
    }
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
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Uložit profil
        </Button>
      </Form>
    </Card>
  );
}

function PasswordCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const change = useMutation(trpc.user.changePassword.mutationOptions());
  const submit = async (values: { currentPassword?: string; newPassword?: string; newPasswordAgain?: string }) => {
    clearErrors(form, values);
    const input = validateForm(form, changePasswordInput, values);
    if (!input) return;
    if ((values.newPasswordAgain ?? '').trim() !== input.newPassword) {
      form.setFields([{ name: 'newPasswordAgain', errors: ['Hesla se neshodují'] }]);
      return;
    }
    try {
      await change.mutateAsync(input);
      form.resetFields();
      void queryClient.invalidateQueries(trpc.user.getSessions.pathFilter());
      notify.success('Heslo bylo změněno. Ostatní zařízení byla odhlášena.');
    } catch (e) {
      const message = showServerErrors(form, e);
      if (message === 'Současné heslo není správné.') form.setFields([{ name: 'currentPassword', errors: [message] }]);
      else notify.error(message);
    }
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
        <Button type="primary" htmlType="submit" loading={change.isPending}>
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
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const save = useMutation(trpc.user.setPreferences.mutationOptions());
  const events = NOTIFICATION_EVENTS.filter((e) => e !== 'TIER_UPGRADE_REQUEST' || settings.isOperator);
  const submit = async (values: { landingPage?: string | null; calendarView?: string | null; emailNotificationEvents?: NotificationEvent[] }) => {
    const input = validateForm(form, userPreferencesInput, {
      landingPage: values.landingPage || null,
      calendarView: values.calendarView || null,
      emailNotificationEvents: values.emailNotificationEvents ?? [],
    });
    if (!input) return;
    try {
      const saved = await save.mutateAsync(input);
      queryClient.setQueryData(trpc.user.getUserSettings.queryKey(), saved);
      void reloadUser();
      notify.success('Nastavení bylo uloženo');
    } catch (e) {
      notify.error(showServerErrors(form, e));
    }
  };
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
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Uložit nastavení
        </Button>
      </Form>
    </Card>
  );
}

export function UserSettings() {
  const trpc = useTRPC();
  const settings = useQuery(trpc.user.getUserSettings.queryOptions());
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
      </Row>
    </div>
  );
}
