// Settings pages info, operator, address and contact: the active school's data, editable by its admins.
import { useMutation } from '@tanstack/react-query';
import { schoolContactInput, schoolInfoInput, schoolOperatorInput, updateSchoolInput } from '@volant/shared/school/inputs';
import { addressInput } from '@volant/shared/validation';
import { Alert, Button, Card, Form, Popconfirm, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { useActiveSchoolId, useGroupSettings, useMembership } from '../../app/use-school.ts';
import { FormResult } from '../../components/form-result.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { type RouterInputs, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';
import { useFormMutation } from '../../lib/use-form-mutation.ts';
import { AddressFields, ContactFields, OperatorFields, SchoolInfoFields } from './school-fields.tsx';

type GroupSettings = RouterOutputs['user']['getGroupSettings'];
type UpdatePatch = Omit<RouterInputs['school']['updateSchool'], 'schoolId'>;
const updatePatchInput = updateSchoolInput.omit({ schoolId: true });

interface SectionConfig<S extends z.ZodType> {
  title: string;
  schema: S;
  initial: (s: GroupSettings) => Record<string, unknown>;
  toPatch: (data: z.output<S>) => UpdatePatch;
  fields: ReactNode;
  intro?: string;
}

function SchoolSettingsForm<S extends z.ZodType>({
  config,
  extraActions,
}: {
  config: SectionConfig<S>;
  extraActions?: (save: (patch: UpdatePatch) => void) => ReactNode;
}) {
  const trpc = useTRPC();
  const schoolId = useActiveSchoolId();
  const settings = useGroupSettings();
  const { isAdmin, isPending: rolePending } = useMembership();
  const [form] = Form.useForm();
  const [saved, setSaved] = useState(false);
  const update = useMutation(trpc.school.updateSchool.mutationOptions());
  // The answer is the school's settings (put as they are); the school's name shows in the user's school list too.
  const answer = {
    writes: () => [trpc.user.getUserSchools.pathFilter()],
    puts: (result: GroupSettings) => [{ filter: trpc.user.getGroupSettings.queryFilter({ schoolId: schoolId ?? '' }), update: () => result }],
    onSaved: () => setSaved(true),
  };
  const save = useFormMutation(form, {
    schema: config.schema,
    send: (data) => update.mutateAsync({ schoolId: schoolId ?? '', ...config.toPatch(data) }),
    ...answer,
  });
  // An extra action's patch (e.g. removing the operator), checked by the procedure's own input schema.
  const patch = useFormMutation(form, { schema: updatePatchInput, send: (data) => update.mutateAsync({ schoolId: schoolId ?? '', ...data }), ...answer });
  const error = save.error ?? patch.error;

  if (!schoolId || settings.isPending || rolePending) return <PageSpinner />;
  if (settings.isError) return <Alert type="error" showIcon title={settings.error.message} />;

  if (saved) {
    return (
      <Card title={config.title}>
        <FormResult status="success" title="Změny byly uloženy" subTitle="Údaje autoškoly jsou aktuální." onAction={() => setSaved(false)} />
      </Card>
    );
  }

  return (
    <Card title={config.title} style={{ maxWidth: 720 }}>
      {!isAdmin && <Alert type="info" showIcon title="Údaje může měnit jen administrátor autoškoly." style={{ marginBottom: 16 }} />}
      {config.intro && <p>{config.intro}</p>}
      <Form
        form={form}
        layout="vertical"
        onFinish={save.submit}
        requiredMark={false}
        disabled={!isAdmin || update.isPending}
        initialValues={config.initial(settings.data)}
      >
        {config.fields}
        {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} />}
        {isAdmin && (
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={update.isPending}>
              Uložit
            </Button>
            {extraActions?.((data) => void patch.submit(data))}
          </Space>
        )}
      </Form>
    </Card>
  );
}

const emptyToNull = (v: string | null | undefined) => v ?? '';

export function SchoolInfoSettings() {
  return (
    <SchoolSettingsForm
      config={{
        title: 'Informace o autoškole',
        schema: schoolInfoInput,
        initial: (s) => ({ ...s.schoolInfo, numberPrague: emptyToNull(s.schoolInfo.numberPrague) }),
        toPatch: (info) => ({ info }),
        fields: <SchoolInfoFields />,
      }}
    />
  );
}

export function SchoolAddressSettings() {
  return (
    <SchoolSettingsForm
      config={{
        title: 'Adresa učebny',
        schema: addressInput,
        initial: (s) => s.schoolAddress,
        toPatch: (address) => ({ address }),
        fields: <AddressFields />,
      }}
    />
  );
}

export function SchoolOperatorSettings() {
  return (
    <SchoolSettingsForm
      config={{
        title: 'Provozovatel',
        intro:
          'Provozovatel autoškoly se uvádí v hlášenkách, na průkazech žadatelů a jako dodavatel na dokladech (faktury, příjmové doklady). Bez něj nelze doklady vystavit.',
        schema: schoolOperatorInput,
        initial: (s) => s.schoolOperator ?? { vatPayer: false, invoiceDueDays: 14 },
        toPatch: (operator) => ({ operator }),
        fields: <OperatorFields />,
      }}
      extraActions={(save) => (
        <Popconfirm title="Opravdu chcete údaje o provozovateli odstranit?" okText="Ano" cancelText="Zrušit" onConfirm={() => save({ operator: null })}>
          <Button danger>Odstranit provozovatele</Button>
        </Popconfirm>
      )}
    />
  );
}

export function SchoolContactSettings() {
  return (
    <SchoolSettingsForm
      config={{
        title: 'Kontakt',
        intro: 'Kontakt autoškoly pro žáky a úřady.',
        schema: schoolContactInput,
        initial: (s) => ({ email: emptyToNull(s.schoolContact.email), phone: emptyToNull(s.schoolContact.phone), web: emptyToNull(s.schoolContact.web) }),
        toPatch: (contact) => ({ contact }),
        fields: <ContactFields />,
      }}
    />
  );
}
