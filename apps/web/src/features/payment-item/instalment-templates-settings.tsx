// Nastavení → Ceník → 'Šablony splátek' (issue 21 §2): the school's instalment templates, e.g. '3 splátky: při zápisu,
// po 1 měsíci, před zkouškou', each row an instalment's name and its due date as days after the day the template is
// applied to a student (Platba → 'Použít šablonu'). The price is split equally in whole koruny (the shared rule).
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { TRAINING_KIND_LABELS, TRAINING_KINDS, type TrainingKind } from '@volant/shared/enums';
import { instalmentTemplateInput } from '@volant/shared/instalment/inputs';
import { INSTALMENT_OFFSET_MAX_DAYS, INSTALMENTS_MAX } from '@volant/shared/instalment/instalments';
import { App, Button, Card, Empty, Flex, Form, Input, InputNumber, List, Popconfirm, Select, Typography } from 'antd';
import { useState } from 'react';
import { schoolOf, useMembership, useSchoolInput } from '../../app/use-school.ts';
import { clearErrorsOnChange } from '../../lib/form-fields.ts';
import { describeError, trpcOptions, useTRPC } from '../../lib/trpc.ts';
import { useApplyWrite, useFormMutation } from '../../lib/use-form-mutation.ts';

interface TemplateValues {
  name?: string;
  trainingKind?: TrainingKind | null;
  rows?: { label?: string; offset?: number | null }[];
}

const EXAMPLE: TemplateValues = {
  name: '3 splátky',
  trainingKind: null,
  rows: [
    { label: 'Při zápisu', offset: 0 },
    { label: 'Po 1 měsíci', offset: 30 },
    { label: 'Před zkouškou', offset: 75 },
  ],
};

const offsetText = (days: number) => (days === 0 ? 'při použití' : `po ${days} dnech`);

export function InstalmentTemplatesSettings() {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const applyWrite = useApplyWrite();
  const { isAdmin } = useMembership();
  const { notification } = App.useApp();
  const [form] = Form.useForm<TemplateValues>();
  const [opened, setOpened] = useState(0);
  const list = useQuery(trpc.instalment.getTemplates.queryOptions(school));
  const refresh = () => [trpcOptions.instalment.getTemplates.queryFilter()];
  const saveMutation = useMutation(trpc.instalment.saveTemplate.mutationOptions());
  const save = useFormMutation(form, {
    schema: instalmentTemplateInput,
    send: (_input, values) => saveMutation.mutateAsync({ ...schoolOf(school), ...values }),
    writes: refresh,
    success: 'Šablona splátek byla uložena',
    onSaved: () => setOpened((n) => n + 1),
  });
  const remove = useMutation(
    trpc.instalment.removeTemplate.mutationOptions({
      onSuccess: () => applyWrite(refresh()),
      onError: (err) => notification.error({ title: 'Chyba', description: describeError(err).message }),
    }),
  );
  const onFinish = (v: TemplateValues) =>
    save.submit({
      name: v.name ?? '',
      trainingKind: v.trainingKind ?? null,
      rows: (v.rows ?? []).map((r) => ({ label: r.label ?? '', offset: r.offset ?? Number.NaN })),
    });

  return (
    <Card size="small" title="Šablony splátek">
      <Flex vertical gap={12}>
        <List
          aria-label="Šablony splátek"
          dataSource={list.data ?? []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Zatím žádné šablony splátek" /> }}
          renderItem={(t) => (
            <List.Item
              actions={
                isAdmin
                  ? [
                      <Popconfirm
                        key="remove"
                        title="Opravdu chcete šablonu odstranit?"
                        okText="Ano"
                        cancelText="Zrušit"
                        onConfirm={() => remove.mutateAsync({ ...schoolOf(school), id: t.id }).catch(() => undefined)}
                      >
                        <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Odstranit šablonu ${t.name}`} />
                      </Popconfirm>,
                    ]
                  : []
              }
            >
              <List.Item.Meta
                title={`${t.name}${t.trainingKind ? ` (${TRAINING_KIND_LABELS[t.trainingKind]})` : ''}`}
                description={t.rows.map((r) => `${r.label} – ${offsetText(r.offset)}`).join(', ')}
              />
            </List.Item>
          )}
        />
        {isAdmin && (
          <Form<TemplateValues>
            key={opened}
            form={form}
            name="instalment-template"
            layout="vertical"
            initialValues={EXAMPLE}
            onFinish={onFinish}
            onValuesChange={clearErrorsOnChange(form)}
          >
            <Typography.Text strong>Nová šablona</Typography.Text>
            <Flex gap={8} wrap>
              <Form.Item label="Název šablony" name="name" style={{ flex: '2 1 200px' }}>
                <Input aria-label="Název šablony" maxLength={200} />
              </Form.Item>
              <Form.Item label="Druh výcviku" name="trainingKind" style={{ flex: '1 1 160px' }}>
                <Select
                  aria-label="Druh výcviku šablony"
                  allowClear
                  placeholder="Jakýkoli"
                  options={TRAINING_KINDS.map((k) => ({ value: k, label: TRAINING_KIND_LABELS[k] }))}
                />
              </Form.Item>
            </Flex>
            <Form.List name="rows">
              {(fields, { add, remove: removeRow }) => (
                <Flex vertical gap={4}>
                  {fields.map((field, i) => (
                    <Flex key={field.key} gap={8} align="center" wrap>
                      <Form.Item name={[field.name, 'label']} style={{ flex: '2 1 160px', marginBottom: 0 }}>
                        <Input aria-label={`Název splátky ${i + 1}`} maxLength={200} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'offset']} style={{ flex: '1 1 120px', marginBottom: 0 }}>
                        <InputNumber<number>
                          aria-label={`Dní po použití ${i + 1}`}
                          min={0}
                          max={INSTALMENT_OFFSET_MAX_DAYS}
                          precision={0}
                          suffix="dní"
                          style={{ width: '100%' }}
                        />
                      </Form.Item>
                      <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Odebrat splátku ${i + 1}`} onClick={() => removeRow(field.name)} />
                    </Flex>
                  ))}
                  {fields.length < INSTALMENTS_MAX && (
                    <Button
                      icon={<PlusOutlined />}
                      onClick={() => add({ label: `${fields.length + 1}. splátka`, offset: 30 * fields.length })}
                      style={{ alignSelf: 'flex-start' }}
                    >
                      Přidat splátku
                    </Button>
                  )}
                </Flex>
              )}
            </Form.List>
            <Button type="primary" htmlType="submit" loading={save.saving} style={{ marginTop: 12 }}>
              Uložit šablonu
            </Button>
          </Form>
        )}
      </Flex>
    </Card>
  );
}
