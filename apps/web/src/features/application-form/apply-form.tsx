// The applicant's form of the public page /apply/:formId, also the live preview in the office's form editor. The
// personal data follow the new-student form exactly (same labels, the shared studentInfoInput/studentAddressInput
// rules and messages); the school's colours theme the buttons, accents and field errors.
import { type SubmitApplicationInput, submitApplicationInput } from '@volant/shared/application-form/inputs';
import { CZECH_CITIZENSHIP } from '@volant/shared/enums';
import { formatPrice } from '@volant/shared/money';
import { Alert, Button, Checkbox, ConfigProvider, Form, Input, Radio, Row } from 'antd';
import { type CSSProperties, type ReactNode, useRef, useState } from 'react';
import { browserNow } from '../../lib/clock.ts';
import { issuesToFieldErrors } from '../../lib/form-errors.ts';
import { clearErrorsOnChange, setFieldErrors, toIsoDate } from '../../lib/form-fields.ts';
import './apply.css';
import { StudentAddressFields, type StudentAddressValues, StudentInfoFields, type StudentInfoValues } from '../student/student-person-fields.tsx';

export const DEFAULT_COLOR_PRIMARY = '#1677ff';
export const DEFAULT_COLOR_ERROR = '#ff4d4f';
export const COURSE_REQUIRED = 'Prosím vyberte kurz!';

export interface PublicCourse {
  id: string;
  name: string;
  description: string;
  /** Haléře, as every amount (money.ts). */
  price: number;
}

/** What the form shows: the public form of getPublicForm, or the editor's values for the preview. */
export interface PublicFormData {
  name: string;
  colorPrimary: string;
  colorError: string;
  schoolName: string;
  /** The controller of the personal data (the school's operator with IČO, else the school). */
  operatorName: string;
  courses: PublicCourse[];
}

/** A colour the browser understands, else the fallback (the preview while a colour is being typed). */
export function usableColor(value: string | undefined, fallback: string): string {
  const v = value?.trim();
  if (!v) return fallback;
  if (typeof CSS !== 'undefined' && typeof CSS.supports === 'function') return CSS.supports('color', v) ? v : fallback;
  return v;
}

interface FormValues {
  courseId?: string;
  studentInfo: StudentInfoValues;
  studentAddress: StudentAddressValues;
  note?: string;
  consent?: boolean;
}

const INITIAL: FormValues = { studentInfo: { citizenship: CZECH_CITIZENSHIP }, studentAddress: {}, consent: false };
const half = { xs: 24, sm: 12 } as const;

/** The school's colours for antd (buttons, focus, field errors) and for the page's own accents. */
export function ApplyTheme({ colorPrimary, colorError, children }: { colorPrimary: string; colorError: string; children: ReactNode }) {
  const primary = usableColor(colorPrimary, DEFAULT_COLOR_PRIMARY);
  const error = usableColor(colorError, DEFAULT_COLOR_ERROR);
  return (
    <ConfigProvider theme={{ token: { colorPrimary: primary, colorError: error, colorLink: primary } }}>
      <div className="apply" style={{ '--apply-primary': primary, '--apply-error': error } as CSSProperties}>
        {children}
      </div>
    </ConfigProvider>
  );
}

export type ApplySubmission = Omit<SubmitApplicationInput, 'formId' | 'fillToken'>;

export interface ApplyFormProps {
  form: PublicFormData;
  /** The preview: validates like the real form but sends nothing. */
  preview?: boolean;
  submitting?: boolean;
  /** The server's refusal (describeError's message), shown above the button. */
  error?: string | null;
  onSubmit?: (input: ApplySubmission) => void;
}

export function ApplyForm({ form: data, preview = false, submitting = false, error, onSubmit }: ApplyFormProps) {
  const [form] = Form.useForm<FormValues>();
  const honeypot = useRef<HTMLInputElement>(null);
  const [previewChecked, setPreviewChecked] = useState(false);
  const id = preview ? 'apply-preview' : 'apply';

  const onFinish = (values: FormValues) => {
    setPreviewChecked(false);
    const fields: { name: (string | number)[]; errors: string[] }[] = [];
    if (!values.courseId || !data.courses.some((c) => c.id === values.courseId)) fields.push({ name: ['courseId'], errors: [COURSE_REQUIRED] });
    const raw = {
      studentInfo: { ...values.studentInfo, birthDate: toIsoDate(values.studentInfo.birthDate) },
      studentAddress: values.studentAddress,
      note: values.note,
      consent: values.consent === true ? true : undefined,
      website: honeypot.current?.value ?? '',
    };
    // The procedure's own schema, without the parts that are not the applicant's (form, token, course: checked above).
    const schema = submitApplicationInput(browserNow()).omit({ formId: true, fillToken: true, courseId: true });
    const parsed = schema.safeParse(raw);
    if (!parsed.success) fields.push(...issuesToFieldErrors(parsed.error.issues));
    if (fields.length > 0) {
      setFieldErrors(form, fields);
      form.scrollToField(fields[0].name as never, { block: 'center' });
      return;
    }
    if (preview || !parsed.success || !values.courseId) {
      setPreviewChecked(true);
      return;
    }
    onSubmit?.({ ...parsed.data, courseId: values.courseId });
  };

  return (
    <Form<FormValues>
      form={form}
      name={id}
      layout="vertical"
      initialValues={INITIAL}
      onFinish={onFinish}
      onValuesChange={clearErrorsOnChange(form)}
      requiredMark
      disabled={submitting}
    >
      <section className="apply__section" aria-labelledby={`${id}-courses`}>
        <h2 className="apply__heading" id={`${id}-courses`}>
          Vyberte kurz
        </h2>
        <Form.Item name="courseId" required>
          <Radio.Group className="apply-courses" aria-labelledby={`${id}-courses`}>
            {data.courses.map((c, i) => (
              <Radio key={c.id || i} value={c.id} className="apply-course">
                <span className="apply-course__head">
                  <span className="apply-course__name">{c.name || 'Kurz bez názvu'}</span>
                  <span className="apply-course__price">{Number.isFinite(c.price) && c.price > 0 ? formatPrice(c.price) : '—'}</span>
                </span>
                {c.description && <span className="apply-course__description">{c.description}</span>}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
      </section>

      <section className="apply__section" aria-labelledby={`${id}-person`}>
        <h2 className="apply__heading" id={`${id}-person`}>
          Osobní údaje
        </h2>
        <Row gutter={16}>
          <StudentInfoFields col={half} personal docIdExtra="Číslo občanského průkazu nebo pasu" emailExtra="Pošleme na něj potvrzení o přijetí přihlášky." />
        </Row>
      </section>

      <section className="apply__section" aria-labelledby={`${id}-address`}>
        <h2 className="apply__heading" id={`${id}-address`}>
          Adresa
        </h2>
        <Row gutter={16}>
          <StudentAddressFields col={half} personal />
        </Row>
      </section>

      <Form.Item label="Poznámka (volitelné)" name="note">
        <Input.TextArea rows={3} maxLength={1000} showCount placeholder="Např. kdy se vám hodí výuka" />
      </Form.Item>

      <Form.Item name="consent" valuePropName="checked" required>
        <Checkbox>Souhlasím se zpracováním osobních údajů uvedených v této přihlášce.</Checkbox>
      </Form.Item>
      <p className="apply__consent">
        Správcem osobních údajů je {data.operatorName}. Údaje zpracovává za účelem vedení evidence uchazeče o výuku a výcvik v autoškole podle zákona č.
        247/2000 Sb., o získávání a zdokonalování odborné způsobilosti k řízení motorových vozidel, a ke kontaktu s vámi ohledně přihlášky. Bez souhlasu nelze
        přihlášku odeslat. Pokud vás autoškola nepřijme, vaše údaje smaže.
      </p>

      {/* A trap for bots: people never see or reach this field; anything typed in refuses the submission quietly. */}
      <div className="apply-hp" aria-hidden="true">
        <label htmlFor={`${id}-website`}>Webová stránka</label>
        <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" ref={honeypot} defaultValue="" />
      </div>

      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {preview && previewChecked && (
        <Alert type="info" showIcon title="Údaje jsou v pořádku. Toto je náhled, přihláška se neodesílá." style={{ marginBottom: 16 }} />
      )}
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        Odeslat přihlášku
      </Button>
    </Form>
  );
}
