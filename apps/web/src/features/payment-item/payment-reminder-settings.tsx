// Nastavení → Ceník → 'Upomínky plateb' (issue 21 §2): the school's payment reminders by e-mail — days before an
// instalment's due date, days after it while unpaid (empty: off) and a text of the school's own. Each mail carries the
// QR Platba of what is left to pay; the daily job sends them at 08:00.
import { useMutation, useQuery } from '@tanstack/react-query';
import { paymentReminderSettingsInput } from '@volant/shared/instalment/inputs';
import { Button, Card, Flex, Form, Input, InputNumber, Typography } from 'antd';
import { useEffect } from 'react';
import { schoolOf, useMembership, useSchoolInput } from '../../app/use-school.ts';
import { clearErrorsOnChange } from '../../lib/form-fields.ts';
import { trpcOptions, useTRPC } from '../../lib/trpc.ts';
import { useFormMutation } from '../../lib/use-form-mutation.ts';

interface ReminderValues {
  daysBefore?: number | null;
  daysAfter?: number | null;
  text?: string | null;
}

export function PaymentReminderSettings() {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const { isAdmin } = useMembership();
  const [form] = Form.useForm<ReminderValues>();
  const settings = useQuery(trpc.instalment.getReminderSettings.queryOptions(school));
  const set = useMutation(trpc.instalment.setReminderSettings.mutationOptions());
  const save = useFormMutation(form, {
    schema: paymentReminderSettingsInput,
    send: (_input, values) => set.mutateAsync({ ...schoolOf(school), ...values }),
    writes: () => [trpcOptions.instalment.getReminderSettings.queryFilter()],
    success: 'Nastavení upomínek bylo uloženo',
  });
  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);
  const onFinish = (v: ReminderValues) => save.submit({ daysBefore: v.daysBefore ?? null, daysAfter: v.daysAfter ?? null, text: v.text ?? null });

  return (
    <Card size="small" title="Upomínky plateb">
      <Typography.Paragraph type="secondary">
        Žákům se splátkovým kalendářem pošleme e-mail s QR Platbou na zbývající částku splátky. Prázdné pole upomínku vypne.
      </Typography.Paragraph>
      <Form<ReminderValues>
        form={form}
        name="payment-reminders"
        layout="vertical"
        onFinish={onFinish}
        onValuesChange={clearErrorsOnChange(form)}
        disabled={!isAdmin}
      >
        <Flex gap={8} wrap>
          <Form.Item label="Dní před splatností" name="daysBefore" style={{ flex: '1 1 160px' }}>
            <InputNumber<number> aria-label="Dní před splatností" min={0} max={60} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="Dní po splatnosti" name="daysAfter" style={{ flex: '1 1 160px' }}>
            <InputNumber<number> aria-label="Dní po splatnosti" min={1} max={60} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        <Form.Item label="Text upomínky" name="text">
          <Input.TextArea aria-label="Text upomínky" rows={3} maxLength={2000} />
        </Form.Item>
        {isAdmin && (
          <Button type="primary" htmlType="submit" loading={save.saving}>
            Uložit upomínky
          </Button>
        )}
      </Form>
    </Card>
  );
}
