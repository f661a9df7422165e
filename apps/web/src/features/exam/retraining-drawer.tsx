// 'Zaznamenat novou výuku/výcvik' (legal-cz §7.4): after the attempts of a cycle failed, the day the student completed
// new teaching/training of that part (not before the last failed exam, not in the future) and a note. Beside the form,
// what the card already knows: the rides and the lessons recorded since the failed exam.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ExamType, LicenceGroup } from '@volant/shared/enums';
import { recordRetrainingInput } from '@volant/shared/exam/inputs';
import { EXAM_MESSAGES } from '@volant/shared/exam/rules';
import { formatDate, groupsText, pluralCs } from '@volant/shared/format';
import { schoolDateOf, schoolToday } from '@volant/shared/school-time';
import { DatePicker, Form, Input, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { schoolOf, useSchoolInput, withSchool } from '../../app/use-school.ts';
import { FormDrawer } from '../../components/form-drawer.tsx';
import { browserNow } from '../../lib/clock.ts';
import { clearErrorsOnChange, DATE_FORMAT, fromIsoDate, toIsoDate } from '../../lib/form-fields.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useFormMutation } from '../../lib/use-form-mutation.ts';
import { studentLive } from '../student/student.live.ts';

export interface RetrainingPart {
  type: ExamType;
  group: LicenceGroup;
  /** The last failed exam: the earliest day the new teaching/training can have been completed. */
  lastFailDate: string | null;
}

interface Values {
  completedOn?: Dayjs | null;
  note?: string | null;
}

/** 'Od poslední neúspěšné zkoušky (…) má žák zaevidováno 3 jízdy a 2 lekce výuky (PPV: 1).' from the card's own queries. */
function RecordedSince({ studentId, part }: { studentId: string; part: RetrainingPart }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const rides = useQuery(trpc.drivingLessonsRecord.getDrivingLessonsRecords.queryOptions(withSchool(school, { studentId })));
  const teaching = useQuery(trpc.teachingLessonRecord.getTeachingLessonRecords.queryOptions(withSchool(school, { studentId })));
  const since = part.lastFailDate;
  if (!since || !rides.data || !teaching.data) return null;
  const rideCount = rides.data.filter((r) => r.type === 'DRIVING' && r.state === 'COMPLETED' && schoolDateOf(new Date(r.startTime)) > since).length;
  const lessons = teaching.data.sections.flatMap((s) => s.lessons.filter((l) => l.date && l.date > since).map(() => s.type));
  const ofPart = lessons.filter((t) => t === part.type).length;
  return (
    <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>
      Od poslední neúspěšné zkoušky ({formatDate(since)}) má žák zaevidováno {rideCount} {pluralCs(rideCount, ['jízdu', 'jízdy', 'jízd'])} a {lessons.length}{' '}
      {pluralCs(lessons.length, ['lekci', 'lekce', 'lekcí'])} výuky
      {lessons.length > 0 ? ` (${part.type}: ${ofPart})` : ''}.
    </Typography.Paragraph>
  );
}

export function RetrainingDrawer({ studentId, part, onClose }: { studentId: string; part: RetrainingPart | null; onClose: () => void }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const [form] = Form.useForm<Values>();
  const record = useMutation(trpc.exam.recordRetraining.mutationOptions());
  const today = schoolToday(browserNow());
  const { schoolId } = schoolOf(school);
  const save = useFormMutation(form, {
    schema: recordRetrainingInput.omit({ studentId: true, type: true, group: true }),
    // Submitted only with a part (onFinish).
    send: (input) => record.mutateAsync({ schoolId, studentId, type: part?.type as ExamType, group: part?.group as LicenceGroup, ...input }),
    // The card, as the write's StudentInfoMessage says.
    writes: () => studentLive.StudentInfoMessage({ schoolId, studentId }),
    success: 'Nová výuka/výcvik byla zaznamenána',
    onSaved: onClose,
  });
  const onFinish = async (values: Values) => {
    if (part) await save.submit({ completedOn: toIsoDate(values.completedOn) ?? '', note: values.note });
  };

  return (
    <FormDrawer
      open={part !== null}
      onClose={onClose}
      title={part ? `${EXAM_MESSAGES.recordRetraining} · ${part.type} ${groupsText([part.group])}` : EXAM_MESSAGES.recordRetraining}
      saving={save.saving}
      onSave={() => form.submit()}
      error={save.error}
    >
      {part && <RecordedSince studentId={studentId} part={part} />}
      <Form<Values>
        form={form}
        name="retraining"
        layout="vertical"
        initialValues={{ completedOn: fromIsoDate(today) }}
        onFinish={onFinish}
        onValuesChange={clearErrorsOnChange(form)}
      >
        <Form.Item label="Datum absolvování" name="completedOn" required>
          <DatePicker
            format={DATE_FORMAT}
            style={{ width: '100%' }}
            placeholder="D.M.RRRR"
            disabledDate={(d) => {
              const day = toIsoDate(d) ?? '';
              return day > today || (!!part?.lastFailDate && day < part.lastFailDate);
            }}
          />
        </Form.Item>
        <Form.Item label="Poznámka (volitelné)" name="note">
          <Input.TextArea rows={3} placeholder="např. 2 hodiny výuky PPV navíc" />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </FormDrawer>
  );
}
