// /contact: a message to the Volant team.
import { useMutation } from '@tanstack/react-query';
import { contactInput } from '@volant/shared/contact/inputs';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppStore } from '../app/store.ts';
import { FormResult } from '../components/form-result.tsx';
import { PublicLayout } from '../components/public-layout.tsx';
import { showServerErrors, validateForm } from '../lib/form-errors.ts';
import { useTRPC } from '../lib/trpc.ts';

export default function ContactPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const user = useAppStore((s) => s.user);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const send = useMutation(trpc.contact.sendContactMessage.mutationOptions());

  const onFinish = async (values: unknown) => {
    setError(null);
    const input = validateForm(form, contactInput, values);
    if (!input) return;
    try {
      await send.mutateAsync(input);
      setSent(true);
    } catch (e) {
      setError(showServerErrors(form, e));
    }
  };

  if (sent) {
    return (
      <PublicLayout>
        <FormResult
          status="success"
          title="Zpráva byla odeslána"
          subTitle="Děkujeme. Ozveme se vám na zadaný e-mail co nejdříve, obvykle do jednoho pracovního dne."
          onAction={() => navigate(user ? '/app' : '/login')}
        />
      </PublicLayout>
    );
  }

  return (
    <PublicLayout title="Kontaktujte nás">
      <p className="public-page__muted">
        Máte dotaz, návrh nebo problém? Napište nám. Odpovědi na časté otázky najdete také v <Link to="/doc">návodu</Link>.
      </p>
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} disabled={send.isPending} initialValues={{ email: user?.email ?? '' }}>
        <Form.Item label="E-mail" name="email">
          <Input autoComplete="email" inputMode="email" />
        </Form.Item>
        <Form.Item label="Zpráva" name="message">
          <Input.TextArea rows={6} maxLength={1000} showCount />
        </Form.Item>
        {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" block loading={send.isPending}>
          Odeslat zprávu
        </Button>
      </Form>
      <p className="public-page__note">
        <Link to={user ? '/app' : '/login'}>{user ? 'Zpět do aplikace' : 'Zpět na přihlášení'}</Link>
      </p>
    </PublicLayout>
  );
}
