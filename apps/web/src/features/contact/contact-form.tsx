// The contact form (spec §5: a valid e-mail, a message of 5–1000 characters), on the public /contact page and inline
// on the Support page. The e-mail starts as the signed-in user's.
import { useMutation } from '@tanstack/react-query';
import { contactInput } from '@volant/shared/contact/inputs';
import { Alert, Button, Form, Input } from 'antd';
import { useAppStore } from '../../app/store.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useFormMutation } from '../../lib/use-form-mutation.ts';

export function ContactForm({ onSent, block = true }: { onSent: () => void; block?: boolean }) {
  const trpc = useTRPC();
  const [form] = Form.useForm();
  const user = useAppStore((s) => s.user);
  const send = useMutation(trpc.contact.sendContactMessage.mutationOptions());
  // A message changes nothing the app shows: no cache to update.
  const save = useFormMutation(form, { schema: contactInput, send: (input) => send.mutateAsync(input), onSaved: onSent });

  return (
    <Form form={form} layout="vertical" onFinish={save.submit} requiredMark={false} disabled={save.saving} initialValues={{ email: user?.email ?? '' }}>
      <Form.Item label="E-mail" name="email">
        <Input autoComplete="email" inputMode="email" />
      </Form.Item>
      <Form.Item label="Zpráva" name="message">
        <Input.TextArea rows={6} maxLength={1000} showCount />
      </Form.Item>
      {save.error && <Alert type="error" title={save.error} showIcon style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" block={block} loading={save.saving}>
        Odeslat zprávu
      </Button>
    </Form>
  );
}
