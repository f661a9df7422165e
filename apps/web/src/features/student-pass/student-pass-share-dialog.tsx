// 'Sdílet průkazku se studentem' (spec §2 Student pass, share dialog): send the pass by e-mail, or give the student a
// new code first and send it; the student's code hidden as ******** until the eye shows it; the pass's link to copy.
// The link carries no code (the dialog's masked code would be plain in it); the e-mail's link carries it in #kod.
import { CopyOutlined, EyeInvisibleOutlined, EyeOutlined, MailOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ERROR_TITLES } from '@volant/shared/errors';
import { STUDENT_PASS_MESSAGES } from '@volant/shared/student-pass/code';
import { Alert, App, Button, Flex, Input, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { schoolOf, useSchoolInput, withSchool } from '../../app/use-school.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { describeError, useTRPC, useTRPCClient } from '../../lib/trpc.ts';

export const SHARE_TITLE = 'Sdílet průkazku se studentem';

export function StudentPassShareDialog({ studentId, open, onClose }: { studentId: string; open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const school = useSchoolInput();
  const { message } = App.useApp();
  const [revealed, setRevealed] = useState(false);
  const info = useQuery({ ...trpc.student.getStudentPassShareInfo.queryOptions(withSchool(school, { studentId })), enabled: open, staleTime: 0 });
  const send = useMutation({
    mutationFn: (generateNew: boolean) => client.student.sendStudentPassInfo.mutate({ ...schoolOf(school), studentId, generateNew }),
    onSuccess: (data) => {
      queryClient.setQueryData(trpc.student.getStudentPassShareInfo.queryKey({ ...schoolOf(school), studentId }), data);
      void message.success(STUDENT_PASS_MESSAGES.sent);
    },
  });

  const link = info.data ? `${window.location.origin}${info.data.path}` : '';
  const hasEmail = !!info.data?.email;
  const copy = () =>
    navigator.clipboard.writeText(link).then(
      () => message.success('Odkaz byl zkopírován'),
      () => message.error('Odkaz se nepodařilo zkopírovat'),
    );

  return (
    <AppModal open={open} onCancel={onClose} title={SHARE_TITLE} footer={null} destroyOnHidden>
      {info.isError ? (
        <Alert type="error" showIcon title={ERROR_TITLES.error} description={describeError(info.error).message} />
      ) : !info.data ? (
        <Typography.Paragraph>Načítání...</Typography.Paragraph>
      ) : (
        <Flex vertical gap={16}>
          <Typography.Paragraph style={{ margin: 0 }}>Student otevře průkazku v telefonu přes odkaz a svůj kód. E-mail obsahuje obojí.</Typography.Paragraph>
          <Flex vertical gap={4}>
            <Typography.Text type="secondary">Kód studenta</Typography.Text>
            <Space>
              <Typography.Text code style={{ fontSize: 16, letterSpacing: 2 }} data-testid="pass-code">
                {revealed ? info.data.studentCode : '********'}
              </Typography.Text>
              <Button
                type="text"
                icon={revealed ? <EyeInvisibleOutlined /> : <EyeOutlined />}
                aria-label={revealed ? 'Skrýt kód' : 'Zobrazit kód'}
                onClick={() => setRevealed((r) => !r)}
              />
            </Space>
          </Flex>
          <Flex vertical gap={4}>
            <Typography.Text type="secondary">Odkaz na průkazku</Typography.Text>
            <Space.Compact style={{ width: '100%' }}>
              <Input readOnly value={link} aria-label="Odkaz na průkazku" onFocus={(e) => e.target.select()} />
              <Button icon={<CopyOutlined />} onClick={copy} aria-label="Kopírovat odkaz" />
            </Space.Compact>
          </Flex>
          <Flex vertical gap={8}>
            {info.data.email && (
              <Typography.Text type="secondary">
                E-mail studenta: <Typography.Text>{info.data.email}</Typography.Text>
              </Typography.Text>
            )}
            <Button
              type="primary"
              icon={<MailOutlined />}
              disabled={!hasEmail}
              loading={send.isPending && send.variables === false}
              onClick={() => send.mutate(false)}
            >
              Odeslat průkazku e-mailem
            </Button>
            <Popconfirm
              title="Přegenerovat kód?"
              description="Dosavadní kód studenta přestane platit."
              okText="Ano"
              cancelText="Zrušit"
              disabled={!hasEmail}
              onConfirm={() => send.mutateAsync(true).catch(() => undefined)}
            >
              <Button icon={<ReloadOutlined />} disabled={!hasEmail} loading={send.isPending && send.variables === true}>
                Přegenerovat kód a odeslat průkazku e-mailem
              </Button>
            </Popconfirm>
            {!hasEmail && <Typography.Text type="warning">{STUDENT_PASS_MESSAGES.noEmail}</Typography.Text>}
            {send.isError && <Alert type="error" showIcon title={ERROR_TITLES.error} description={describeError(send.error).message} />}
          </Flex>
        </Flex>
      )}
    </AppModal>
  );
}
