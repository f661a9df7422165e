// 'Zamítnout' on a pending application: a confirmation with an optional reason and, when the applicant gave an
// e-mail, whether to tell them. The applicant's personal data are deleted with the refusal (they never became a student).
import { useMutation } from '@tanstack/react-query';
import { rejectApplicationInput } from '@volant/shared/application-form/inputs';
import { Alert, Checkbox, Form, Input, Typography } from 'antd';
import { useEffect } from 'react';
import { schoolOf, useSchoolInput } from '../../app/use-school.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useFormMutation } from '../../lib/use-form-mutation.ts';
import { applicationQueries } from './application-form.live.ts';
import { type ApplicationRow, applicantName } from './application-row.ts';

interface FormValues {
  reason?: string;
  notifyApplicant?: boolean;
}

export function ApplicationRejectDialog({ application, onClose }: { application: ApplicationRow | null; onClose: () => void }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const [form] = Form.useForm<FormValues>();
  const reject = useMutation(trpc.applicationForm.rejectApplication.mutationOptions());
  const save = useFormMutation(form, {
    schema: rejectApplicationInput,
    send: (input) => reject.mutateAsync({ ...schoolOf(school), ...input }),
    writes: () => applicationQueries(schoolOf(school).schoolId),
    success: 'Přihláška byla zamítnuta',
    onSaved: onClose,
  });
  const hasEmail = !!application?.email;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh dialog per application
  useEffect(() => {
    save.setError(null);
    form.resetFields();
  }, [application?.id]);

  const onFinish = (values: FormValues) => {
    if (!application) return;
    void save.submit({ applicationId: application.id, reason: values.reason, notifyApplicant: hasEmail && values.notifyApplicant === true });
  };

  return (
    <AppModal
      open={application !== null}
      title="Zamítnout přihlášku"
      okText="Zamítnout"
      okButtonProps={{ danger: true, loading: save.saving }}
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
          {save.error && <Alert type="error" showIcon title={save.error} style={{ marginBottom: 16 }} />}
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
