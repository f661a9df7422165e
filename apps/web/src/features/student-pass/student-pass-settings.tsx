// Nastavení → Průkazky (spec §2 settings student-pass): the school's code that every pass link carries, and its
// regeneration, which ends every link shared so far (said before confirming).
import { ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ERROR_TITLES } from '@volant/shared/errors';
import { Alert, App, Button, Card, Flex, Popconfirm, Typography } from 'antd';
import { schoolOf, useMembership, useSchoolInput } from '../../app/use-school.ts';
import { describeError, useTRPC, useTRPCClient } from '../../lib/trpc.ts';
import { withFeedback } from '../../components/feedback-scope.tsx';

function StudentPassSettingsView() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const school = useSchoolInput();
  const { isAdmin } = useMembership();
  const { message } = App.useApp();
  const code = useQuery(trpc.studentPass.getSchoolPassCode.queryOptions(school));
  const regenerate = useMutation({
    mutationFn: () => client.studentPass.regenerateSchoolPassCode.mutate(schoolOf(school)),
    onSuccess: (data) => {
      queryClient.setQueryData(trpc.studentPass.getSchoolPassCode.queryKey(schoolOf(school)), data);
      // Every share dialog's link changed with it.
      void queryClient.invalidateQueries(trpc.student.getStudentPassShareInfo.queryFilter());
      void message.success('Kód byl přegenerován. Studentům pošlete nové odkazy.');
    },
  });

  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Průkazky
      </Typography.Title>
      <Typography.Paragraph style={{ margin: 0 }}>
        Elektronický průkaz žadatele o řidičské oprávnění si student otevře v telefonu bez přihlášení přes odkaz od autoškoly a svůj osobní kód; ukazuje jeho
        jízdy a lekce PV-ÚV a PV-ZP a student ho předkládá při výcviku.
      </Typography.Paragraph>
      <Card title="Kód autoškoly pro průkazky">
        <Flex vertical gap={12} align="flex-start">
          {code.isError ? (
            <Alert type="error" showIcon title={ERROR_TITLES.error} description={describeError(code.error).message} />
          ) : (
            <Typography.Text code style={{ fontSize: 20, letterSpacing: 3 }} data-testid="school-pass-code">
              {code.data?.schoolCode ?? '…'}
            </Typography.Text>
          )}
          <Typography.Text type="secondary">
            Kód je součástí odkazu každé průkazky. Přegenerujte ho, když odkazy unikly nebo je chcete zneplatnit všechny najednou; osobní kódy studentů se
            nemění.
          </Typography.Text>
          <Popconfirm
            title="Přegenerovat kód autoškoly?"
            description="Všechny dosud sdílené odkazy na průkazky přestanou fungovat. Studentům bude potřeba poslat nové."
            okText="Přegenerovat"
            cancelText="Zrušit"
            disabled={!isAdmin}
            onConfirm={() => regenerate.mutateAsync().catch(() => undefined)}
          >
            <Button danger icon={<ReloadOutlined />} disabled={!isAdmin || !code.data} loading={regenerate.isPending}>
              Přegenerovat kód
            </Button>
          </Popconfirm>
          {!isAdmin && <Typography.Text type="secondary">Kód může přegenerovat jen administrátor autoškoly.</Typography.Text>}
          {regenerate.isError && <Alert type="error" showIcon title={ERROR_TITLES.error} description={describeError(regenerate.error).message} />}
        </Flex>
      </Card>
    </Flex>
  );
}

const StudentPassSettings = withFeedback(StudentPassSettingsView);
export default StudentPassSettings;
