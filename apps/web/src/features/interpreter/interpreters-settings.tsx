// Settings → Tlumočníci (also the route /app/interpreter): interpreters assigned to foreign students.
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { ERROR_TITLES } from '@volant/shared/errors';
import { formatDate } from '@volant/shared/format';
import { interpreterInput } from '@volant/shared/interpreter/inputs';
import { latestBirthDate } from '@volant/shared/validation';
import { Alert, App, Button, Col, Empty, Flex, Form, Input, Popconfirm, Row, Space, Table, type TableProps, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { DayPicker } from '../../components/day-picker.tsx';
import { browserNow } from '../../lib/clock.ts';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';
import { withFeedback } from '../../components/feedback-scope.tsx';
import { FormDrawer } from '../../components/form-drawer.tsx';
import { clearErrorsOnChange, fromIsoDate, toIsoDate } from '../../lib/form-fields.ts';
import { fullName } from '@volant/shared/format';
import { schoolOf, useSchoolInput } from '../../app/use-school.ts';
import { useFormMutation } from '../../lib/use-form-mutation.ts';
import { interpreterQueries } from './interpreter.live.ts';

type Interpreter = RouterOutputs['interpreter']['getInterpreters'][number];

interface Values {
  interpreterInfo: { firstName?: string; lastName?: string; degree?: string | null; birthDate?: Dayjs | null; phone?: string | null };
  address: { street?: string; streetCode?: string; city?: string; postCode?: string };
}

function toValues(i: Interpreter | null): Values {
  if (!i) return { interpreterInfo: {}, address: {} };
  return { interpreterInfo: { ...i.interpreterInfo, birthDate: fromIsoDate(i.interpreterInfo.birthDate) }, address: { ...i.address } };
}

function InterpreterDrawer({ open, interpreter, onClose }: { open: boolean; interpreter: Interpreter | null; onClose: () => void }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const [form] = Form.useForm<Values>();
  const create = useMutation(trpc.interpreter.createInterpreter.mutationOptions());
  const update = useMutation(trpc.interpreter.updateInterpreter.mutationOptions());
  const save = useFormMutation(form, {
    schema: interpreterInput(browserNow()),
    send: (input) =>
      interpreter
        ? update.mutateAsync({ ...schoolOf(school), interpreterId: interpreter.id, ...input })
        : create.mutateAsync({ ...schoolOf(school), ...input }),
    writes: () => interpreterQueries(schoolOf(school).schoolId, interpreter?.id),
    success: interpreter ? 'Tlumočník byl upraven' : 'Tlumočník byl vytvořen',
    onSaved: onClose,
  });
  const onFinish = (values: Values) =>
    save.submit({ ...values, interpreterInfo: { ...values.interpreterInfo, birthDate: toIsoDate(values.interpreterInfo.birthDate) } });

  const col = { xs: 24, sm: 12 } as const;
  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      title={interpreter ? 'Upravit tlumočníka' : 'Nový tlumočník'}
      width={560}
      saving={save.saving}
      onSave={() => form.submit()}
      error={save.error}
    >
      <Form<Values>
        form={form}
        name="interpreter"
        layout="vertical"
        initialValues={toValues(interpreter)}
        onFinish={onFinish}
        onValuesChange={clearErrorsOnChange(form)}
      >
        <Typography.Title level={5}>Osobní údaje</Typography.Title>
        <Row gutter={16}>
          <Col {...col}>
            <Form.Item label="Jméno" name={['interpreterInfo', 'firstName']} required>
              <Input />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item label="Příjmení" name={['interpreterInfo', 'lastName']} required>
              <Input />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item label="Titul (volitelné)" name={['interpreterInfo', 'degree']}>
              <Input />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item label="Datum narození" name={['interpreterInfo', 'birthDate']} required>
              <DayPicker latest={latestBirthDate(browserNow())} style={{ width: '100%' }} placeholder="D.M.RRRR" />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item label="Telefon (volitelné)" name={['interpreterInfo', 'phone']}>
              <Input inputMode="tel" />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>Adresa</Typography.Title>
        <Row gutter={16}>
          <Col {...col}>
            <Form.Item label="Ulice" name={['address', 'street']} required>
              <Input />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item label="Číslo popisné" name={['address', 'streetCode']} required>
              <Input />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item label="Město" name={['address', 'city']} required>
              <Input />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item label="PSČ" name={['address', 'postCode']} required>
              <Input />
            </Form.Item>
          </Col>
        </Row>
        {/* Enter in a field submits. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </FormDrawer>
  );
}

function InterpretersSettingsView() {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const { message, notification } = App.useApp();
  const [drawer, setDrawer] = useState<{ open: boolean; interpreter: Interpreter | null }>({ open: false, interpreter: null });
  const list = useQuery(trpc.interpreter.getInterpreters.queryOptions(school));
  const remove = useMutation(
    trpc.interpreter.removeInterpreter.mutationOptions({
      onSuccess: () => message.success('Tlumočník byl odstraněn'),
      onError: (err) => notification.error({ title: ERROR_TITLES.error, description: describeError(err).message }),
    }),
  );

  const columns: TableProps<Interpreter>['columns'] = [
    { key: 'name', title: 'Jméno a příjmení', render: (_, i) => <Typography.Text strong>{fullName(i.interpreterInfo)}</Typography.Text> },
    { key: 'birthDate', title: 'Datum narození', responsive: ['sm'], render: (_, i) => formatDate(i.interpreterInfo.birthDate) },
    { key: 'phone', title: 'Telefon', render: (_, i) => i.interpreterInfo.phone || '—' },
    {
      key: 'address',
      title: 'Adresa',
      responsive: ['md'],
      render: (_, i) => `${i.address.street} ${i.address.streetCode}, ${i.address.postCode} ${i.address.city}`,
    },
    {
      key: 'actions',
      title: '',
      align: 'right',
      render: (_, i) => (
        <Space size={0}>
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={`Upravit tlumočníka ${fullName(i.interpreterInfo)}`}
            onClick={() => setDrawer({ open: true, interpreter: i })}
          />
          <Popconfirm
            title="Odstranit tlumočníka"
            description={`Opravdu chcete odstranit tlumočníka ${fullName(i.interpreterInfo)}?`}
            okText="Ano"
            cancelText="Zrušit"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync({ ...schoolOf(school), interpreterId: i.id }).catch(() => undefined)}
          >
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Odstranit tlumočníka ${fullName(i.interpreterInfo)}`} />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Tlumočníci
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ open: true, interpreter: null })}>
          Přidat tlumočníka
        </Button>
      </Flex>
      {list.isError && <Alert type="error" showIcon title={describeError(list.error).message} />}
      <Table<Interpreter>
        rowKey="id"
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.isPending && school !== skipToken}
        pagination={(list.data?.length ?? 0) > 10 ? { pageSize: 10 } : false}
        locale={{ emptyText: <Empty description="Zatím žádní tlumočníci" /> }}
      />
      <InterpreterDrawer
        key={drawer.interpreter?.id ?? 'new'}
        open={drawer.open}
        interpreter={drawer.interpreter}
        onClose={() => setDrawer((d) => ({ ...d, open: false }))}
      />
    </Flex>
  );
}

const InterpretersSettings = withFeedback(InterpretersSettingsView);
export default InterpretersSettings;
