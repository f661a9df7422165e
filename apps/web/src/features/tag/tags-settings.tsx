// Settings → Štítky: the school's tags (name + colour) used to mark students.
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { ERROR_TITLES } from '@volant/shared/errors';
import { tagInput } from '@volant/shared/tag/inputs';
import { Alert, App, Button, Card, ColorPicker, Empty, Flex, Form, Input, Popconfirm, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { AppModal } from '../../components/app-modal.tsx';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';
import { withFeedback } from '../../components/feedback-scope.tsx';
import { clearErrorsOnChange } from '../../lib/form-fields.ts';
import { useApplyWrite, useFormMutation } from '../../lib/use-form-mutation.ts';
import { tagLive } from './tag.live.ts';
import { schoolOf, useSchoolInput } from '../../app/use-school.ts';

type TagRow = RouterOutputs['tag']['getTagsBySchoolId'][number];
interface TagValues {
  name?: string;
  color?: string;
}

export const DEFAULT_TAG_COLOR = '#1677ff';
const PRESETS = [{ label: 'Barvy', colors: ['#1677ff', '#52c41a', '#faad14', '#f5222d', '#722ed1', '#13c2c2', '#eb2f96', '#fa8c16', '#8c8c8c'] }];

function ColorField({ value, onChange }: { value?: string; onChange?: (v: string) => void }) {
  return (
    <ColorPicker
      value={value}
      format="hex"
      disabledAlpha
      presets={PRESETS}
      showText
      aria-label="Barva štítku"
      onChange={(color) => onChange?.(color.toHexString())}
    />
  );
}

/** The name + colour form, for creating (inline) and editing (in a modal); a refusal shows at the name. */
function TagForm({
  initial,
  submitLabel,
  send,
  success,
  onSaved,
  inline,
}: {
  initial: TagValues;
  submitLabel: string;
  inline?: boolean;
  send: (v: { name: string; color: string }) => Promise<TagRow>;
  success: string;
  onSaved?: () => void;
}) {
  const school = useSchoolInput();
  const [form] = Form.useForm<TagValues>();
  const save = useFormMutation(form, {
    schema: tagInput,
    send,
    writes: (_input, tag) => (tag ? tagLive.TagMessage({ schoolId: schoolOf(school).schoolId, tagId: tag.id }) : []),
    success,
    onSaved: () => {
      if (inline) form.resetFields();
      onSaved?.();
    },
    onRefused: (err) => {
      const { message, appCode, fieldErrors } = describeError(err);
      if (appCode === 'TAG_NAME_TAKEN' || Object.keys(fieldErrors).length === 0) form.setFields([{ name: ['name'], errors: [message] }]);
      return null;
    },
  });
  return (
    <Form<TagValues>
      form={form}
      name={inline ? 'tag-create' : 'tag-edit'}
      layout={inline ? 'inline' : 'vertical'}
      initialValues={initial}
      onFinish={save.submit}
      onValuesChange={clearErrorsOnChange(form)}
      style={inline ? { rowGap: 8 } : undefined}
    >
      <Form.Item label="Název" name="name" required>
        <Input placeholder="Např. Platba předem" maxLength={50} />
      </Form.Item>
      <Form.Item label="Barva" name="color" required>
        <ColorField />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={save.saving} icon={inline ? <PlusOutlined /> : undefined}>
          {submitLabel}
        </Button>
      </Form.Item>
    </Form>
  );
}

function TagsSettingsView() {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const { message, notification } = App.useApp();
  const [editing, setEditing] = useState<TagRow | null>(null);
  const tags = useQuery(trpc.tag.getTagsBySchoolId.queryOptions(school));
  // Tags show on students too (list, card): the forms apply the write's live reaction (tag.live.ts) on the answer.
  const create = useMutation(trpc.tag.createTag.mutationOptions());
  const update = useMutation(trpc.tag.updateTag.mutationOptions());
  const applyWrite = useApplyWrite();
  const remove = useMutation(
    trpc.tag.removeTag.mutationOptions({
      onSuccess: (_answer, { tagId }) => {
        message.success('Štítek byl odstraněn');
        void applyWrite(tagLive.TagMessage({ schoolId: schoolOf(school).schoolId, tagId }));
      },
      onError: (err) => notification.error({ title: ERROR_TITLES.error, description: describeError(err).message }),
    }),
  );

  const columns: TableProps<TagRow>['columns'] = [
    { key: 'name', title: 'Štítek', render: (_, t) => <Tag color={t.color}>{t.name}</Tag> },
    { key: 'color', title: 'Barva', responsive: ['sm'], render: (_, t) => <Typography.Text code>{t.color}</Typography.Text> },
    {
      key: 'actions',
      title: '',
      align: 'right',
      render: (_, t) => (
        <Space size={0}>
          <Button type="text" icon={<EditOutlined />} aria-label={`Upravit štítek ${t.name}`} onClick={() => setEditing(t)} />
          <Popconfirm
            title="Odstranit štítek"
            description={`Opravdu chcete odstranit štítek ${t.name}? Zmizí i u všech žáků.`}
            okText="Ano"
            cancelText="Zrušit"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync({ ...schoolOf(school), tagId: t.id }).catch(() => undefined)}
          >
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Odstranit štítek ${t.name}`} />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Štítky
      </Typography.Title>
      <Card size="small" title="Nový štítek">
        <TagForm
          inline
          initial={{ color: DEFAULT_TAG_COLOR }}
          submitLabel="Přidat štítek"
          send={(v) => create.mutateAsync({ ...schoolOf(school), ...v })}
          success="Štítek byl vytvořen"
        />
      </Card>
      {tags.isError && <Alert type="error" showIcon title={describeError(tags.error).message} />}
      <Table<TagRow>
        rowKey="id"
        columns={columns}
        dataSource={tags.data ?? []}
        loading={tags.isPending && school !== skipToken}
        pagination={(tags.data?.length ?? 0) > 10 ? { pageSize: 10 } : false}
        locale={{ emptyText: <Empty description="Zatím žádné štítky" /> }}
      />
      <AppModal open={editing !== null} title="Upravit štítek" footer={null} onCancel={() => setEditing(null)} destroyOnHidden>
        {editing && (
          <TagForm
            key={editing.id}
            initial={{ name: editing.name, color: editing.color }}
            submitLabel="Uložit"
            send={(v) => update.mutateAsync({ ...schoolOf(school), tagId: editing.id, ...v })}
            success="Štítek byl upraven"
            onSaved={() => setEditing(null)}
          />
        )}
      </AppModal>
    </Flex>
  );
}

const TagsSettings = withFeedback(TagsSettingsView);
export default TagsSettings;
