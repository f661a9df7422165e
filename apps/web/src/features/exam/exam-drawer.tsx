// 'Nový termín' / 'Upravit termín': the exam term form (spec §3 Exam, §5: date and place required, at least one type).
import { EXAM_TYPES, type ExamType } from '@volant/shared/enums';
import { createExamInput } from '@volant/shared/exam/inputs';
import { useMutation } from '@tanstack/react-query';
import { Checkbox, DatePicker, Form, Input, InputNumber } from 'antd';
import type { Dayjs } from 'dayjs';
import { schoolOf, useSchoolInput } from '../../app/use-school.ts';
import { FormDrawer } from '../../components/form-drawer.tsx';
import { clearErrorsOnChange, DATE_FORMAT, fromIsoDate, toIsoDate } from '../../lib/form-fields.ts';
import { type RouterOutputs, useTRPC } from '../../lib/trpc.ts';
import { useFormMutation } from '../../lib/use-form-mutation.ts';
import { examQueries } from './exam.live.ts';

export type ExamTerm = RouterOutputs['exam']['exams'][number];

interface Values {
  date?: Dayjs | null;
  place?: string;
  types?: ExamType[];
  note?: string | null;
  capacity?: number | null;
}

export function ExamDrawer({ open, exam, onClose }: { open: boolean; exam: Omit<ExamTerm, 'signUps'> | null; onClose: () => void }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const [form] = Form.useForm<Values>();
  const create = useMutation(trpc.exam.createExam.mutationOptions());
  const update = useMutation(trpc.exam.updateExam.mutationOptions());
  const save = useFormMutation(form, {
    schema: createExamInput,
    send: (input) => (exam ? update.mutateAsync({ ...schoolOf(school), id: exam.id, ...input }) : create.mutateAsync({ ...schoolOf(school), ...input })),
    writes: () => examQueries(schoolOf(school).schoolId, exam?.id),
    success: exam ? 'Termín byl upraven' : 'Termín byl vytvořen',
    onSaved: onClose,
  });
  const onFinish = (values: Values) => save.submit({ ...values, date: toIsoDate(values.date) ?? '', types: values.types ?? [] });

  const initialValues: Values = exam
    ? { date: fromIsoDate(exam.date), place: exam.place, types: exam.types, note: exam.note, capacity: exam.capacity }
    : { types: [] };
  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      title={exam ? 'Upravit termín' : 'Nový termín'}
      saving={save.saving}
      onSave={() => form.submit()}
      error={save.error}
    >
      <Form<Values> form={form} name="exam" layout="vertical" initialValues={initialValues} onFinish={onFinish} onValuesChange={clearErrorsOnChange(form)}>
        <Form.Item label="Datum" name="date" required>
          <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} placeholder="D.M.RRRR" />
        </Form.Item>
        <Form.Item label="Místo" name="place" required>
          <Input placeholder="např. Magistrát města Brna" />
        </Form.Item>
        <Form.Item label="Druhy zkoušky" name="types" required>
          <Checkbox.Group options={EXAM_TYPES.map((t) => ({ label: t, value: t }))} />
        </Form.Item>
        <Form.Item label="Poznámka (volitelné)" name="note">
          <Input.TextArea rows={2} placeholder="např. zkušební komisař" />
        </Form.Item>
        <Form.Item label="Kapacita (volitelné)" name="capacity">
          <InputNumber min={1} max={1000} style={{ width: '100%' }} />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </FormDrawer>
  );
}
