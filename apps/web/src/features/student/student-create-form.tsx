// The new-student form (route /app/new-student): every student field, validated with the procedure's schema.
import { useMutation, useQuery } from '@tanstack/react-query';
import { CZECH_CITIZENSHIP } from '@volant/shared/enums';
import { APP_ERRORS, ERROR_TITLES } from '@volant/shared/errors';
import { createStudentInput } from '@volant/shared/student/inputs';
import { Alert, Button, Card, Col, Form, Input, Result, Row, Space } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { browserNow } from '../../lib/clock.ts';
import { DayPicker } from '../../components/day-picker.tsx';
import { schoolToday } from '@volant/shared/school-time';
import { medicalCertificateWarning } from '@volant/shared/student/medical';
import type { Dayjs } from 'dayjs';
import { describeError, useTRPC } from '../../lib/trpc.ts';
import { clearErrorsOnChange, toIsoDate } from '../../lib/form-fields.ts';
import { useFormMutation } from '../../lib/use-form-mutation.ts';
import { studentLive } from './student.live.ts';
import { InterpreterSelect, StudentStudyFields, type StudentStudyValues } from './student-fields.tsx';
import { schoolOf, useSchoolInput } from '../../app/use-school.ts';
import { StudentAddressFields, type StudentAddressValues, StudentInfoFields, type StudentInfoValues } from './student-person-fields.tsx';
import { TierLimitResult } from '../account/tier-limit-result.tsx';

interface FormValues {
  studentInfo: StudentInfoValues;
  studentAddress: StudentAddressValues;
  studentStudyInfo: StudentStudyValues & { medicalCertificateDate?: Dayjs | null };
  student: { registrationNumber?: string; interpreterId?: string | null };
}

const INITIAL: FormValues = {
  studentInfo: { citizenship: CZECH_CITIZENSHIP },
  studentAddress: {},
  studentStudyInfo: { trainingKind: 'BASIC', group: [], currentGroups: [] },
  student: {},
};

type Outcome = { kind: 'created'; id: string } | { kind: 'tier'; message: string } | { kind: 'error'; message: string } | null;

const half = { xs: 24, md: 12 } as const;
const third = { xs: 24, sm: 12, lg: 8 } as const;

export function StudentCreateForm() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const school = useSchoolInput();
  const [form] = Form.useForm<FormValues>();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const citizenship = Form.useWatch(['studentInfo', 'citizenship'], form);
  const trainingKind = Form.useWatch(['studentStudyInfo', 'trainingKind'], form);
  const isBasic = (trainingKind ?? 'BASIC') === 'BASIC';
  const medicalDate = Form.useWatch(['studentStudyInfo', 'medicalCertificateDate'], form) as Dayjs | null | undefined;
  // Admission is today: a certificate older than 3 months is a warning, not a refusal (legal-cz §5.2).
  const medicalWarning = medicalCertificateWarning(toIsoDate(medicalDate), schoolToday(browserNow()));

  const nextNumber = useQuery({ ...trpc.student.getNextRegistrationNumber.queryOptions(school), staleTime: 0 });
  const tier = useQuery(trpc.account.getTier.queryOptions(school));
  const create = useMutation(trpc.student.createStudent.mutationOptions());
  // The lists, the month's usage and the next number: the new student's live reaction, applied on the answer.
  const save = useFormMutation(form, {
    schema: createStudentInput(browserNow()),
    send: (input) => create.mutateAsync({ ...schoolOf(school), ...input }),
    writes: (_input, created) => studentLive.OnNewStudentMessage({ schoolId: schoolOf(school).schoolId, studentId: created?.id ?? '' }),
    onSaved: ({ id }) => setOutcome({ kind: 'created', id }),
    onRefused: (err) => {
      const { message, appCode, fieldErrors } = describeError(err);
      if (appCode === 'DUPLICATE_REGISTRATION_NUMBER') {
        form.setFields([{ name: ['student', 'registrationNumber'], errors: [APP_ERRORS.DUPLICATE_REGISTRATION_NUMBER] }]);
        form.scrollToField(['student', 'registrationNumber']);
      } else if (appCode === 'TIER_LIMIT') {
        setOutcome({ kind: 'tier', message: message || APP_ERRORS.TIER_LIMIT });
      } else if (Object.keys(fieldErrors).length === 0) {
        setOutcome({ kind: 'error', message });
      }
      return null;
    },
  });

  // Prefill the registration number unless the user typed one.
  useEffect(() => {
    const n = nextNumber.data?.registrationNumber;
    if (n && !form.isFieldTouched(['student', 'registrationNumber'])) form.setFieldValue(['student', 'registrationNumber'], n);
  }, [nextNumber.data, form]);

  const onFinish = (values: FormValues) => {
    const foreign = values.studentInfo.citizenship !== CZECH_CITIZENSHIP;
    const raw = {
      studentInfo: { ...values.studentInfo, birthDate: toIsoDate(values.studentInfo.birthDate) },
      studentAddress: values.studentAddress,
      studentStudyInfo: {
        ...values.studentStudyInfo,
        currentGroups: isBasic ? [] : (values.studentStudyInfo.currentGroups ?? []),
        medicalCertificateDate: toIsoDate(values.studentStudyInfo.medicalCertificateDate) ?? null,
      },
      student: { registrationNumber: values.student.registrationNumber, interpreterId: foreign ? (values.student.interpreterId ?? null) : null },
    };
    void save.submit(raw);
  };

  const createAnother = async () => {
    form.resetFields();
    setOutcome(null);
    const { data } = await nextNumber.refetch();
    if (data?.registrationNumber) form.setFieldValue(['student', 'registrationNumber'], data.registrationNumber);
  };

  const atLimit =
    tier.data?.tier === 'STARTER' &&
    tier.data.maxStudentsInSchoolPerMonth != null &&
    tier.data.currentUsageStudentsInSchoolPerMonth >= tier.data.maxStudentsInSchoolPerMonth;

  return (
    <>
      {outcome?.kind === 'created' && (
        <Result
          status="success"
          title="Žák byl úspěšně vytvořen"
          extra={[
            <Button type="primary" key="open" onClick={() => navigate(`/app/student/${outcome.id}`)}>
              Otevřít kartu žáka
            </Button>,
            <Button key="another" onClick={() => void createAnother()}>
              Vytvořit dalšího žáka
            </Button>,
          ]}
        />
      )}
      {outcome?.kind === 'tier' && <TierLimitResult message={outcome.message} onClose={() => setOutcome(null)} />}
      {outcome?.kind === 'error' && (
        <Result
          status="error"
          title={ERROR_TITLES.error}
          subTitle={outcome.message}
          extra={
            <Button type="primary" onClick={() => setOutcome(null)}>
              Zpět
            </Button>
          }
        />
      )}
      {/* The form stays mounted behind a result so 'Zpět' returns to the filled values. */}
      <div style={{ display: outcome ? 'none' : 'block' }}>
        {atLimit && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={`Tento měsíc jste zaevidovali ${tier.data?.currentUsageStudentsInSchoolPerMonth}/${tier.data?.maxStudentsInSchoolPerMonth} žáků, což je limit tarifu Starter.`}
            action={
              <Link to="/app/settings/tier">
                <Button size="small" type="primary">
                  Přejít na vyšší tarif
                </Button>
              </Link>
            }
          />
        )}
        <Form<FormValues>
          form={form}
          layout="vertical"
          initialValues={INITIAL}
          onFinish={onFinish}
          onValuesChange={clearErrorsOnChange(form)}
          scrollToFirstError
        >
          <Card title="Osobní údaje" style={{ marginBottom: 16 }}>
            <Row gutter={16}>
              <StudentInfoFields col={third}>
                {citizenship !== undefined && citizenship !== CZECH_CITIZENSHIP && (
                  <Col {...third}>
                    <Form.Item label="Tlumočník (volitelné)" name={['student', 'interpreterId']}>
                      <InterpreterSelect />
                    </Form.Item>
                  </Col>
                )}
              </StudentInfoFields>
            </Row>
          </Card>

          <Card title="Adresa" style={{ marginBottom: 16 }}>
            <Row gutter={16}>
              <StudentAddressFields col={half} />
            </Row>
          </Card>

          <Card title="Údaje o výcviku" style={{ marginBottom: 16 }}>
            <Row gutter={16}>
              <StudentStudyFields
                col={half}
                isBasic={isBasic}
                beforeLicenceNumber={
                  <Col {...half}>
                    <Form.Item label="Evidenční číslo" name={['student', 'registrationNumber']} required>
                      <Input />
                    </Form.Item>
                  </Col>
                }
              />
              <Col {...half}>
                <Form.Item
                  label="Lékařský posudek (volitelné)"
                  name={['studentStudyInfo', 'medicalCertificateDate']}
                  extra={medicalWarning && <span style={{ color: '#d48806' }}>{medicalWarning}</span>}
                >
                  <DayPicker latest={schoolToday(browserNow())} style={{ width: '100%' }} placeholder="D.M.RRRR" />
                </Form.Item>
              </Col>
            </Row>
          </Card>

          <Space>
            <Button type="primary" htmlType="submit" loading={save.saving}>
              Vytvořit žáka
            </Button>
          </Space>
        </Form>
      </div>
    </>
  );
}
