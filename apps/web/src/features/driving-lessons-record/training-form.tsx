// The training form in a drawer (spec §2 training form): plan, register or edit a ride, a PV lesson or (in the
// calendar) a car reservation. Used by the student card's Výcvik tab (with `studentId`) and by the calendar (without:
// a student select, and 'Blokace vozidla'). Times are the school's wall clock (training-form-rules.ts).
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createTrainingInput, updateTrainingInput } from '@volant/shared/driving-lessons-record/inputs';
import { createRecurringTrainingInput, MAX_OCCURRENCES, type RecurringResult } from '@volant/shared/driving-lessons-record/recurrence';
import { COLLISION_TITLE, collisionMessage } from '@volant/shared/driving-lessons-record/rules';
import {
  CALENDAR_EVENT_TYPE_LABELS,
  CALENDAR_EVENT_TYPES,
  DRIVING_LENGTHS,
  EMPTY_SELECT,
  LESSON_KINDS,
  LESSON_STATE_LABELS,
  LESSON_STATES,
} from '@volant/shared/enums';
import { fullName } from '@volant/shared/format';
import { schoolToday } from '@volant/shared/school-time';
import { Alert, Button, Checkbox, Col, DatePicker, Drawer, Flex, Form, Input, InputNumber, Row, Select, TimePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { schoolOf, useSchoolInput, withSchool } from '../../app/use-school.ts';
import { SignatureField } from '../../components/signature-dialog.tsx';
import { browserNow } from '../../lib/clock.ts';
import { clearErrorsOnChange, DATE_FORMAT } from '../../lib/form-fields.ts';
import { useIsPhone } from '../../lib/media.ts';
import { useFormMutation } from '../../lib/use-form-mutation.ts';
import { describeError, errorCode, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';
import { withFeedback } from '../../components/feedback-scope.tsx';
import {
  applyTimeRules,
  collisionQuery,
  emptyValues,
  endOf as endOfValues,
  startOf as startOfValues,
  endedBy,
  notEndedHint,
  recordValues,
  type TrainingFormMode,
  type TrainingValues,
  toTrainingInput,
  visibleFields,
} from './training-form-rules.ts';
import { rideQueries } from './driving-lessons-record.live.ts';
import { AvailabilityWarning } from './calendar/availability-warning.tsx';
import { RepeatFields, RepeatResultList, type RepeatState } from './repeat-fields.tsx';
import { ridePuts } from './ride-cache.ts';
import { correctionReasonAsked } from '../record-chain/correction-reason.tsx';

/** A ride as the Výcvik tab lists it: whether it is signed, not the pictures. */
export type TrainingRecord = RouterOutputs['drivingLessonsRecord']['getDrivingLessonsRecords'][number];
/** A ride whole, signature pictures included (getDrivingLessonsRecord): what the edit form starts from. */
export type FullTrainingRecord = RouterOutputs['drivingLessonsRecord']['getDrivingLessonsRecord'];

/** The antd form's values: the pickers hold Dayjs, everything else as in TrainingValues. */
type FormValues = Omit<TrainingValues, 'startDay' | 'startTime' | 'endDay' | 'endTime'> & {
  startDate: Dayjs | null;
  startTime: Dayjs | null;
  endDate: Dayjs | null;
  endTime: Dayjs | null;
};

const TIME_FORMAT = 'HH:mm';
const DEBOUNCE_MS = 200;

function toForm(v: TrainingValues): FormValues {
  const { startDay, startTime, endDay, endTime, ...rest } = v;
  const time = (t: string | null) =>
    t
      ? dayjs()
          .hour(Number(t.slice(0, 2)))
          .minute(Number(t.slice(3, 5)))
          .second(0)
          .millisecond(0)
      : null;
  return { ...rest, startDate: startDay ? dayjs(startDay) : null, startTime: time(startTime), endDate: endDay ? dayjs(endDay) : null, endTime: time(endTime) };
}

function fromForm(f: FormValues): TrainingValues {
  const { startDate, startTime, endDate, endTime, ...rest } = f;
  return {
    ...rest,
    note: rest.note ?? '',
    startDay: startDate ? startDate.format('YYYY-MM-DD') : null,
    startTime: startTime ? startTime.format(TIME_FORMAT) : null,
    endDay: endDate ? endDate.format('YYYY-MM-DD') : null,
    endTime: endTime ? endTime.format(TIME_FORMAT) : null,
  };
}

const FORM_KEY_OF: Partial<Record<keyof FormValues, keyof TrainingValues>> = { startDate: 'startDay', endDate: 'endDay' };

/** A value that settles for `ms` before it is used (the collision check waits for typing to stop). */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised key stands for the value
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}

export interface TrainingFormDrawerProps {
  open: boolean;
  mode: TrainingFormMode;
  /** The card's student; absent in the calendar, which then asks for one (or offers a car reservation). */
  studentId?: string;
  /** Prefills of a new item: a calendar selection's start/end, the student's default teacher. */
  initial?: Partial<TrainingValues>;
  /** The item being edited (mode 'edit'), read whole: the lists carry no signature pictures. */
  record?: FullTrainingRecord;
  onClose: () => void;
  onSaved?: () => void;
}

const TITLES: Record<TrainingFormMode, string> = { plan: 'Naplánovat výcvik', register: 'Zaevidovat výcvik', edit: 'Upravit výcvik' };
const SAVED: Record<TrainingFormMode, string> = { plan: 'Výcvik byl naplánován', register: 'Výcvik byla zaevidován', edit: 'Jízda zaevidována' };

function TrainingForm({ mode, studentId, initial, record, onClose, onSaved }: Omit<TrainingFormDrawerProps, 'open'>) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const [form] = Form.useForm<FormValues>();
  const isCalendar = !studentId;
  const start = useMemo(() => (record ? recordValues(record) : emptyValues(mode, initial)), [record, mode, initial]);
  const [values, setValues] = useState<TrainingValues>(start);
  const [conflict, setConflict] = useState<string | null>(null);
  // Only an item that has ended may be registered or marked 'Absolvována' (the server says the same on save).
  const now = browserNow();
  const ended = endedBy(values, now);
  const notEnded = notEndedHint(mode, values, now);
  const shown = visibleFields(mode, values.type, isCalendar, ended);
  const signedRecord = mode === 'edit' && Boolean(record?.signature || record?.teacherSignature);
  const [reasonAsked, setReasonAsked] = useState(false);
  const askReason = signedRecord || reasonAsked;

  const teachers = useQuery(trpc.school.getSchoolTeachers.queryOptions(school));
  const cars = useQuery(trpc.schoolCar.getSchoolCar.queryOptions(school));
  const students = useQuery(trpc.school.getStudentsForTrainingFields.queryOptions(isCalendar ? school : skipToken));

  const checked = useDebounced(collisionQuery(values, record?.id ?? null, studentId), DEBOUNCE_MS);
  const collision = useQuery(trpc.drivingLessonsRecord.hasCollision.queryOptions(checked ? withSchool(school, checked) : skipToken));
  const collisionText = checked && collision.data ? collisionMessage(collision.data) : null;

  const warningInput = useDebounced(warningQuery(values, record?.id ?? null, studentId), DEBOUNCE_MS);
  const warnings = useQuery(trpc.drivingLessonsRecord.getTrainingWarnings.queryOptions(warningInput ? withSchool(school, warningInput) : skipToken));

  const create = useMutation(trpc.drivingLessonsRecord.createPlanDrivingLessonsRecordPlanV2.mutationOptions());
  const update = useMutation(trpc.drivingLessonsRecord.updatePlanDrivingLessonsRecordV2.mutationOptions());
  // The answer is the saved ride: it goes into the calendar, the Výcvik tab and its own query at once (the socket may
  // be down); the rest of what a ride changes is refetched, and the ride's live echo is skipped.
  const { schoolId } = schoolOf(school);
  const common = {
    writes: (input: { studentId?: string | null }, saved?: FullTrainingRecord) => [
      ...rideQueries(schoolId, input.studentId, saved?.id ?? record?.id),
      ...(record?.studentId && record.studentId !== input.studentId ? rideQueries(schoolId, record.studentId) : []),
    ],
    puts: (saved: FullTrainingRecord) => ridePuts(schoolId, saved, record?.studentId),
    success: SAVED[mode],
    onSaved: () => {
      onSaved?.();
      onClose();
    },
    // Someone else took the slot between the check and the save.
    onRefused: (err: unknown) => {
      // A registered ride changed is a correction: the server asks for 'Důvod opravy', the field appears (issue 22 §1).
      if (correctionReasonAsked(err) !== null) setReasonAsked(true);
      if (errorCode(err) !== 'CONFLICT') return undefined;
      setConflict(describeError(err).message);
      void collision.refetch();
      return null;
    },
  };
  const editSave = useFormMutation(form, { ...common, schema: updateTrainingInput, send: (input) => update.mutateAsync({ ...schoolOf(school), ...input }) });
  const createSave = useFormMutation(form, { ...common, schema: createTrainingInput, send: (input) => create.mutateAsync({ ...schoolOf(school), ...input }) });
  const save = mode === 'edit' ? editSave : createSave;

  // 'Opakovat' (plan mode only): the series goes to createRecurring; the refused occurrences stay listed in the drawer.
  const queryClient = useQueryClient();
  const [repeat, setRepeat] = useState<RepeatState>({ on: false, until: null, count: null });
  const [repeatError, setRepeatError] = useState<string | null>(null);
  const [repeatResult, setRepeatResult] = useState<RecurringResult | null>(null);
  const [repeatSaving, setRepeatSaving] = useState(false);
  const recurring = useMutation(trpc.drivingLessonsRecord.createRecurring.mutationOptions());
  const saveSeries = async (v: TrainingValues) => {
    setRepeatError(null);
    const parsed = createRecurringTrainingInput.safeParse({
      training: toTrainingInput(v, { mode, studentId, now: browserNow() }),
      repeat: { until: repeat.until, count: repeat.count },
    });
    if (!parsed.success) {
      setRepeatError(parsed.error.issues[0]?.message ?? 'Neplatné zadání');
      return;
    }
    setRepeatSaving(true);
    try {
      const answer = await recurring.mutateAsync({ ...schoolOf(school), ...parsed.data });
      for (const filter of rideQueries(schoolId, parsed.data.training.studentId)) void queryClient.invalidateQueries(filter);
      setRepeatResult(answer);
      onSaved?.();
    } catch (err) {
      setRepeatError(describeError(err).message);
    } finally {
      setRepeatSaving(false);
    }
  };

  // A newer check answers the conflict of the last save.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the checked slot changes
  useEffect(() => setConflict(null), [JSON.stringify(checked)]);

  const onValuesChange = (changed: Partial<FormValues>, all: FormValues) => {
    clearErrorsOnChange(form)(changed);
    const keys = Object.keys(changed).map((k) => FORM_KEY_OF[k as keyof FormValues] ?? (k as keyof TrainingValues));
    const next = applyTimeRules(fromForm(all), keys, browserNow());
    const current = fromForm(all);
    if (JSON.stringify(next) !== JSON.stringify(current)) form.setFieldsValue(toForm(next));
    setValues(next);
  };

  const onFinish = async () => {
    setConflict(null);
    const v = fromForm(form.getFieldsValue(true));
    if (mode === 'plan' && repeat.on) {
      await saveSeries(v);
      return;
    }
    const input = toTrainingInput(v, { mode, studentId, recordId: record?.id, now: browserNow() });
    // A signed ride's change is a correction with its reason (issue 22 §1); the server requires it when the content changes.
    const correctionReason = askReason ? (form.getFieldsValue(true) as { correctionReason?: string }).correctionReason : undefined;
    await save.submit(correctionReason ? { ...input, correctionReason } : input);
  };

  const collisionAlert = collisionText ?? conflict;
  if (repeatResult) return <RepeatResultList result={repeatResult} onClose={onClose} />;
  const activeCars = (cars.data ?? []).filter((c) => c.retiredAt === null || c.id === record?.schoolCarId);
  // A ride keeps showing its teacher by name after the teacher left the school's active teachers.
  const teacherOptions = (teachers.data ?? []).map((t) => ({ value: t.id, label: fullName(t) }));
  if (record?.user && teachers.data && !teacherOptions.some((o) => o.value === record.user?.id)) {
    teacherOptions.push({ value: record.user.id, label: fullName(record.user) });
  }
  const col = { xs: 24, sm: 12 } as const;

  return (
    <Form<FormValues>
      form={form}
      name="training"
      layout="vertical"
      initialValues={toForm(start)}
      onValuesChange={onValuesChange}
      onFinish={onFinish}
      id="training-form"
    >
      {save.error && <Alert type="error" showIcon title={save.error} style={{ marginBottom: 16 }} />}
      {notEnded && (
        <Alert
          type="info"
          showIcon
          title={notEnded}
          description={mode === 'register' ? 'Budoucí výcvik naplánujte, zaevidujte ho po skončení.' : 'Stav Absolvována lze nastavit až po skončení výcviku.'}
          style={{ marginBottom: 16 }}
          data-testid="not-ended"
        />
      )}
      {collisionAlert && <Alert type="error" showIcon title={COLLISION_TITLE} description={collisionAlert} style={{ marginBottom: 16 }} role="alert" />}
      {(warnings.data?.length ?? 0) > 0 && (
        <Alert
          type="warning"
          showIcon
          title="Upozornění"
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {warnings.data?.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      {values.type === 'DRIVING' && <AvailabilityWarning teacherId={values.userId} start={startOfValues(values)} end={endOfValues(values)} />}
      {mode === 'edit' && record?.student && (
        // The edited item's student: the card's drawer has no student select, the calendar's edit neither.
        <Form.Item label="Žák">
          <Typography.Text strong data-testid="training-student">
            {fullName(record.student)}
            {record.student.registrationNumber ? ` (${record.student.registrationNumber})` : ''}
          </Typography.Text>
        </Form.Item>
      )}
      <Row gutter={16}>
        <Col {...col}>
          <Form.Item label="Typ" name="type" required>
            <Select options={(isCalendar ? CALENDAR_EVENT_TYPES : LESSON_KINDS).map((t) => ({ value: t, label: CALENDAR_EVENT_TYPE_LABELS[t] }))} />
          </Form.Item>
        </Col>
        {shown.student && (
          <Col {...col}>
            <Form.Item label="Žák" name="studentId" required>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={students.isPending && isCalendar}
                options={[
                  { value: EMPTY_SELECT, label: 'Nevybráno' },
                  ...(students.data ?? []).map((s) => ({ value: s.id, label: `${s.lastName} ${s.firstName} (${s.registrationNumber})` })),
                ]}
              />
            </Form.Item>
          </Col>
        )}
      </Row>
      {shown.allDay && (
        <Form.Item name="allDay" valuePropName="checked">
          <Checkbox>Celý den</Checkbox>
        </Form.Item>
      )}
      <Row gutter={16}>
        <Col xs={12} sm={shown.length ? 8 : 12}>
          <Form.Item label="Datum začátku" name="startDate" required>
            <DatePicker
              format={DATE_FORMAT}
              placeholder="D.M.RRRR"
              style={{ width: '100%' }}
              // A training is registered after it took place: no day after today to pick.
              disabledDate={mode === 'register' ? (d) => d.format('YYYY-MM-DD') > schoolToday(now) : undefined}
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={shown.length ? 8 : 12}>
          <Form.Item label="Čas začátku" name="startTime" required>
            <TimePicker format={TIME_FORMAT} minuteStep={5} needConfirm={false} placeholder="HH:mm" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        {shown.length && (
          <Col xs={24} sm={8}>
            <Form.Item label="Délka" name="length" required>
              <Select options={DRIVING_LENGTHS.map((n) => ({ value: n, label: `${n} min` }))} />
            </Form.Item>
          </Col>
        )}
      </Row>
      <Row gutter={16}>
        <Col xs={12}>
          <Form.Item label="Datum konce" name="endDate" required>
            <DatePicker format={DATE_FORMAT} placeholder="D.M.RRRR" style={{ width: '100%' }} disabled={shown.endReadOnly} />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item label="Čas konce" name="endTime" required>
            <TimePicker format={TIME_FORMAT} minuteStep={5} needConfirm={false} placeholder="HH:mm" style={{ width: '100%' }} disabled={shown.endReadOnly} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col {...col}>
          <Form.Item label="Učitel" name="userId">
            <Select loading={teachers.isPending} options={[{ value: EMPTY_SELECT, label: 'Nevybráno' }, ...teacherOptions]} />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item label="Vozidlo" name="schoolCarId" required={values.type === 'CAR_RESERVATION'}>
            <Select
              loading={cars.isPending}
              options={[{ value: EMPTY_SELECT, label: 'Nevybráno' }, ...activeCars.map((c) => ({ value: c.id, label: `${c.carType} ${c.regNumber}` }))]}
            />
          </Form.Item>
        </Col>
        {shown.tachometer && (
          <>
            <Col {...col}>
              <Form.Item label="Tachometr před jízdou (volitelné)" name="tachometerBefore">
                <InputNumber min={0} precision={0} suffix="km" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item label="Tachometr po jízdě (volitelné)" name="tachometerAfter">
                <InputNumber min={0} precision={0} suffix="km" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </>
        )}
        {shown.signatures && (
          <>
            <Col {...col}>
              <Form.Item label="Podpis žáka" name="signature" required>
                <SignatureField title="Podpis žáka" />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item label="Podpis učitele" name="teacherSignature" required>
                <SignatureField title="Podpis učitele" />
              </Form.Item>
            </Col>
          </>
        )}
        {shown.state && (
          <Col {...col}>
            <Form.Item label="Stav" name="state" required>
              <Select
                options={LESSON_STATES.map((s) => ({
                  value: s,
                  label: s === 'COMPLETED' && !ended ? `${LESSON_STATE_LABELS[s]} (až po skončení)` : LESSON_STATE_LABELS[s],
                  disabled: s === 'COMPLETED' && !ended,
                }))}
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={24}>
          <Form.Item label="Poznámka (volitelné)" name="note">
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={1000} />
          </Form.Item>
        </Col>
        {askReason && (
          <Col xs={24}>
            <Form.Item
              label="Důvod opravy"
              name="correctionReason"
              extra={`Jízda je ${signedRecord ? 'podepsaná' : 'zapsaná'}: změna se zapíše jako oprava s důvodem a původní údaje zůstanou čitelné.`}
            >
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} />
            </Form.Item>
          </Col>
        )}
      </Row>
      {mode === 'plan' && values.type !== 'CAR_RESERVATION' && <RepeatFields value={repeat} onChange={setRepeat} error={repeatError} max={MAX_OCCURRENCES} />}
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onClose}>Zrušit</Button>
        {/* Not a submit button: Enter in a date or time field confirms the picker, it does not save. */}
        <Button type="primary" onClick={() => form.submit()} loading={save.saving || repeatSaving} disabled={(!!collisionAlert && !repeat.on) || !!notEnded}>
          {mode === 'plan' ? 'Naplánovat' : mode === 'register' ? 'Zaevidovat' : 'Uložit'}
        </Button>
      </Flex>
    </Form>
  );
}

/** getTrainingWarnings' input once start and end are set (a car or a teacher is not needed for the law's limits). */
function warningQuery(v: TrainingValues, currentId: string | null, studentId: string | undefined) {
  const input = toTrainingInput(v, { mode: 'plan', studentId });
  if (!input.startTime || !input.endTime || input.endTime.getTime() <= input.startTime.getTime()) return null;
  return {
    startTime: input.startTime,
    endTime: input.endTime,
    teacherId: input.userId,
    schoolCarId: input.schoolCarId,
    currentId,
    type: v.type,
    studentId: input.studentId,
    length: input.length,
  };
}

function TrainingFormDrawerView({ open, onClose, mode, ...rest }: TrainingFormDrawerProps) {
  const isPhone = useIsPhone();
  return (
    <Drawer open={open} onClose={onClose} title={TITLES[mode]} size={isPhone ? '100%' : 600} destroyOnHidden>
      {open && <TrainingForm mode={mode} onClose={onClose} {...rest} />}
    </Drawer>
  );
}

/** The training drawer with its own feedback scope (the success message outlives the drawer). */
export const TrainingFormDrawer = withFeedback(TrainingFormDrawerView);
