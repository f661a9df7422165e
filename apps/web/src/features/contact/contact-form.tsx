// The contact form (spec §5: a valid e-mail, a message of 5–1000 characters), on the public /contact page and inline
// on the Support page. The e-mail starts as the signed-in user's.
import { useMutation } from '@tanstack/react-query';
import { contactInput } from '@volant/shared/contact/inputs';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useAppStore } from '../../app/store.ts';
import { showServerErrors, validateForm } from '../../lib/form-errors.ts';
import { useTRPC } from '../../lib/trpc.ts';

export function ContactForm({ onSent, block = true }: { onSent: () => void; block?: boolean }) {
  const trpc = useTRPC();
  const [form] = Form.useForm();
  const user = useAppStore((s) => s.user);
  const [error, setError] = useState<string | null>(null);
  const send = useMutation(trpc.contact.sendContactMessage.mutationOptions());

  const onFinish = async (values: unknown) => {
    setError(null);
    const input = validateForm(form, contactInput, values);
    if (!input) return;
    try {
      await send.mutateAsync(input);
      onSent();
    } catch (e) {
      setError(showServerErrors(form, e));
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} disabled={send.isPending} initialValues={{ email: user?.email ?? '' }}>
      <Form.Item label="E-mail" name="email">
        <Input autoComplete="email" inputMode="email" />
      </Form.Item>
      <Form.Item label="Zpráva" name="message">
        <Input.TextArea rows={6} maxLength={1000} showCount />
      </Form.Item>
      {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" block={block} loading={send.isPending}>
        Odeslat zprávu
      </Button>
    </Form>
  );
}
