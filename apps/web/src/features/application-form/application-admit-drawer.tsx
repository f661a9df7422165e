// 'Přijmout' on a pending application: the registration number (the school's next one, prefilled) and the study
// information, with the new-student form's fields and rules; then the applicant is a student of the school.
import { useMutation, useQuery } from '@tanstack/react-query';
import { admitApplicationInput } from '@volant/shared/application-form/inputs';
import { APP_ERRORS } from '@volant/shared/errors';
import { Alert, Button, Descriptions, Drawer, Flex, Form, Input, Result, Row } from 'antd';
import { useEffect, useState } from 'react';
import { schoolOf, useSchoolInput } from '../../app/use-school.ts';
import { clearErrorsOnChange } from '../../lib/form-fields.ts';
import { useIsPhone } from '../../lib/media.ts';
import { describeError, useTRPC } from '../../lib/trpc.ts';
import { useFormMutation } from '../../lib/use-form-mutation.ts';
import { studentLive } from '../student/student.live.ts';
import { applicationQueries } from './application-form.live.ts';
import { StudentStudyFields, type StudentStudyValues } from '../student/student-fields.tsx';
import { TierLimitResult } from '../account/tier-limit-result.tsx';
import { useOpenStudent } from '../student/use-open-student.ts';
import { type ApplicationRow, applicantName } from './application-row.ts';
import { formatPrice } from '@volant/shared/money';

interface FormValues {
  registrationNumber?: string;
  studentStudyInfo: StudentStudyValues;
}

const INITIAL: FormValues = { studentStudyInfo: { trainingKind: 'BASIC', group: [], currentGroups: [] } };

type Outcome = { kind: 'admitted'; studentId: string; registrationNumber: string } | { kind: 'tier'; message: string } | null;

export function ApplicationAdmitDrawer({ application, onClose }: { application: ApplicationRow; onClose: () => void }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const isPhone = useIsPhone();
  const openStudent = useOpenStudent();
  const [form] = Form.useForm<FormValues>();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const trainingKind = Form.useWatch(['studentStudyInfo', 'trainingKind'], form);
  const isBasic = (trainingKind ?? 'BASIC') === 'BASIC';
  const nextNumber = useQuery({ ...trpc.student.getNextRegistrationNumber.queryOptions(school), staleTime: 0 });
  const admit = useMutation(trpc.applicationForm.admitApplication.mutationOptions());
  // The applications and the students' lists, the month's limit and the next number (the two live messages of an admission).
  const save = useFormMutation(form, {
    schema: admitApplicationInput,
    send: (input) =>
      admit.mutateAsync({ ...schoolOf(school), ...input }).then(({ studentId }) => ({ studentId, registrationNumber: input.registrationNumber })),
    writes: (_input, admitted) => {
      const { schoolId } = schoolOf(school);
      return [...applicationQueries(schoolId), ...studentLive.OnNewStudentMessage({ schoolId, studentId: admitted?.studentId ?? '' })];
    },
    onSaved: ({ studentId, registrationNumber }) => setOutcome({ kind: 'admitted', studentId, registrationNumber }),
    onRefused: (err) => {
      const { message, appCode } = describeError(err);
      if (appCode === 'DUPLICATE_REGISTRATION_NUMBER') {
        form.setFields([{ name: ['registrationNumber'], errors: [APP_ERRORS.DUPLICATE_REGISTRATION_NUMBER] }]);
        return null;
      }
      if (appCode === 'TIER_LIMIT') {
        setOutcome({ kind: 'tier', message: message || APP_ERRORS.TIER_LIMIT });
        return null;
      }
      return undefined;
    },
  });

  // The school's next number unless the user typed one.
  useEffect(() => {
    const n = nextNumber.data?.registrationNumber;
    if (n && !form.isFieldTouched('registrationNumber')) form.setFieldValue('registrationNumber', n);
  }, [nextNumber.data, form]);

  const onFinish = (values: FormValues) =>
    save.submit({
      applicationId: application.id,
      registrationNumber: values.registrationNumber,
      studentStudyInfo: { ...values.studentStudyInfo, currentGroups: isBasic ? [] : (values.studentStudyInfo.currentGroups ?? []) },
    });

  const footer = outcome ? null : (
    <Flex justify="flex-end" gap={8}>
      <Button onClick={onClose}>Zrušit</Button>
      <Button type="primary" loading={save.saving} onClick={() => form.submit()}>
        Přijmout
      </Button>
    </Flex>
  );

  return (
    <Drawer open onClose={onClose} title="Přijmout přihlášku" size={isPhone ? '100%' : 560} destroyOnHidden footer={footer}>
      {outcome?.kind === 'admitted' && (
        <Result
          status="success"
          title="Přihláška byla přijata"
          subTitle={`${applicantName(application)} je nyní žákem autoškoly s evidenčním číslem ${outcome.registrationNumber}.`}
          extra={[
            <Button
              type="primary"
              key="open"
              onClick={() => {
                onClose();
                openStudent(outcome.studentId);
              }}
            >
              Otevřít kartu žáka
            </Button>,
            <Button key="close" onClick={onClose}>
              Zpět na přihlášky
            </Button>,
          ]}
        />
      )}
      {outcome?.kind === 'tier' && <TierLimitResult message={outcome.message} onClose={onClose} />}
      <div style={{ display: outcome ? 'none' : 'block' }}>
        <Descriptions
          size="small"
          column={1}
          style={{ marginBottom: 16 }}
          items={[
            { key: 'name', label: 'Uchazeč', children: applicantName(application) },
            { key: 'course', label: 'Kurz', children: `${application.courseName} (${formatPrice(application.coursePrice)})` },
            ...(application.note ? [{ key: 'note', label: 'Poznámka uchazeče', children: application.note }] : []),
          ]}
        />
        {save.error && <Alert type="error" showIcon title={save.error} style={{ marginBottom: 16 }} />}
        <Form<FormValues> form={form} layout="vertical" initialValues={INITIAL} onFinish={onFinish} onValuesChange={clearErrorsOnChange(form)}>
          <Form.Item label="Evidenční číslo" name="registrationNumber" required>
            <Input />
          </Form.Item>
          <Row>
            <StudentStudyFields col={{ span: 24 }} isBasic={isBasic} />
          </Row>
        </Form>
      </div>
    </Drawer>
  );
}
