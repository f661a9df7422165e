// Settings → Osnova výuky: the law's lesson plan in force today (legal-cz §3.2) for one licence group and training
// kind at a time, each figure marked 'ověřeno' / 'neověřeno', and the school's own raise of a figure (admins only; the
// server refuses one below the law with the law's number).
import { EditOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { LICENCE_GROUP_LABELS, type LicenceGroup, TEACHING_SECTION_LABELS, TRAINING_KIND_LABELS, type TrainingKind } from '@volant/shared/enums';
import { ERROR_TITLES } from '@volant/shared/errors';
import { LESSON_PLAN_MAX_HOURS, lessonPlanRaiseInput } from '@volant/shared/lesson-plan/inputs';
import { PLAN_ITEMS, type PlanItem, type PlanVariant } from '@volant/shared/lesson-plan/law';
import { Alert, App, Button, Flex, Form, InputNumber, Select, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { schoolOf, useMembership, useSchoolInput } from '../../app/use-school.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';
import { withFeedback } from '../../components/feedback-scope.tsx';

type Plan = RouterOutputs['lessonPlan']['getLessonPlan'];
type PlanRow = Plan['rows'][number];
type Cell = PlanRow['course'][PlanItem];

const ITEM_LABELS: Record<PlanItem, string> = { ...TEACHING_SECTION_LABELS, DRIVING: 'Jízdy' };
const VARIANT_LABELS: Record<PlanVariant, string> = { COURSE: 'Kurz', ISP: 'ISP' };
const rowKey = (r: { group: LicenceGroup; kind: TrainingKind }) => `${r.group}:${r.kind}`;
const rowLabel = (r: { group: LicenceGroup; kind: TrainingKind }) => `${LICENCE_GROUP_LABELS[r.group]} – ${TRAINING_KIND_LABELS[r.kind]}`;

interface Editing {
  row: PlanRow;
  variant: PlanVariant;
  item: PlanItem;
  cell: Cell;
}

function PlanCell({ cell, onEdit, label }: { cell: Cell | null; onEdit?: () => void; label: string }) {
  if (!cell) return <Typography.Text type="secondary">—</Typography.Text>;
  const raised = cell.raise !== null && cell.hours !== cell.lawHours;
  return (
    <Space size={4} wrap>
      <Typography.Text strong>{cell.hours ?? '—'}</Typography.Text>
      {raised && <Typography.Text type="secondary">{`(zákon ${cell.lawHours ?? '—'})`}</Typography.Text>}
      {cell.verified ? <Tag color="green">ověřeno</Tag> : <Tag color="orange">neověřeno</Tag>}
      {cell.raise !== null && <Tag color="blue">autoškola</Tag>}
      {onEdit && <Button type="text" size="small" icon={<EditOutlined />} aria-label={`Upravit ${label}`} onClick={onEdit} />}
    </Space>
  );
}

function RaiseModal({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const { message } = App.useApp();
  const [hours, setHours] = useState<number | null>(editing.cell.raise ?? editing.cell.hours);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(trpc.lessonPlan.setLessonPlanRaise.mutationOptions());
  const { row, variant, item, cell } = editing;

  const send = async (value: number | null) => {
    setError(null);
    const checked = lessonPlanRaiseInput.safeParse({ group: row.group, kind: row.kind, variant, item, hours: value });
    if (!checked.success) return setError(checked.error.issues[0].message);
    try {
      await save.mutateAsync({ ...schoolOf(school), ...checked.data });
      message.success('Uloženo');
      onClose();
    } catch (err) {
      setError(describeError(err).message);
    }
  };

  return (
    <AppModal
      open
      title={`${ITEM_LABELS[item]} · ${rowLabel(row)} · ${VARIANT_LABELS[variant]}`}
      onCancel={onClose}
      footer={
        <Flex justify="flex-end" gap={8} wrap>
          {cell.raise !== null && (
            <Button onClick={() => send(null)} loading={save.isPending && save.variables?.hours === null}>
              Vrátit na zákon
            </Button>
          )}
          <Button onClick={onClose}>Zrušit</Button>
          <Button type="primary" onClick={() => send(hours)} loading={save.isPending && save.variables?.hours !== null}>
            Uložit
          </Button>
        </Flex>
      }
    >
      <Typography.Paragraph>
        {cell.lawHours === null ? 'Zákonný počet hodin není ověřen; nastavte počet, který autoškola vyučuje.' : `Zákon stanoví ${cell.lawHours} h.`}
      </Typography.Paragraph>
      <Form layout="vertical" onFinish={() => send(hours)}>
        <Form.Item label="Počet hodin" htmlFor="lesson-plan-hours" validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
          <InputNumber<number>
            id="lesson-plan-hours"
            min={0}
            max={LESSON_PLAN_MAX_HOURS}
            precision={0}
            value={hours}
            onChange={(v) => setHours(v)}
            style={{ width: '100%' }}
            autoFocus
          />
        </Form.Item>
      </Form>
    </AppModal>
  );
}

function LessonPlanSettingsView() {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const { isAdmin } = useMembership();
  const plan = useQuery(trpc.lessonPlan.getLessonPlan.queryOptions(school));
  const [selected, setSelected] = useState<string>('B:BASIC');
  const [editing, setEditing] = useState<Editing | null>(null);

  if (plan.isError) return <Alert type="error" showIcon title={ERROR_TITLES.error} description={describeError(plan.error).message} />;
  if (!plan.data) return <PageSpinner />;
  const row = plan.data.rows.find((r) => rowKey(r) === selected) ?? plan.data.rows[0];

  const cellOf = (variant: PlanVariant, item: PlanItem) => {
    const cells = variant === 'ISP' ? row.isp : row.course;
    const cell = cells?.[item] ?? null;
    const label = `${ITEM_LABELS[item]} ${VARIANT_LABELS[variant]}`;
    return <PlanCell cell={cell} label={label} onEdit={isAdmin && cell ? () => setEditing({ row, variant, item, cell }) : undefined} />;
  };
  const columns: TableProps<PlanItem>['columns'] = [
    { key: 'item', title: 'Položka', render: (_, item) => <Typography.Text strong>{ITEM_LABELS[item]}</Typography.Text> },
    { key: 'course', title: 'Kurz (h)', render: (_, item) => cellOf('COURSE', item) },
    { key: 'isp', title: 'ISP (h)', render: (_, item) => cellOf('ISP', item) },
  ];

  return (
    <Flex vertical gap={16} style={{ minWidth: 0, maxWidth: 880 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Osnova výuky
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {`Minimální počty hodin podle zákona (${plan.data.source}), platné od ${plan.data.validFrom.split('-').reverse().map(Number).join('.')}. Hodina je 45 minut. Autoškola může počet hodin navýšit, nikdy ne snížit pod zákon. Neověřené údaje si prosím zkontrolujte.`}
      </Typography.Paragraph>
      <Select<string>
        aria-label="Skupina a druh výcviku"
        value={rowKey(row)}
        onChange={setSelected}
        options={plan.data.rows.map((r) => ({ value: rowKey(r), label: rowLabel(r) }))}
        style={{ maxWidth: 320 }}
      />
      {!row.isp && <Alert type="info" showIcon title="Individuální studijní plán (ISP) není pro tuto skupinu povolen." />}
      <Table<PlanItem> rowKey={(i) => i} columns={columns} dataSource={[...PLAN_ITEMS]} pagination={false} size="small" tableLayout="auto" />
      {editing && <RaiseModal key={`${rowKey(editing.row)}:${editing.variant}:${editing.item}`} editing={editing} onClose={() => setEditing(null)} />}
    </Flex>
  );
}

const LessonPlanSettings = withFeedback(LessonPlanSettingsView);
export default LessonPlanSettings;
