// 'Zamítnout' on a pending application: a confirmation with an optional reason and, when the applicant gave an
// e-mail, whether to tell them. The applicant's personal data are deleted with the refusal (they never became a student).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rejectApplicationInput } from '@volant/shared/application-form/inputs';
import { Alert, App, Checkbox, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { schoolOf, useSchoolInput } from '../../app/use-school.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { validateForm } from '../../lib/form-errors.ts';
import { describeError, useTRPC } from '../../lib/trpc.ts';
import { type ApplicationRow, applicantName } from './application-row.ts';

interface FormValues {
  reason?: string;
  notifyApplicant?: boolean;
}

export function ApplicationRejectDialog({ application, onClose }: { application: ApplicationRow | null; onClose: () => void }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const reject = useMutation(trpc.applicationForm.rejectApplication.mutationOptions());
  const hasEmail = !!application?.email;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh dialog per application
  useEffect(() => {
    setError(null);
    form.resetFields();
  }, [application?.id]);

  const onFinish = (values: FormValues) => {
    if (!application) return;
    setError(null);
    const input = validateForm(form, rejectApplicationInput, {
      applicationId: application.id,
      reason: values.reason,
      notifyApplicant: hasEmail && values.notifyApplicant === true,
    });
    if (!input) return;
    reject.mutate(
      { ...schoolOf(school), ...input },
      {
        onSuccess: () => {
          message.success('Přihláška byla zamítnuta');
          void queryClient.invalidateQueries(trpc.applicationForm.pathFilter());
          onClose();
        },
        onError: (err) => setError(describeError(err).message),
      },
    );
  };

  return (
    <AppModal
      open={application !== null}
      title="Zamítnout přihlášku"
      okText="Zamítnout"
      okButtonProps={{ danger: true, loading: reject.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {application && (
        <>
          <Typography.Paragraph>
            Opravdu chcete zamítnout přihlášku uchazeče <strong>{applicantName(application)}</strong> do kurzu „{application.courseName}“? Osobní údaje uchazeče
            se smažou.
          </Typography.Paragraph>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
          <Form<FormValues> form={form} layout="vertical" initialValues={{ notifyApplicant: false }} onFinish={onFinish}>
            <Form.Item label="Důvod (volitelné)" name="reason">
              <Input.TextArea rows={3} maxLength={1000} showCount placeholder="Např. kurz je již plně obsazen" />
            </Form.Item>
            <Form.Item
              name="notifyApplicant"
              valuePropName="checked"
              style={{ marginBottom: 0 }}
              extra={hasEmail ? `Zpráva o zamítnutí odejde na ${application.email}.` : 'Uchazeč neuvedl e-mail.'}
            >
              <Checkbox disabled={!hasEmail}>Poslat uchazeči e-mail</Checkbox>
            </Form.Item>
          </Form>
        </>
      )}
    </AppModal>
  );
}
