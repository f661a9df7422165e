// 'Přístup žáka' on the student card (issue 19 §1): whether the student has access to 'Můj výcvik' (/zak), since when
// and their last sign-in; 'Pozvat žáka' and 'Zrušit přístup' for the roles the permission table allows.
import { useMutation, useQuery } from '@tanstack/react-query';
import { ERROR_TITLES } from '@volant/shared/errors';
import { formatDate, formatDateTime } from '@volant/shared/format';
import { STUDENT_ACCESS_TEXTS } from '@volant/shared/student-portal/access';
import { App, Button, Flex, Popconfirm, Typography } from 'antd';
import { schoolOf, useMembership, useSchoolInput, withSchool } from '../../app/use-school.ts';
import { describeError, useTRPC } from '../../lib/trpc.ts';

export function StudentAccess({ studentId }: { studentId: string }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const { may } = useMembership();
  const { notification, message } = App.useApp();
  const query = useQuery(trpc.studentAccess.getAccess.queryOptions(withSchool(school, { studentId })));
  const onError = (err: unknown) => notification.error({ title: ERROR_TITLES.error, description: describeError(err).message });
  const invite = useMutation(trpc.studentAccess.invite.mutationOptions({ onError }));
  const revoke = useMutation(trpc.studentAccess.revoke.mutationOptions({ onError }));
  const access = query.data;
  if (!access) return null;

  const onInvite = async () => {
    const answer = await invite.mutateAsync({ ...schoolOf(school), studentId });
    // The card follows the write's live message (StudentInfoMessage); refetched here too, for this screen at once.
    void query.refetch();
    message.success(`Pozvánka do Můj výcvik byla odeslána na ${answer.email}`);
  };
  const onRevoke = async () => {
    await revoke.mutateAsync({ ...schoolOf(school), studentId });
    void query.refetch();
    message.success('Přístup žáka byl zrušen');
  };

  const state = access.invitedAt
    ? `Přístup od ${formatDate(access.invitedAt)} · ${access.lastSignInAt ? `poslední přihlášení ${formatDateTime(access.lastSignInAt)}` : 'zatím bez přihlášení'}`
    : 'Bez přístupu do Můj výcvik';

  return (
    <Flex vertical gap={8} data-testid="student-access">
      <Typography.Text>{state}</Typography.Text>
      {!access.email && <Typography.Text type="secondary">{STUDENT_ACCESS_TEXTS.noEmail}</Typography.Text>}
      {/* Without an e-mail there is nothing to do here but fill it in (the line above says so): no disabled button. */}
      <Flex gap={8} wrap hidden={!access.email && !access.invitedAt}>
        {may('studentAccess.invite') && (
          <Button
            type={access.invitedAt ? 'default' : 'primary'}
            disabled={!access.email}
            loading={invite.isPending}
            onClick={() => onInvite().catch(() => undefined)}
          >
            {STUDENT_ACCESS_TEXTS.invite}
          </Button>
        )}
        {may('studentAccess.revoke') && access.invitedAt && (
          <Popconfirm
            title={STUDENT_ACCESS_TEXTS.revoke}
            description="Žák bude ihned odhlášen ze všech zařízení a nový přihlašovací odkaz nedostane. Pokračovat?"
            okText="Ano, zrušit"
            cancelText="Ne"
            okButtonProps={{ danger: true, loading: revoke.isPending }}
            onConfirm={() => onRevoke().catch(() => undefined)}
          >
            <Button danger>{STUDENT_ACCESS_TEXTS.revoke}</Button>
          </Popconfirm>
        )}
      </Flex>
    </Flex>
  );
}
