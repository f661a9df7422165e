// Učitelé: the teachers' profiles (teacher-profiles.tsx), members of the active school, pending invites, and inviting a
// colleague (admins only).
import { DeleteOutlined, MailOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@volant/shared/enums';
import { formatDate } from '@volant/shared/format';
import { inviteMemberInput } from '@volant/shared/school/inputs';
import { Alert, Button, Card, Form, Input, List, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useActiveSchoolId, useMembership, useSchoolInput } from '../../app/use-school.ts';
import { useAppStore } from '../../app/store.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { notify } from '../../lib/antd-static.ts';
import { useApplyWrite, useFormMutation } from '../../lib/use-form-mutation.ts';
import { useIsPhone } from '../../lib/media.ts';
import { describeError, useTRPC } from '../../lib/trpc.ts';
import { TeacherProfiles } from './teacher-profiles.tsx';
import { teacherQueries } from './school.live.ts';

const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));

function InviteForm({ schoolId }: { schoolId: string }) {
  const trpc = useTRPC();
  const [form] = Form.useForm();
  const invite = useMutation(trpc.school.inviteMember.mutationOptions());
  const save = useFormMutation(form, {
    schema: inviteMemberInput,
    send: (input) => invite.mutateAsync(input),
    // The school's pending invites (no live message names them).
    writes: () => [trpc.school.getPendingInvites.pathFilter()],
    success: (_answer, input) => `Pozvánka byla odeslána na ${input.email}`,
    onSaved: () => form.resetFields(),
  });
  const onFinish = (values: Record<string, unknown>) => save.submit({ ...values, schoolId });

  return (
    <Card title="Pozvat do autoškoly" style={{ marginBottom: 16 }}>
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} disabled={save.saving} initialValues={{ role: 'TEACHER' }}>
        <Form.Item label="E-mail" name="email">
          <Input inputMode="email" />
        </Form.Item>
        <Form.Item label="Role" name="role">
          <Select options={ROLE_OPTIONS} />
        </Form.Item>
        {save.error && <Alert type="error" title={save.error} showIcon style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" icon={<MailOutlined />} loading={save.saving}>
          Odeslat pozvánku
        </Button>
      </Form>
    </Card>
  );
}

function PendingInvites({ schoolId }: { schoolId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invites = useQuery(trpc.school.getPendingInvites.queryOptions({ schoolId }));
  const cancel = useMutation(trpc.school.cancelInvite.mutationOptions());
  const resend = useMutation(trpc.school.resendInvite.mutationOptions());
  // On a phone the actions go under the invite: beside it they squeezed the text into a one-word column.
  const isPhone = useIsPhone();
  if (!invites.data || invites.data.length === 0) return null;

  const onResend = async (inviteId: string, email: string) => {
    try {
      await resend.mutateAsync({ schoolId, inviteId });
      notify.success(`Pozvánka byla znovu odeslána na ${email}`);
    } catch (e) {
      notify.error(describeError(e).message);
    }
    void queryClient.invalidateQueries(trpc.school.getPendingInvites.pathFilter());
  };

  const onCancel = async (inviteId: string) => {
    try {
      await cancel.mutateAsync({ schoolId, inviteId });
      notify.success('Pozvánka byla zrušena');
    } catch (e) {
      notify.error(describeError(e).message);
    }
    void queryClient.invalidateQueries(trpc.school.getPendingInvites.pathFilter());
  };

  return (
    <Card title="Čekající pozvánky" style={{ marginBottom: 16 }}>
      <List
        dataSource={invites.data}
        itemLayout={isPhone ? 'vertical' : 'horizontal'}
        renderItem={(inv) => (
          <List.Item
            actions={[
              <Button
                key="resend"
                size="small"
                icon={<ReloadOutlined />}
                loading={resend.isPending && resend.variables?.inviteId === inv.id}
                onClick={() => onResend(inv.id, inv.email)}
              >
                Poslat znovu
              </Button>,
              <Popconfirm key="cancel" title="Opravdu chcete pozvánku zrušit?" okText="Ano" cancelText="Ne" onConfirm={() => onCancel(inv.id)}>
                <Button size="small">Zrušit pozvánku</Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              title={
                <Space wrap>
                  <span style={{ overflowWrap: 'anywhere' }}>{inv.email}</span>
                  {inv.isExpired && <Tag color="red">Vypršela</Tag>}
                </Space>
              }
              description={`${STAFF_ROLE_LABELS[inv.role as StaffRole] ?? inv.role} · odesláno ${formatDate(inv.createdAt)} · ${
                inv.isExpired ? 'vypršela' : 'platí do'
              } ${formatDate(inv.expiresAt)}`}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

export function TeachersSettings() {
  const trpc = useTRPC();
  const applyWrite = useApplyWrite();
  const schoolId = useActiveSchoolId();
  const myId = useAppStore((s) => s.user?.id);
  const { isAdmin } = useMembership();
  const members = useQuery(trpc.school.getMembers.queryOptions(useSchoolInput()));
  const remove = useMutation(trpc.school.removeMember.mutationOptions());

  if (!schoolId || members.isPending) return <PageSpinner />;
  if (members.isError) return <Alert type="error" showIcon title={describeError(members.error).message} />;

  const onRemove = async (memberId: string) => {
    try {
      await remove.mutateAsync({ schoolId, memberId });
      notify.success('Člen byl z autoškoly odebrán');
    } catch (e) {
      notify.error(describeError(e).message);
    }
    void applyWrite(teacherQueries(schoolId));
  };

  return (
    <div style={{ maxWidth: 880 }}>
      <Typography.Title level={2}>Učitelé a tým</Typography.Title>
      <TeacherProfiles isAdmin={isAdmin} />
      <Card title="Členové autoškoly" style={{ marginBottom: 16 }}>
        <List
          dataSource={members.data}
          renderItem={(m) => (
            <List.Item
              actions={
                isAdmin && m.userId !== myId
                  ? [
                      <Popconfirm
                        key="remove"
                        title={`Opravdu chcete odebrat ${m.firstName} ${m.lastName} z autoškoly?`}
                        okText="Ano"
                        cancelText="Ne"
                        onConfirm={() => onRemove(m.id)}
                      >
                        <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Odebrat ${m.firstName} ${m.lastName}`}>
                          Odebrat
                        </Button>
                      </Popconfirm>,
                    ]
                  : []
              }
            >
              <List.Item.Meta
                title={
                  <Space wrap>
                    {`${m.firstName} ${m.lastName}`}
                    <Tag>{STAFF_ROLE_LABELS[m.role as StaffRole] ?? m.role}</Tag>
                    {m.userId === myId && <Tag color="blue">Vy</Tag>}
                  </Space>
                }
                description={[m.email, m.phone].filter(Boolean).join(' · ') || 'Bez přihlašovacího účtu'}
              />
            </List.Item>
          )}
        />
      </Card>
      {isAdmin ? (
        <>
          <PendingInvites schoolId={schoolId} />
          <InviteForm schoolId={schoolId} />
        </>
      ) : (
        <Alert type="info" showIcon title="Zvát a odebírat členy může jen administrátor autoškoly." />
      )}
    </div>
  );
}
