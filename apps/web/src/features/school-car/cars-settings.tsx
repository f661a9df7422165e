// Settings → Vozidla: the school's training vehicles (spec §3 school car, §5 vehicle rules). Admins add, edit, retire
// (a retired car leaves the pickers, its rides keep it), restore and remove (only a car that never had a ride).
import { DeleteOutlined, EditOutlined, PlusOutlined, RollbackOutlined, StopOutlined } from '@ant-design/icons';
import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import type { LicenceGroup } from '@volant/shared/enums';
import { ERROR_TITLES } from '@volant/shared/errors';
import type { ExpiryState } from '@volant/shared/expiry';
import { formatDate, groupsText } from '@volant/shared/format';
import { REG_NUMBER_MAX, schoolCarInput } from '@volant/shared/school-car/inputs';
import { Alert, App, Button, DatePicker, Empty, Flex, Form, Input, Popconfirm, Space, Table, type TableProps, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { schoolOf, useMembership, useSchoolInput } from '../../app/use-school.ts';
import { CardList } from '../../components/card-list.tsx';
import { FormDrawer } from '../../components/form-drawer.tsx';
import { clearErrorsOnChange, DATE_FORMAT, fromIsoDate, toIsoDate } from '../../lib/form-fields.ts';
import { useIsPhone } from '../../lib/media.ts';
import { useApplyWrite, useFormMutation } from '../../lib/use-form-mutation.ts';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';
import { LicenceGroupSelect } from '../student/student-fields.tsx';
import { withFeedback } from '../../components/feedback-scope.tsx';
import { schoolCarQueries } from './school-car.live.ts';

type Car = RouterOutputs['schoolCar']['getSchoolCar'][number];

interface Values {
  carType?: string;
  regNumber?: string;
  targetGroup?: LicenceGroup[];
  stkValidUntil?: Dayjs | null;
}

const STK_TAGS: Record<Exclude<ExpiryState, 'OK'>, { color: string; text: string }> = {
  SOON: { color: 'orange', text: 'STK brzy vyprší' },
  EXPIRED: { color: 'red', text: 'STK vypršela' },
};

/** 'STK do' with its warning tag. */
export function StkCell({ car }: { car: Pick<Car, 'stkValidUntil' | 'stkState'> }) {
  if (!car.stkValidUntil) return <>—</>;
  const tag = car.stkState && car.stkState !== 'OK' ? STK_TAGS[car.stkState] : null;
  return (
    <Space size={4} wrap>
      <span>{formatDate(car.stkValidUntil)}</span>
      {tag && <Tag color={tag.color}>{tag.text}</Tag>}
    </Space>
  );
}

const StateTag = ({ car }: { car: Car }) => (car.retiredAt ? <Tag>Vyřazeno</Tag> : <Tag color="green">Aktivní</Tag>);

function CarDrawer({ open, car, onClose }: { open: boolean; car: Car | null; onClose: () => void }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const [form] = Form.useForm<Values>();
  const create = useMutation(trpc.schoolCar.createSchoolCar.mutationOptions());
  const update = useMutation(trpc.schoolCar.updateSchoolCar.mutationOptions());
  const save = useFormMutation(form, {
    schema: schoolCarInput,
    send: (input) => (car ? update.mutateAsync({ ...schoolOf(school), schoolCarId: car.id, ...input }) : create.mutateAsync({ ...schoolOf(school), ...input })),
    writes: () => schoolCarQueries(schoolOf(school).schoolId),
    success: car ? 'Vozidlo bylo upraveno' : 'Vozidlo bylo přidáno',
    onSaved: onClose,
  });
  const onFinish = (values: Values) => save.submit({ ...values, stkValidUntil: toIsoDate(values.stkValidUntil) ?? null });

  const initialValues: Values = car
    ? { carType: car.carType, regNumber: car.regNumber, targetGroup: car.targetGroup, stkValidUntil: fromIsoDate(car.stkValidUntil) }
    : { targetGroup: [] };
  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      title={car ? 'Upravit vozidlo' : 'Nové vozidlo'}
      saving={save.saving}
      onSave={() => form.submit()}
      error={save.error}
    >
      <Form<Values>
        form={form}
        name="school-car"
        layout="vertical"
        initialValues={initialValues}
        onFinish={onFinish}
        onValuesChange={clearErrorsOnChange(form)}
      >
        <Form.Item label="Značka" name="carType" required>
          <Input placeholder="např. Škoda Octavia" />
        </Form.Item>
        {/* Upper-cased as typed; one character over the limit is kept so the rule can say why it is refused. */}
        <Form.Item label="SPZ" name="regNumber" required normalize={(v?: string) => v?.toUpperCase()}>
          <Input maxLength={REG_NUMBER_MAX + 4} placeholder="např. 1B2 3456" autoCapitalize="characters" />
        </Form.Item>
        <Form.Item label="Skupiny" name="targetGroup" required>
          <LicenceGroupSelect />
        </Form.Item>
        <Form.Item label="STK platná do (volitelné)" name="stkValidUntil">
          <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} placeholder="D.M.RRRR" />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </FormDrawer>
  );
}

function CarsSettingsView() {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const isPhone = useIsPhone();
  const { isAdmin } = useMembership();
  const { message, notification } = App.useApp();
  // Each opening mounts a fresh form (`opened` in the key): a form kept from the last car would show its values.
  const [drawer, setDrawer] = useState<{ open: boolean; car: Car | null; opened: number }>({ open: false, car: null, opened: 0 });
  const openDrawer = (car: Car | null) => setDrawer((d) => ({ open: true, car, opened: d.opened + 1 }));
  const list = useQuery(trpc.schoolCar.getSchoolCar.queryOptions(school));
  const applyWrite = useApplyWrite();
  const done = (text: string) => () => {
    message.success(text);
    void applyWrite(schoolCarQueries(schoolOf(school).schoolId));
  };
  const onError = (err: unknown) => notification.error({ title: ERROR_TITLES.error, description: describeError(err).message });
  const retire = useMutation(trpc.schoolCar.retireSchoolCar.mutationOptions({ onSuccess: done('Vozidlo bylo vyřazeno'), onError }));
  const restore = useMutation(trpc.schoolCar.restoreSchoolCar.mutationOptions({ onSuccess: done('Vozidlo bylo obnoveno'), onError }));
  const remove = useMutation(trpc.schoolCar.removeSchoolCar.mutationOptions({ onSuccess: done('Vozidlo bylo odstraněno'), onError }));
  const cars = list.data ?? [];

  const actions = (car: Car) =>
    isAdmin ? (
      <Space size={0} wrap>
        <Button type="text" icon={<EditOutlined />} aria-label={`Upravit vozidlo ${car.regNumber}`} onClick={() => openDrawer(car)} />
        {car.retiredAt ? (
          <Button
            type="text"
            icon={<RollbackOutlined />}
            aria-label={`Obnovit vozidlo ${car.regNumber}`}
            title="Obnovit"
            onClick={() => restore.mutateAsync({ ...schoolOf(school), schoolCarId: car.id }).catch(() => undefined)}
          />
        ) : (
          <Popconfirm
            title="Vyřadit vozidlo"
            description={`Opravdu chcete vyřadit vozidlo ${car.regNumber}? Jízdy s ním zůstanou zachovány.`}
            okText="Vyřadit"
            cancelText="Zrušit"
            onConfirm={() => retire.mutateAsync({ ...schoolOf(school), schoolCarId: car.id }).catch(() => undefined)}
          >
            <Button type="text" icon={<StopOutlined />} aria-label={`Vyřadit vozidlo ${car.regNumber}`} title="Vyřadit" />
          </Popconfirm>
        )}
        <Popconfirm
          title="Odstranit vozidlo"
          description={`Opravdu chcete odstranit vozidlo ${car.regNumber}?`}
          okText="Odstranit"
          cancelText="Zrušit"
          okButtonProps={{ danger: true }}
          onConfirm={() => remove.mutateAsync({ ...schoolOf(school), schoolCarId: car.id }).catch(() => undefined)}
        >
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Odstranit vozidlo ${car.regNumber}`} title="Odstranit" />
        </Popconfirm>
      </Space>
    ) : null;

  const columns: TableProps<Car>['columns'] = [
    { key: 'carType', title: 'Značka', render: (_, c) => <Typography.Text strong>{c.carType}</Typography.Text> },
    { key: 'regNumber', title: 'SPZ', render: (_, c) => c.regNumber },
    { key: 'targetGroup', title: 'Skupiny', render: (_, c) => groupsText(c.targetGroup) },
    { key: 'stk', title: 'STK do', render: (_, c) => <StkCell car={c} /> },
    { key: 'state', title: 'Stav', render: (_, c) => <StateTag car={c} /> },
    ...(isAdmin ? [{ key: 'actions', title: '', align: 'right' as const, render: (_: unknown, c: Car) => actions(c) }] : []),
  ];

  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Vozidla
        </Typography.Title>
        {isAdmin && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openDrawer(null)}>
            Přidat vozidlo
          </Button>
        )}
      </Flex>
      {list.isError && <Alert type="error" showIcon title={describeError(list.error).message} />}
      {isPhone ? (
        <CardList<Car>
          label="Vozidla"
          items={cars}
          rowKey={(c) => c.id}
          title={(c) => `${c.carType} · ${c.regNumber}`}
          actions={actions}
          fields={(c) => [
            { label: 'Skupiny', value: groupsText(c.targetGroup) },
            { label: 'STK do', value: <StkCell car={c} /> },
            { label: 'Stav', value: <StateTag car={c} /> },
          ]}
          emptyText="Zatím žádná vozidla"
        />
      ) : (
        <Table<Car>
          rowKey="id"
          columns={columns}
          dataSource={cars}
          loading={list.isPending && school !== skipToken}
          pagination={cars.length > 20 ? { pageSize: 20 } : false}
          locale={{ emptyText: <Empty description="Zatím žádná vozidla" /> }}
        />
      )}
      <CarDrawer
        key={`${drawer.car?.id ?? 'new'}-${drawer.opened}`}
        open={drawer.open}
        car={drawer.car}
        onClose={() => setDrawer((d) => ({ ...d, open: false }))}
      />
    </Flex>
  );
}

const CarsSettings = withFeedback(CarsSettingsView);
export default CarsSettings;
