// 'Upozornění na lhůty' (issue 22 §3) on /app/exams: how many days before a student's deadline lapses the office gets a
// notification (the bell, and an e-mail for who chose it) from the nightly sweep: the exam application, the 12 months
// from the first exam, the 18 months of training and the medical certificate. The admin changes them.
import { useMutation, useQuery } from '@tanstack/react-query';
import { DEADLINE_MESSAGES, deadlineSettingsInput } from '@volant/shared/deadline/inputs';
import { DEADLINE_LEAD_DAYS_MAX } from '@volant/shared/deadline/rules';
import { Button, Card, Flex, Form, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { schoolOf, useMembership, useSchoolInput } from '../../app/use-school.ts';
import { clearErrorsOnChange } from '../../lib/form-fields.ts';
import { trpcOptions, useTRPC } from '../../lib/trpc.ts';
import { useFormMutation } from '../../lib/use-form-mutation.ts';

interface Values {
  leadDays?: number[];
}

const CHOICES = [1, 2, 3, 5, 7, 10, 14, 21, 30, 45, 60, DEADLINE_LEAD_DAYS_MAX];

export function DeadlineSettings() {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const { isAdmin } = useMembership();
  const [form] = Form.useForm<Values>();
  const settings = useQuery(trpc.deadline.getSettings.queryOptions(school));
  const set = useMutation(trpc.deadline.setSettings.mutationOptions());
  const save = useFormMutation(form, {
    schema: deadlineSettingsInput,
    send: (_input, values) => set.mutateAsync({ ...schoolOf(school), ...values }),
    writes: () => [trpcOptions.deadline.getSettings.queryFilter()],
    success: 'Nastavení upozornění bylo uloženo',
  });
  useEffect(() => {
    if (settings.data) form.setFieldsValue({ leadDays: settings.data.leadDays });
  }, [settings.data, form]);

  return (
    <Card size="small" title="Upozornění na lhůty">
      <Typography.Paragraph type="secondary">
        Kancelář dostane upozornění, když se blíží lhůta žáka: přihláška ke zkoušce do 15 dnů po ukončení výcviku, 12 měsíců od první zkoušky, 18 měsíců výcviku
        a lékařský posudek uchazeče. {DEADLINE_MESSAGES.count}.
      </Typography.Paragraph>
      <Form<Values>
        form={form}
        name="deadline-settings"
        layout="inline"
        onFinish={(v) => save.submit({ leadDays: v.leadDays ?? [] })}
        onValuesChange={clearErrorsOnChange(form)}
        disabled={!isAdmin}
      >
        <Flex gap={8} wrap align="start">
          <Form.Item label="Dní předem" name="leadDays">
            <Select<number[]> mode="multiple" aria-label="Dní předem" style={{ minWidth: 220 }} options={CHOICES.map((d) => ({ value: d, label: `${d}` }))} />
          </Form.Item>
          {isAdmin && (
            <Button type="primary" htmlType="submit" loading={save.saving}>
              Uložit upozornění
            </Button>
          )}
        </Flex>
      </Form>
    </Card>
  );
}
