// /school-invite-confirm/:code: an invitation to a school sent by e-mail.
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { reloadUser } from '../app/session.ts';
import { useAppStore } from '../app/store.ts';
import { FormResult } from '../components/form-result.tsx';
import { PublicLayout } from '../components/public-layout.tsx';
import { describeError, useTRPC, useTRPCClient } from '../lib/trpc.ts';

export default function SchoolInviteConfirmPage() {
  const { code = '' } = useParams();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const navigate = useNavigate();
  const user = useAppStore((s) => s.user);
  // Asked by POST: the code travels in the request body, never in a URL that access logs keep.
  const invite = useQuery({
    queryKey: ['schoolInvite.describeInviteByCode', code],
    queryFn: () => client.schoolInvite.describeInviteByCode.mutate({ code }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const apply = useMutation(trpc.schoolInvite.applyInviteByCode.mutationOptions());
  const [error, setError] = useState<string | null>(null);

  if (invite.isPending) {
    return (
      <PublicLayout>
        <div style={{ textAlign: 'center', padding: 32 }}>
          <Spin size="large" />
        </div>
      </PublicLayout>
    );
  }
  if (invite.isError || !invite.data.isPending) {
    const isExpired = invite.data?.isExpired === true;
    return (
      <PublicLayout>
        <FormResult
          status="error"
          title={isExpired ? 'Platnost pozvánky vypršela' : 'Pozvánka je neplatná'}
          subTitle={
            isExpired
              ? 'Pozvánka platí 14 dní od odeslání. Požádejte autoškolu, aby vám ji poslala znovu.'
              : 'Odkaz na pozvánku je neplatný nebo už byla pozvánka přijata či odmítnuta. Požádejte autoškolu o novou pozvánku.'
          }
          actionLabel={user ? 'Pokračovat do aplikace' : 'Přihlásit se'}
          onAction={() => navigate(user ? '/app' : '/login')}
        />
      </PublicLayout>
    );
  }

  const { schoolName, email } = invite.data;
  const isSameEmail = user?.email.toLowerCase() === email.toLowerCase();

  const accept = async () => {
    setError(null);
    try {
      await apply.mutateAsync({ code });
      await reloadUser();
      navigate('/app', { replace: true });
    } catch (e) {
      setError(describeError(e).message);
    }
  };

  return (
    <PublicLayout title="Pozvánka do autoškoly">
      <Typography.Paragraph>
        Autoškola <strong>{schoolName}</strong> vás zve ke spolupráci ve Volantu. Pozvánka je pro e-mail <strong>{email}</strong>.
      </Typography.Paragraph>
      {user ? (
        isSameEmail ? (
          <Space orientation="vertical" style={{ width: '100%' }}>
            {error && <Alert type="error" title={error} showIcon />}
            <Button type="primary" block onClick={accept} loading={apply.isPending}>
              Přijmout pozvánku
            </Button>
            <Link to="/app">Zatím ne, pokračovat do aplikace</Link>
          </Space>
        ) : (
          <Alert
            type="warning"
            showIcon
            title={`Jste přihlášeni jako ${user.email}.`}
            description={`Pozvánku může přijmout jen účet s e-mailem ${email}. Odhlaste se a přihlaste se tímto e-mailem, nebo si s ním založte účet.`}
          />
        )
      ) : (
        <>
          <Typography.Paragraph>
            Pro přijetí pozvánky se přihlaste účtem s e-mailem <strong>{email}</strong>. Pokud účet ještě nemáte, zaregistrujte se s tímto e-mailem. Po
            přihlášení na vás pozvánka počká v aplikaci.
          </Typography.Paragraph>
          <Space wrap>
            <Button type="primary" onClick={() => navigate('/login')}>
              Přihlásit se
            </Button>
            <Button onClick={() => navigate('/register')}>Zaregistrovat se</Button>
          </Space>
        </>
      )}
    </PublicLayout>
  );
}
