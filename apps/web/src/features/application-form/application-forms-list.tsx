// 'Formuláře' of /app/application-form: the school's forms as cards (name, colours, domains, courses, waiting
// applications, how to embed), 'Nový formulář', and per form 'Upravit' and 'Odstranit' (confirmed).
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { pluralCs } from '@volant/shared/format';
import { Alert, App, Button, Card, Collapse, Descriptions, Empty, Flex, Popconfirm, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { schoolOf, useMembership, useSchoolInput } from '../../app/use-school.ts';
import { describeError, useTRPC } from '../../lib/trpc.ts';
import { type ApplicationFormRow, ApplicationFormEditor } from './application-form-editor.tsx';
import { FormEmbed } from './form-embed.tsx';
import './application-form.css';
import { formatPrice } from '@volant/shared/money';
import { useApplyWrite } from '../../lib/use-form-mutation.ts';
import { applicationQueries } from './application-form.live.ts';

function Swatch({ color, label }: { color: string; label: string }) {
  return (
    <Space size={6}>
      <span
        aria-hidden="true"
        style={{ display: 'inline-block', width: 14, height: 14, borderRadius: 4, background: color, border: '1px solid rgba(0,0,0,0.15)' }}
      />
      <span>
        {label} {color}
      </span>
    </Space>
  );
}

function FormCard({ row, canEdit, onEdit }: { row: ApplicationFormRow; canEdit: boolean; onEdit: () => void }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const { message } = App.useApp();
  const applyWrite = useApplyWrite();
  const remove = useMutation(trpc.applicationForm.removeApplicationForm.mutationOptions());
  const onRemove = () =>
    remove.mutateAsync(
      { ...schoolOf(school), id: row.id },
      {
        onSuccess: () => {
          message.success('Formulář byl odstraněn');
          void applyWrite(applicationQueries(schoolOf(school).schoolId));
        },
        onError: (err) => message.error(describeError(err).message),
      },
    );

  return (
    <Card
      className="application-form-card"
      title={row.name}
      extra={
        canEdit && (
          <Space wrap size={4}>
            <Button icon={<EditOutlined />} onClick={onEdit} aria-label={`Upravit formulář ${row.name}`}>
              Upravit
            </Button>
            <Popconfirm
              title="Odstranit formulář?"
              description="Web, na kterém je vložený, ho přestane zobrazovat. Přihlášky, které už přišly, zůstanou."
              okText="Odstranit"
              okButtonProps={{ danger: true }}
              cancelText="Zrušit"
              onConfirm={() => onRemove().catch(() => undefined)}
            >
              <Button danger icon={<DeleteOutlined />} aria-label={`Odstranit formulář ${row.name}`} loading={remove.isPending} />
            </Popconfirm>
          </Space>
        )
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          {
            key: 'pending',
            label: 'Čeká na přijetí',
            children:
              row.pendingCount > 0 ? (
                <Tag color="orange">{`${row.pendingCount} ${pluralCs(row.pendingCount, ['přihláška', 'přihlášky', 'přihlášek'])}`}</Tag>
              ) : (
                'žádná přihláška'
              ),
          },
          {
            key: 'colors',
            label: 'Barvy',
            children: (
              <Space wrap size={12}>
                <Swatch color={row.colorPrimary} label="hlavní" />
                <Swatch color={row.colorError} label="chyby" />
              </Space>
            ),
          },
          { key: 'origins', label: 'Povolené domény', children: <span style={{ overflowWrap: 'anywhere' }}>{row.origins.join(', ')}</span> },
          {
            key: 'courses',
            label: 'Kurzy',
            children: (
              <Space orientation="vertical" size={0}>
                {row.courses.map((c) => (
                  <span key={c.id}>
                    {c.name} – {formatPrice(c.price)}
                  </span>
                ))}
              </Space>
            ),
          },
        ]}
      />
      <Collapse
        ghost
        size="small"
        style={{ marginTop: 8 }}
        items={[{ key: 'embed', label: 'Vložení na web a odkaz', children: <FormEmbed formId={row.id} /> }]}
      />
    </Card>
  );
}

export function ApplicationFormsList() {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const { data: membership } = useMembership();
  const canEdit = membership?.role === 'ADMIN' || membership?.role === 'ASSISTANT';
  const forms = useQuery(trpc.applicationForm.getApplicationForms.queryOptions(school));
  // undefined: closed; null: a new form; a row: that form.
  const [editing, setEditing] = useState<ApplicationFormRow | null | undefined>(undefined);
  const rows = forms.data ?? [];

  return (
    <div>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">
          Formulář vložíte na web autoškoly a uchazeči se přes něj přihlásí do kurzu. Přihlášky najdete na kartě Přihlášky.
        </Typography.Text>
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            Nový formulář
          </Button>
        )}
      </Flex>
      {forms.isError && <Alert type="error" showIcon title={describeError(forms.error).message} style={{ marginBottom: 16 }} />}
      {forms.isPending ? (
        <div style={{ textAlign: 'center', padding: 24 }}>
          <Spin />
        </div>
      ) : rows.length === 0 ? (
        <Empty description="Autoškola zatím nemá žádný přihláškový formulář." />
      ) : (
        <Flex vertical gap={16}>
          {rows.map((row) => (
            <FormCard key={row.id} row={row} canEdit={canEdit} onEdit={() => setEditing(row)} />
          ))}
        </Flex>
      )}
      {editing !== undefined && <ApplicationFormEditor row={editing} onClose={() => setEditing(undefined)} />}
    </div>
  );
}
