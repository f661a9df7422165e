// Nastavení → 'Rezervace jízd' (issue 19 §3): whether students book rides themselves, and the school's rules for it.
// Off until the school turns it on; the defaults hold until the admin saves. Others read.
import { useMutation, useQuery } from '@tanstack/react-query';
import { BOOKING_DEFAULTS, BOOKING_LIMITS, BOOKING_RIDE_LENGTHS, BOOKING_TEACHER_CHOICE_LABELS, bookingSettingsInput } from '@volant/shared/booking/settings';
import { BOOKING_TEACHER_CHOICES, PRICE_EXTRA_LABELS } from '@volant/shared/enums';
import { formatMoney } from '@volant/shared/format';
import { Alert, Button, Card, Checkbox, Flex, Form, InputNumber, Radio, Switch, Typography } from 'antd';
import { Link } from 'react-router';
import { schoolOf, useMembership, useSchoolInput } from '../../app/use-school.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';
import { useFormMutation } from '../../lib/use-form-mutation.ts';
import { PRICE_LIST_PATH } from '../payment-item/owing-list.tsx';

type Settings = RouterOutputs['bookingSettings']['get'];

interface Values {
  enabled: boolean;
  horizonDays: number | null;
  bookBeforeHours: number | null;
  freeCancelHours: number | null;
  maxFutureRides: number | null;
  requireNoOverdue: boolean;
  teacherChoice: string;
  rideLengths: number[];
  reminderOn: boolean;
  reminderHours: number | null;
}

const toValues = (s: Settings): Values => ({
  enabled: s.enabled,
  horizonDays: s.horizonDays,
  bookBeforeHours: s.bookBeforeHours,
  freeCancelHours: s.freeCancelHours,
  maxFutureRides: s.maxFutureRides,
  requireNoOverdue: s.requireNoOverdue,
  teacherChoice: s.teacherChoice,
  rideLengths: s.rideLengths,
  reminderOn: s.reminderHours !== null,
  reminderHours: s.reminderHours ?? BOOKING_DEFAULTS.reminderHours,
});

/** The late-cancel charge of the price list, said beside the free-cancel rule. */
function LateCancelPrice() {
  const trpc = useTRPC();
  const extras = useQuery(trpc.paymentItem.getPriceExtras.queryOptions(useSchoolInput()));
  const price = extras.data?.find((e) => e.item === 'LATE_CANCELLATION')?.price ?? null;
  if (extras.isPending) return null;
  const label = PRICE_EXTRA_LABELS.LATE_CANCELLATION;
  return (
    <span>
      {price === null ? `Položka ceníku '${label}' není nastavena – pozdní zrušení se neúčtuje. ` : `Později se účtuje '${label}': ${formatMoney(price)}. `}
      <Link to={PRICE_LIST_PATH}>Nastavení → Ceník</Link>
    </span>
  );
}

function BookingSettingsForm({ settings, canEdit }: { settings: Settings; canEdit: boolean }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const [form] = Form.useForm<Values>();
  const update = useMutation(trpc.bookingSettings.update.mutationOptions());
  const reminderOn = Form.useWatch('reminderOn', form);
  const save = useFormMutation(form, {
    schema: bookingSettingsInput,
    send: (input) => update.mutateAsync({ ...schoolOf(school), ...input }),
    puts: (saved) => [{ filter: trpc.bookingSettings.get.queryFilter(schoolOf(school)), update: () => saved }],
    success: 'Pravidla rezervací byla uložena',
  });
  const onFinish = ({ reminderOn: on, reminderHours, ...values }: Values) => save.submit({ ...values, reminderHours: on ? reminderHours : null });
  const hours = (key: 'bookBeforeHours' | 'freeCancelHours' | 'reminderHours') => ({ min: BOOKING_LIMITS[key].min, max: BOOKING_LIMITS[key].max });

  return (
    <Form<Values> form={form} layout="vertical" initialValues={toValues(settings)} onFinish={onFinish} disabled={!canEdit || save.saving} requiredMark={false}>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Flex gap={12} align="center">
          <Form.Item name="enabled" valuePropName="checked" noStyle>
            <Switch aria-label="Povolit rezervace žáky" />
          </Form.Item>
          <Flex vertical>
            <Typography.Text strong>Povolit rezervace žáky</Typography.Text>
            <Typography.Text type="secondary">Žáci ve výcviku si sami rezervují jízdy v pracovní době učitelů (Učitelé → Dostupnost).</Typography.Text>
          </Flex>
        </Flex>
      </Card>
      <Card size="small" title="Pravidla" style={{ marginBottom: 16 }}>
        <Form.Item label="Kolik dní dopředu si žák může jízdu rezervovat" name="horizonDays">
          <InputNumber<number> min={BOOKING_LIMITS.horizonDays.min} max={BOOKING_LIMITS.horizonDays.max} precision={0} suffix="dní" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="Rezervace nejpozději hodin před začátkem jízdy" name="bookBeforeHours">
          <InputNumber<number> {...hours('bookBeforeHours')} precision={0} suffix="h" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="Zrušení zdarma nejpozději hodin před začátkem jízdy" name="freeCancelHours" extra={<LateCancelPrice />}>
          <InputNumber<number> {...hours('freeCancelHours')} precision={0} suffix="h" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="Nejvýše naplánovaných jízd na žáka" name="maxFutureRides">
          <InputNumber<number> min={BOOKING_LIMITS.maxFutureRides.min} max={BOOKING_LIMITS.maxFutureRides.max} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="Délky jízd, které si žák může rezervovat" name="rideLengths">
          <Checkbox.Group options={BOOKING_RIDE_LENGTHS.map((n) => ({ value: n, label: `${n} min` }))} />
        </Form.Item>
        <Form.Item label="S kým si žák může jízdu rezervovat" name="teacherChoice">
          <Radio.Group
            options={BOOKING_TEACHER_CHOICES.map((c) => ({ value: c, label: BOOKING_TEACHER_CHOICE_LABELS[c] }))}
            style={{ display: 'grid', gap: 6 }}
          />
        </Form.Item>
        <Form.Item name="requireNoOverdue" valuePropName="checked">
          <Checkbox>Jen žáci bez dluhu po splatnosti</Checkbox>
        </Form.Item>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          Rezervovat mohou jen žáci ve výcviku s vyplněným lékařským posudkem; platí i zákonný denní limit jízd.
        </Typography.Paragraph>
      </Card>
      <Card size="small" title="Připomenutí" style={{ marginBottom: 16 }}>
        <Form.Item name="reminderOn" valuePropName="checked">
          <Checkbox>Připomenout žákovi jízdu a výuku e-mailem</Checkbox>
        </Form.Item>
        {reminderOn && (
          <Form.Item label="Kolik hodin předem" name="reminderHours">
            <InputNumber<number> {...hours('reminderHours')} precision={0} suffix="h" style={{ width: 160 }} />
          </Form.Item>
        )}
      </Card>
      {save.error && <Alert type="error" showIcon title={save.error} style={{ marginBottom: 16 }} />}
      {canEdit && (
        <Button type="primary" htmlType="submit" loading={save.saving}>
          Uložit pravidla
        </Button>
      )}
    </Form>
  );
}

export default function BookingSettings() {
  const trpc = useTRPC();
  const { may } = useMembership();
  const settings = useQuery(trpc.bookingSettings.get.queryOptions(useSchoolInput()));
  if (settings.isPending) return <PageSpinner />;
  if (settings.isError) return <Alert type="error" showIcon title={describeError(settings.error).message} />;
  const canEdit = may('bookingSettings.update');
  // The form restarts from a change saved elsewhere (live).
  const version = String(settings.data.updatedAt ?? 'defaults');
  return (
    <div style={{ maxWidth: 720 }}>
      <Typography.Title level={2}>Rezervace jízd</Typography.Title>
      {!canEdit && <Alert type="info" showIcon title="Pravidla rezervací může měnit jen administrátor autoškoly." style={{ marginBottom: 16 }} />}
      <BookingSettingsForm key={version} settings={settings.data} canEdit={canEdit} />
    </div>
  );
}
