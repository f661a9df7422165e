// /reset-password: asks for a link to set a new password.
import { useMutation } from '@tanstack/react-query';
import { resetPasswordInput } from '@volant/shared/user/inputs';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppStore } from '../app/store.ts';
import { FormResult } from '../components/form-result.tsx';
import { PublicLayout } from '../components/public-layout.tsx';
import { showServerErrors, validateForm } from '../lib/form-errors.ts';
import { useTRPC } from '../lib/trpc.ts';

export default function ResetPasswordPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const userEmail = useAppStore((s) => s.user?.email);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useMutation(trpc.user.requestPasswordReset.mutationOptions());

  const onFinish = async (values: unknown) => {
    setError(null);
    const input = validateForm(form, resetPasswordInput, values);
    if (!input) return;
    try {
      await request.mutateAsync(input);
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
          title="Zkontrolujte svůj e-mail"
          subTitle={`Pokud u nás účet s adresou ${sentTo} existuje, poslali jsme na ni odkaz pro nastavení nového hesla. Odkaz platí 1 hodinu.`}
          actionLabel="Zpět na přihlášení"
          onAction={() => navigate('/login')}
        />
      </PublicLayout>
    );
  }

  return (
    <PublicLayout title="Zapomenuté heslo">
      <p className="public-page__muted">Zadejte e-mail svého účtu a my vám pošleme odkaz pro nastavení nového hesla.</p>
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} disabled={request.isPending} initialValues={{ email: userEmail ?? '' }}>
        <Form.Item label="E-mail" name="email">
          <Input autoComplete="email" inputMode="email" />
        </Form.Item>
        {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" block loading={request.isPending}>
          Odeslat odkaz
        </Button>
      </Form>
      <p className="public-page__note">
        <Link to="/login">Zpět na přihlášení</Link>
      </p>
    </PublicLayout>
  );
}
