// /reset-password-confirm/:code: sets a new password from the e-mailed link.
import { useMutation } from '@tanstack/react-query';
import { APP_ERRORS } from '@volant/shared/errors';
import { resetPasswordConfirmInput } from '@volant/shared/user/inputs';
import { PASSWORD_HINT } from '@volant/shared/validation';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { FormResult } from '../components/form-result.tsx';
import { PublicLayout } from '../components/public-layout.tsx';
import { issuesToFieldErrors, showServerErrors } from '../lib/form-errors.ts';
import { useTRPC } from '../lib/trpc.ts';

export default function ResetPasswordConfirmPage() {
  const { code = '' } = useParams();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const confirm = useMutation(trpc.user.resetPasswordConfirm.mutationOptions());

  const onFinish = async (values: { password?: string; passwordAgain?: string }) => {
    // Each attempt says only what is wrong now: no message of an earlier one stays beside a new one.
    setError(null);
    form.setFields([
      { name: 'password', errors: [] },
      { name: 'passwordAgain', errors: [] },
    ]);
    const parsed = resetPasswordConfirmInput.safeParse({ code, password: values.password });
    const fieldIssues = parsed.success ? [] : parsed.error.issues.filter((issue) => issue.path[0] !== 'code');
    if (fieldIssues.length > 0) {
      form.setFields(issuesToFieldErrors(fieldIssues));
      return;
    }
    if ((values.password ?? '').trim() !== (values.passwordAgain ?? '').trim()) {
      form.setFields([{ name: 'passwordAgain', errors: ['Hesla se neshodují'] }]);
      return;
    }
    // The code has no field to show a message at: a link cut short is one the server refuses, so say what it says.
    if (!parsed.success) {
      setError(APP_ERRORS.INVALID_CODE);
      return;
    }
    try {
      await confirm.mutateAsync(parsed.data);
      setDone(true);
    } catch (e) {
      setError(showServerErrors(form, e));
    }
  };

  if (done) {
    return (
      <PublicLayout>
        <FormResult
          status="success"
          title="Heslo bylo změněno"
          subTitle="Nyní se můžete přihlásit novým heslem. Ostatní přihlášená zařízení jsme odhlásili."
          actionLabel="Přihlásit se"
          onAction={() => navigate('/login')}
        />
      </PublicLayout>
    );
  }

  return (
    <PublicLayout title="Nové heslo">
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} disabled={confirm.isPending}>
        <Form.Item label="Nové heslo" name="password" extra={PASSWORD_HINT}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="Nové heslo znovu" name="passwordAgain">
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {error && (
          <Alert
            type="error"
            title={error}
            description={
              <span>
                Můžete si <Link to="/reset-password">nechat poslat nový odkaz</Link>.
              </span>
            }
            showIcon
            style={{ marginBottom: 16 }}
          />
        )}
        <Button type="primary" htmlType="submit" block loading={confirm.isPending}>
          Nastavit heslo
        </Button>
      </Form>
    </PublicLayout>
  );
}
