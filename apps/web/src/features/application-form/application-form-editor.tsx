// The editor of one application form (a drawer): name, the two colours, the sites allowed to embed it, the courses
// offered, a live preview in the chosen colours, and once saved the embed snippet and the direct link.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { COURSE_PRICE_MIN_CZK, saveApplicationFormInput } from '@volant/shared/application-form/inputs';
import { MONEY_MAX_CZK, toCzk, toHalere } from '@volant/shared/money';
import { Alert, Button, Col, ColorPicker, Divider, Drawer, Flex, Form, Input, InputNumber, Row, Space, Typography } from 'antd';
import { useState } from 'react';
import { schoolOf, useActiveSchoolId, useSchoolInput, useSchools } from '../../app/use-school.ts';
import { clearErrorsOnChange } from '../../lib/form-fields.ts';
import { useIsMobile, useIsPhone } from '../../lib/media.ts';
import { type RouterOutputs, useTRPC } from '../../lib/trpc.ts';
import { useFormMutation } from '../../lib/use-form-mutation.ts';
import { applicationQueries } from './application-form.live.ts';
import { ApplyForm, ApplyTheme, DEFAULT_COLOR_ERROR, DEFAULT_COLOR_PRIMARY, type PublicFormData, usableColor } from './apply-form.tsx';
import { FormEmbed } from './form-embed.tsx';
import './application-form.css';

export type ApplicationFormRow = RouterOutputs['applicationForm']['getApplicationForms'][number];

interface CourseValues {
  id?: string;
  name?: string;
  description?: string;
  price?: number | null;
}

interface FormValues {
  name?: string;
  colorPrimary?: string;
  colorError?: string;
  origins?: string[];
  courses?: CourseValues[];
}

const FORM_NAME = 'application-form-editor';

function initialValues(row: ApplicationFormRow | null): FormValues {
  if (!row)
    return {
      name: '',
      colorPrimary: DEFAULT_COLOR_PRIMARY,
      colorError: DEFAULT_COLOR_ERROR,
      origins: [''],
      courses: [{ name: '', description: '', price: null }],
    };
  return {
    name: row.name,
    colorPrimary: row.colorPrimary,
    colorError: row.colorError,
    origins: [...row.origins],
    courses: row.courses.map((c) => ({ id: c.id, name: c.name, description: c.description, price: toCzk(c.price) })),
  };
}

/** A colour as text (any CSS colour the form accepts) with a picker beside it. */
function ColorField({ name, label, fallback }: { name: 'colorPrimary' | 'colorError'; label: string; fallback: string }) {
  const form = Form.useFormInstance<FormValues>();
  const value = Form.useWatch(name, form);
  return (
    <Form.Item label={label} required htmlFor={`${FORM_NAME}_${name}`}>
      <Space.Compact block>
        <ColorPicker
          value={usableColor(value, fallback)}
          disabledAlpha
          onChangeComplete={(color) => form.setFields([{ name, value: color.toHexString(), errors: [] }])}
          aria-label={`${label}: výběr barvy`}
        />
        <Form.Item name={name} noStyle>
          <Input placeholder={fallback} maxLength={256} />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}

function OriginsField() {
  return (
    <Form.List name="origins">
      {(fields, { add, remove }, { errors }) => (
        <div className="ant-form-item" style={{ marginBottom: 24 }}>
          <Typography.Text strong style={{ display: 'block' }}>
            Povolené domény
          </Typography.Text>
          <Typography.Paragraph type="secondary" style={{ fontSize: 13, marginBottom: 8 }}>
            Weby, které smějí formulář vložit do své stránky, například https://www.autoskola.cz.
          </Typography.Paragraph>
          {fields.map((field, i) => (
            <Form.Item key={field.key} style={{ marginBottom: 8 }}>
              <Flex gap={8}>
                <Form.Item name={field.name} noStyle>
                  <Input placeholder="https://www.autoskola.cz" aria-label={`Doména ${i + 1}`} inputMode="url" />
                </Form.Item>
                <Button icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={`Odebrat doménu ${i + 1}`} />
              </Flex>
            </Form.Item>
          ))}
          <Form.ErrorList errors={errors} />
          <Button type="dashed" onClick={() => add('')} icon={<PlusOutlined />} style={{ marginTop: 4 }}>
            Přidat doménu
          </Button>
        </div>
      )}
    </Form.List>
  );
}

function CoursesField() {
  return (
    <Form.List name="courses">
      {(fields, { add, remove }, { errors }) => (
        <div style={{ marginBottom: 24 }}>
          <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
            Kurzy
          </Typography.Text>
          {fields.map((field, i) => (
            <fieldset key={field.key} className="application-form-course">
              <legend className="application-form-course__legend">Kurz {i + 1}</legend>
              <Flex justify="flex-end" align="center" style={{ marginBottom: 8 }}>
                <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => remove(field.name)} disabled={fields.length === 1}>
                  Odebrat kurz
                </Button>
              </Flex>
              <Row gutter={12}>
                <Col xs={24} sm={16}>
                  <Form.Item label="Název kurzu" name={[field.name, 'name']} required>
                    <Input placeholder="Skupina B – řidičský průkaz na auto" maxLength={256} />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={8}>
                  <Form.Item label="Cena" name={[field.name, 'price']} required>
                    <InputNumber<number>
                      min={COURSE_PRICE_MIN_CZK}
                      max={MONEY_MAX_CZK}
                      precision={2}
                      decimalSeparator=","
                      step={100}
                      suffix="Kč"
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                </Col>
                <Col span={24}>
                  <Form.Item label="Popis" name={[field.name, 'description']} required style={{ marginBottom: 8 }}>
                    <Input.TextArea rows={2} maxLength={1024} placeholder="Co kurz obsahuje, jak dlouho trvá, kdy začíná" />
                  </Form.Item>
                </Col>
              </Row>
            </fieldset>
          ))}
          <Form.ErrorList errors={errors} />
          <Button type="dashed" onClick={() => add({ name: '', description: '', price: null })} icon={<PlusOutlined />}>
            Přidat kurz
          </Button>
        </div>
      )}
    </Form.List>
  );
}

function Preview({ values, schoolName }: { values: FormValues | undefined; schoolName: string }) {
  const data: PublicFormData = {
    name: values?.name?.trim() || 'Přihláška do autoškoly',
    colorPrimary: values?.colorPrimary ?? DEFAULT_COLOR_PRIMARY,
    colorError: values?.colorError ?? DEFAULT_COLOR_ERROR,
    schoolName,
    operatorName: `provozovatel autoškoly ${schoolName}`,
    courses: (values?.courses ?? []).map((c, i) => ({
      id: c?.id ?? `novy-kurz-${i}`,
      name: c?.name ?? '',
      description: c?.description ?? '',
      price: typeof c?.price === 'number' ? toHalere(c.price) : Number.NaN,
    })),
  };
  return (
    <section aria-label="Náhled formuláře" className="application-form-preview">
      <ApplyTheme colorPrimary={data.colorPrimary} colorError={data.colorError}>
        <p className="apply-page__school">{schoolName}</p>
        <h1 className="apply-page__title">{data.name}</h1>
        <ApplyForm form={data} preview />
      </ApplyTheme>
    </section>
  );
}

export function ApplicationFormEditor({ row, onClose }: { row: ApplicationFormRow | null; onClose: () => void }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const activeSchoolId = useActiveSchoolId();
  const schools = useSchools();
  const schoolName = schools.data?.find((s) => s.id === activeSchoolId)?.name ?? 'Autoškola';
  const isPhone = useIsPhone();
  const isMobile = useIsMobile();
  const [form] = Form.useForm<FormValues>();
  const values = Form.useWatch((v: FormValues) => v, form);
  const [savedId, setSavedId] = useState<string | null>(row?.id ?? null);
  const queryClient = useQueryClient();
  const saveForm = useMutation(trpc.applicationForm.saveApplicationForm.mutationOptions());
  const save = useFormMutation(form, {
    schema: saveApplicationFormInput,
    // The form holds koruny; the server's input turns them into haléře, so the raw values are sent, not the parsed ones.
    send: (_input, raw) => saveForm.mutateAsync({ ...schoolOf(school), ...raw }),
    writes: () => applicationQueries(schoolOf(school).schoolId),
    success: 'Formulář byl uložen',
    onSaved: ({ id }) => {
      if (savedId) {
        onClose();
        return;
      }
      // A new form stays open: its embed snippet and link are what the office needs next.
      setSavedId(id);
      void refresh(id);
    },
  });

  /** After a new form's save (the list is refetching): the editor's courses carry their ids (a second save keeps them). */
  const refresh = async (id: string) => {
    const saved = (await queryClient.fetchQuery(trpc.applicationForm.getApplicationForms.queryOptions(schoolOf(school)))).find((f) => f.id === id);
    if (saved) {
      form.setFieldsValue({
        origins: [...saved.origins],
        courses: saved.courses.map((c) => ({ id: c.id, name: c.name, description: c.description, price: toCzk(c.price) })),
      });
    }
  };

  const onFinish = (v: FormValues) =>
    save.submit({
      ...(savedId ? { id: savedId } : {}),
      name: v.name,
      colorPrimary: v.colorPrimary,
      colorError: v.colorError,
      origins: v.origins ?? [],
      courses: (v.courses ?? []).map((c) => ({ ...(c.id ? { id: c.id } : {}), name: c.name, description: c.description, price: c.price ?? undefined })),
    });

  const isNew = !row;
  return (
    <Drawer
      open
      onClose={onClose}
      title={isNew ? 'Nový formulář' : 'Upravit formulář'}
      size={isPhone ? '100%' : 'min(1200px, 96vw)'}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{savedId && isNew ? 'Hotovo' : 'Zrušit'}</Button>
          <Button type="primary" loading={save.saving} onClick={() => form.submit()}>
            Uložit
          </Button>
        </Flex>
      }
    >
      <Row gutter={[32, 24]}>
        <Col xs={24} lg={13}>
          {isNew && savedId && (
            <Alert
              type="success"
              showIcon
              title="Formulář byl vytvořen"
              description="Vložte ho na svůj web kódem níže, nebo pošlete uchazečům přímý odkaz."
              style={{ marginBottom: 16 }}
            />
          )}
          {savedId && (
            <>
              <FormEmbed formId={savedId} />
              <Divider />
            </>
          )}
          {save.error && <Alert type="error" showIcon title={save.error} style={{ marginBottom: 16 }} />}
          <Form<FormValues>
            form={form}
            name={FORM_NAME}
            layout="vertical"
            initialValues={initialValues(row)}
            onFinish={onFinish}
            onValuesChange={clearErrorsOnChange(form)}
            scrollToFirstError
          >
            <Form.Item label="Název formuláře" name="name" required>
              <Input placeholder="Přihláška do kurzu" maxLength={256} />
            </Form.Item>
            <Row gutter={12}>
              <Col xs={24} sm={12}>
                <ColorField name="colorPrimary" label="Hlavní barva" fallback={DEFAULT_COLOR_PRIMARY} />
              </Col>
              <Col xs={24} sm={12}>
                <ColorField name="colorError" label="Barva chyb" fallback={DEFAULT_COLOR_ERROR} />
              </Col>
            </Row>
            <OriginsField />
            <CoursesField />
          </Form>
        </Col>
        <Col xs={24} lg={11}>
          <div className={isMobile ? undefined : 'application-form-preview__sticky'}>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              Náhled
            </Typography.Title>
            <Preview values={values} schoolName={schoolName} />
          </div>
        </Col>
      </Row>
    </Drawer>
  );
}
