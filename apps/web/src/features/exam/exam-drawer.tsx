// 'Nový termín' / 'Upravit termín': the exam term form (spec §3 Exam, §5: date and place required, at least one type).
import { EXAM_TYPES, type ExamType } from '@volant/shared/enums';
import { createExamInput } from '@volant/shared/exam/inputs';
import { useMutation } from '@tanstack/react-query';
import { App, Checkbox, DatePicker, Form, Input, InputNumber } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { schoolOf, useSchoolInput } from '../../app/use-school.ts';
import { serverFieldErrors, validateForm } from '../../lib/form-errors.ts';
import { FormDrawer } from '../../components/form-drawer.tsx';
import { clearErrorsOnChange, DATE_FORMAT, fromIsoDate, setFieldErrors, toIsoDate } from '../../lib/form-fields.ts';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';

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
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  // The lists follow the write's live message (ExamMessage).
  const create = useMutation(trpc.exam.createExam.mutationOptions());
  const update = useMutation(trpc.exam.updateExam.mutationOptions());

  const onFinish = async (values: Values) => {
    setError(null);
    const input = validateForm(form, createExamInput, { ...values, date: toIsoDate(values.date) ?? '', types: values.types ?? [] });
    if (!input) return;
    try {
      if (exam) await update.mutateAsync({ ...schoolOf(school), id: exam.id, ...input });
      else await create.mutateAsync({ ...schoolOf(school), ...input });
      message.success(exam ? 'Termín byl upraven' : 'Termín byl vytvořen');
      onClose();
    } catch (err) {
      const { message: text, fieldErrors } = describeError(err);
      if (Object.keys(fieldErrors).length) setFieldErrors(form, serverFieldErrors(fieldErrors));
      setError(text);
    }
  };

  const initialValues: Values = exam
    ? { date: fromIsoDate(exam.date), place: exam.place, types: exam.types, note: exam.note, capacity: exam.capacity }
    : { types: [] };
  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      title={exam ? 'Upravit termín' : 'Nový termín'}
      saving={create.isPending || update.isPending}
      onSave={() => form.submit()}
      error={error}
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
