// /register: a new account, confirmed through a link sent by e-mail.
import { useMutation } from '@tanstack/react-query';
import { registerInput } from '@volant/shared/user/inputs';
import { PASSWORD_HINT } from '@volant/shared/validation';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormResult, optional } from '../components/form-result.tsx';
import { PublicLayout } from '../components/public-layout.tsx';
import { showServerErrors, validateForm } from '../lib/form-errors.ts';
import { useTRPC } from '../lib/trpc.ts';

export default function RegisterPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const register = useMutation(trpc.user.register.mutationOptions());

  const onFinish = async (values: unknown) => {
    setError(null);
    const input = validateForm(form, registerInput, values);
    if (!input) return;
    try {
      await register.mutateAsync(input);
      setSentTo(input.email);
    } catch (e) {
      setError(showServerErrors(form, e));
    }
  };

  if (sentTo) {
    return (
      <PublicLayout>
        <FormResult
          status="success"
          title="Registrace proběhla úspěšně"
          subTitle={`Na adresu ${sentTo} jsme poslali e-mail s odkazem. Účet aktivujete kliknutím na odkaz v e-mailu, pak se můžete přihlásit.`}
          actionLabel="Zpět na přihlášení"
          onAction={() => navigate('/login')}
        />
      </PublicLayout>
    );
  }

  return (
    <PublicLayout title="Registrace">
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} disabled={register.isPending}>
        <Form.Item label="E-mail" name="email">
          <Input autoComplete="email" inputMode="email" />
        </Form.Item>
        <Form.Item label="Jméno" name="firstName">
          <Input autoComplete="given-name" />
        </Form.Item>
        <Form.Item label="Příjmení" name="lastName">
          <Input autoComplete="family-name" />
        </Form.Item>
        <Form.Item label={optional('Telefon')} name="phone">
          <Input type="tel" autoComplete="tel" inputMode="tel" />
        </Form.Item>
        <Form.Item label="Heslo" name="password" extra={PASSWORD_HINT}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" block loading={register.isPending}>
          Zaregistrovat se
        </Button>
      </Form>
      <p className="public-page__note">
        Už máte účet? <Link to="/login">Přihlaste se</Link>
      </p>
    </PublicLayout>
  );
}
