// /login (also /): e-mail and password; links to reset the password, to register and to help (spec §2).
import { useMutation } from '@tanstack/react-query';
import { APP_ERRORS } from '@volant/shared/errors';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
// Deep imports keep TextArea, Search and OTP (and the antd barrel) out of the login route.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { startSession } from '../app/session.ts';
import { InlineAlert } from '../components/inline-alert.tsx';
import { PublicLayout } from '../components/public-layout.tsx';
import { validateForm } from '../lib/form-errors.ts';
import { describeError, useTRPC } from '../lib/trpc.ts';

interface LoginValues {
  email: string;
  password: string;
}

export default function LoginPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [form] = Form.useForm<LoginValues>();
  const [error, setError] = useState<string | null>(null);
  const login = useMutation(trpc.user.loginUser.mutationOptions());

  const onFinish = async (values: LoginValues) => {
    setError(null);
    // The shared schema (and zod) loads on submit, keeping the login route small.
    const { loginInput } = await import('@volant/shared/validation');
    const input = validateForm(form, loginInput, values);
    if (!input) return;
    try {
      const result = await login.mutateAsync(input);
      if (result.state === 'OK') {
        await startSession(result.token);
        navigate('/app', { replace: true });
      } else if (result.state === 'NOT_ACTIVATED') setError(APP_ERRORS.NOT_ACTIVATED);
      else setError(APP_ERRORS.INVALID_CREDENTIALS);
    } catch (e) {
      const { appCode, message } = describeError(e);
      setError(appCode === 'RATE_LIMITED' ? message : APP_ERRORS.INVALID_CREDENTIALS);
    }
  };

  return (
    <PublicLayout title="Přihlášení">
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} disabled={login.isPending}>
        <Form.Item label="E-mail" name="email">
          <Input autoComplete="username" inputMode="email" autoFocus />
        </Form.Item>
        <Form.Item label="Heslo" name="password" extra={<Link to="/reset-password">Zapomenuté heslo?</Link>}>
          <Password autoComplete="current-password" />
        </Form.Item>
        {error && <InlineAlert>{error}</InlineAlert>}
        <Button type="primary" htmlType="submit" block loading={login.isPending}>
          Přihlásit se
        </Button>
      </Form>
      <p className="public-page__note">
        Nemáte účet? <Link to="/register">Zaregistrujte se</Link>
      </p>
      <p className="public-page__note public-page__muted" style={{ marginTop: 8 }}>
        Potřebujete pomoc? <Link to="/contact">Napište nám</Link> nebo si přečtěte <Link to="/doc">návod</Link>.
      </p>
    </PublicLayout>
  );
}
