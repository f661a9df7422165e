// /email-confirm/:code: activates a registered account.
import { useMutation } from '@tanstack/react-query';
import { Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { FormResult } from '../components/form-result.tsx';
import { PublicLayout } from '../components/public-layout.tsx';
import { useTRPC } from '../lib/trpc.ts';

export default function EmailConfirmPage() {
  const { code = '' } = useParams();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const confirm = useMutation(trpc.user.confirmEmail.mutationOptions());
  const sent = useRef<string | null>(null);

  useEffect(() => {
    // The code works once: never send it twice (React may run effects twice in development).
    if (sent.current === code) return;
    sent.current = code;
    confirm.mutate({ code });
  }, [code, confirm.mutate]);

  if (confirm.isSuccess) {
    return (
      <PublicLayout>
        <FormResult
          status="success"
          title="E-mail byl potvrzen"
          subTitle={`Účet ${confirm.data.email} je aktivní. Nyní se můžete přihlásit.`}
          actionLabel="Přihlásit se"
          onAction={() => navigate('/login')}
        />
      </PublicLayout>
    );
  }
  if (confirm.isError) {
    return (
      <PublicLayout>
        <FormResult
          status="error"
          title="Odkaz je neplatný"
          subTitle="Odkaz pro potvrzení e-mailu je neplatný, už byl použit nebo vypršela jeho platnost. Pokud jste účet už aktivovali, stačí se přihlásit."
          extra={
            <>
              <Link to="/login">Přihlásit se</Link> · <Link to="/register">Zaregistrovat se znovu</Link>
            </>
          }
        />
      </PublicLayout>
    );
  }
  return (
    <PublicLayout>
      <div style={{ textAlign: 'center', padding: 32 }}>
        <Spin size="large" />
        <p>Potvrzujeme váš e-mail…</p>
      </div>
    </PublicLayout>
  );
}
