// /zak, 'Můj výcvik' (issue 19 §1): without a student session, the sign-in by an e-mailed link ('Poslat přihlašovací
// odkaz', one neutral answer); with one, the student's place (portal-layout.tsx). No staff boot and no staff guards
// (guards.ts skipsBoot): a staff session in the same browser changes nothing here, and the other way round. The
// student place has its own tRPC client, token and query cache (student-trpc.ts).
import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { requestStudentLinkInput, STUDENT_LOGIN_TEXTS } from '@volant/shared/student-portal/access';
import { Alert, App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PublicLayout } from '../components/public-layout.tsx';
import { PortalLayout } from '../features/student-portal/portal-layout.tsx';
import { takeSignedOutNotice } from '../features/student-portal/portal-session.ts';
import { getStudentToken, StudentTRPCProvider, studentQueryClient, studentTrpcClient, useStudentTRPC } from '../features/student-portal/student-trpc.ts';
import { describeError } from '../lib/trpc.ts';

function LinkRequest() {
  const trpc = useStudentTRPC();
  const [params] = useSearchParams();
  const [signedOut] = useState(takeSignedOutNotice);
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const request = useMutation(trpc.studentLogin.requestLink.mutationOptions());
  const onSubmit = () => {
    const parsed = requestStudentLinkInput.safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Zadejte platný e-mail');
      return;
    }
    setFieldError(null);
    request.mutate(parsed.data);
  };
  return (
    <PublicLayout title={STUDENT_LOGIN_TEXTS.title}>
      {signedOut && !request.data && <Alert type="warning" showIcon title={STUDENT_LOGIN_TEXTS.signedOut} style={{ marginBottom: 16 }} />}
      <p>Přihlaste se e-mailem, který máte zadaný u autoškoly. Pošleme vám odkaz, kterým se přihlásíte bez hesla.</p>
      <Form layout="vertical" onFinish={onSubmit} requiredMark={false}>
        <Form.Item label={STUDENT_LOGIN_TEXTS.email} htmlFor="zak-email" validateStatus={fieldError ? 'error' : undefined} help={fieldError}>
          <Input id="zak-email" type="email" autoComplete="email" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={request.isPending}>
          {STUDENT_LOGIN_TEXTS.send}
        </Button>
      </Form>
      {request.data && <Alert type="success" showIcon title={request.data.message} style={{ marginTop: 16 }} role="status" />}
      {request.error && <Alert type="error" showIcon title={describeError(request.error).message} style={{ marginTop: 16 }} />}
    </PublicLayout>
  );
}

export default function StudentPortalPage() {
  const navigate = useNavigate();
  const [token, setToken] = useState(getStudentToken);
  const onSignedOut = () => {
    setToken(null);
    navigate('/zak', { replace: true });
  };
  return (
    <QueryClientProvider client={studentQueryClient}>
      <StudentTRPCProvider trpcClient={studentTrpcClient} queryClient={studentQueryClient}>
        {/* antd's App: the place's messages and confirms (App.useApp in the tabs) under the app's theme and locale. */}
        <App component={false}>{token ? <PortalLayout onSignedOut={onSignedOut} /> : <LinkRequest />}</App>
      </StudentTRPCProvider>
    </QueryClientProvider>
  );
}
