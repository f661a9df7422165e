// Tab 1 'Údaje' of the student card: personal and training information with inline edit, state, log, tags.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CZECH_CITIZENSHIP, type LicenceGroup, TRAINING_KIND_LABELS, TRAINING_TYPE_LABELS, type TrainingKind, type TrainingType } from '@volant/shared/enums';
import { ERROR_TITLES } from '@volant/shared/errors';
import { formatDate } from '@volant/shared/format';
import { schoolDateOf, schoolToday } from '@volant/shared/school-time';
import { medicalCertificateWarning } from '@volant/shared/student/medical';
import { latestBirthDate } from '@volant/shared/validation';
import { App, Button, Card, Col, Descriptions, type DescriptionsProps, Flex, Input, Popconfirm, Progress, Row, Tooltip, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { DayPicker } from '../../components/day-picker.tsx';
import { InlineEditField } from '../../components/inline-edit-field.tsx';
import { useAppStore } from '../../app/store.ts';
import { notify } from '../../lib/antd-static.ts';
import { browserNow } from '../../lib/clock.ts';
import { useIsPhone } from '../../lib/media.ts';
import { describeError, useTRPC } from '../../lib/trpc.ts';
import { fromIsoDate, toIsoDate } from '../../lib/form-fields.ts';
import { fullName, groupsText } from '@volant/shared/format';
import { CitizenshipSelect, InterpreterSelect, LicenceGroupSelect, TrainingKindSelect, TrainingTypeSelect } from './student-fields.tsx';
import { StudentLogs } from './student-logs.tsx';
import { ageText, isUnchanged } from './student-rules.ts';
import { StudentStateActions } from './student-state-actions.tsx';
import { StudentAccess } from './student-access.tsx';
import { STUDENT_ACCESS_TEXTS } from '@volant/shared/student-portal/access';
import { StudentExams } from '../exam/student-exams.tsx';
import { StudentReadiness } from '../exam-readiness/student-readiness.tsx';
import { StudentTags } from './student-tags.tsx';
import { useTeachingProgress } from '../teaching-lesson-record/use-teaching-progress.ts';
import { useTrainingProgress } from '../driving-lessons-record/use-training-progress.ts';
import { usePaymentProgress } from '../payment-item/use-payment-progress.ts';
import { schoolOf, useMembership, useSchoolInput } from '../../app/use-school.ts';
import { currentSections, type Sections, type StudentDetail, useStudentUpdate } from './use-student-update.ts';

type Address = Sections['studentAddress'];

const fullWidth = { width: '100%', maxWidth: 360 } as const;

/** On a phone (`compact`) small circles with their labels beside them, in one line. */
/** Each circle's per cent, null while its part is not ready (the features fill in theirs: Výuka from its own query). */
type CardProgress = Record<keyof StudentDetail['progress'], number | null>;

function ProgressCircles({ progress, compact }: { progress: CardProgress; compact: boolean }) {
  const items: { key: keyof StudentDetail['progress']; label: string }[] = [
    { key: 'teaching', label: 'Výuka' },
    { key: 'training', label: 'Výcvik' },
    { key: 'payment', label: 'Platba' },
  ];
  return (
    <Flex gap={24} wrap justify="space-around">
      {items.map(({ key, label }) => {
        const value: unknown = progress?.[key];
        const percent = typeof value === 'number' ? value : null;
        return (
          <Tooltip key={key} title={percent === null ? 'Tato část se právě připravuje' : undefined}>
            <Flex vertical={!compact} align="center" gap={compact ? 6 : 4}>
              <Progress type="circle" size={compact ? 32 : 72} percent={percent ?? 0} format={(p) => (percent === null ? '—' : `${p} %`)} aria-label={label} />
              <Typography.Text>{label}</Typography.Text>
            </Flex>
          </Tooltip>
        );
      })}
    </Flex>
  );
}

export function StudentInfoTab({ student }: { student: StudentDetail }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const school = useSchoolInput();
  const navigate = useNavigate();
  const setDrawerStudentId = useAppStore((s) => s.setDrawerStudentId);
  const { notification } = App.useApp();
  const isPhone = useIsPhone();
  const save = useStudentUpdate(student.id);
  const teachingProgress = useTeachingProgress(student.id);
  const trainingProgress = useTrainingProgress(student).percent;
  const paymentProgress = usePaymentProgress(student.id);
  const sections = currentSections(student);
  const { studentInfo: info, studentAddress: address, studentStudyInfo: study } = sections;
  const isBasic = study.trainingKind === 'BASIC';

  // Removing a student is office work (the permission table): hidden from teachers.
  const canRemove = useMembership().may('student.removeStudent');
  const remove = useMutation(
    trpc.student.removeStudent.mutationOptions({
      onError: (err) => notification.error({ title: ERROR_TITLES.error, description: describeError(err).message }),
    }),
  );

  /** A text field of a section, saved by sending the section with the edited field. */
  function text<S extends 'studentInfo' | 'studentStudyInfo' | 'student'>(
    section: S,
    key: keyof Sections[S] & string,
    label: string,
    opts: { textarea?: boolean; placeholder?: string } = {},
  ) {
    const value = ((sections[section] as Record<string, unknown>)[key] as string | null) ?? '';
    return (
      <InlineEditField<string>
        label={label}
        value={value}
        placeholder={opts.placeholder}
        isUnchanged={isUnchanged}
        renderInput={(draft, setDraft, { save: submit }) =>
          opts.textarea ? (
            <Input.TextArea autoFocus aria-label={label} rows={3} maxLength={1000} showCount value={draft} onChange={(e) => setDraft(e.target.value)} />
          ) : (
            <Input autoFocus aria-label={label} value={draft} onChange={(e) => setDraft(e.target.value)} onPressEnter={submit} style={fullWidth} />
          )
        }
        onSave={(draft) => save(section, { ...sections[section], [key]: draft } as Sections[S])}
      />
    );
  }

  function select<T>(
    section: 'studentInfo' | 'studentStudyInfo' | 'student',
    key: string,
    label: string,
    display: ReactNode,
    input: (v: T, set: (v: T) => void) => ReactNode,
  ) {
    const value = (sections[section] as Record<string, unknown>)[key] as T;
    return (
      <InlineEditField<T>
        label={label}
        value={value}
        display={display}
        isUnchanged={isUnchanged}
        renderInput={input}
        onSave={(draft) => save(section, { ...sections[section], [key]: draft } as never)}
      />
    );
  }

  const birthDate = (
    <InlineEditField<Dayjs | null>
      label="datum narození"
      value={fromIsoDate(info.birthDate)}
      display={info.birthDate ? `${formatDate(info.birthDate)} (${ageText(info.birthDate, schoolToday(browserNow()))})` : ''}
      isUnchanged={(a, b) => toIsoDate(a) === toIsoDate(b)}
      renderInput={(draft, setDraft) => (
        <DayPicker autoFocus aria-label="Datum narození" value={draft} onChange={setDraft} latest={latestBirthDate(browserNow())} />
      )}
      onSave={(draft) => save('studentInfo', { ...info, birthDate: toIsoDate(draft) ?? '' })}
    />
  );

  const addressField = (
    <InlineEditField<Address>
      label="adresu"
      value={address}
      display={address.street ? `${address.street} ${address.streetCode}, ${address.postCode} ${address.city}` : ''}
      isUnchanged={isUnchanged}
      renderInput={(draft, setDraft) => (
        <Flex vertical gap={4} style={fullWidth}>
          <Input aria-label="Ulice" placeholder="Ulice" value={draft.street} onChange={(e) => setDraft({ ...draft, street: e.target.value })} />
          <Input
            aria-label="Číslo popisné"
            placeholder="Číslo popisné"
            value={draft.streetCode}
            onChange={(e) => setDraft({ ...draft, streetCode: e.target.value })}
          />
          <Input aria-label="Město" placeholder="Město" value={draft.city} onChange={(e) => setDraft({ ...draft, city: e.target.value })} />
          <Input aria-label="PSČ" placeholder="PSČ" value={draft.postCode} onChange={(e) => setDraft({ ...draft, postCode: e.target.value })} />
        </Flex>
      )}
      onSave={(draft) => save('studentAddress', draft)}
    />
  );

  // 'Lékařský posudek' (issue 19 §3): a date of the study data; older than 3 months at admission is a warning only.
  const medicalWarning = medicalCertificateWarning(study.medicalCertificateDate, schoolDateOf(new Date(student.admittedAt)));
  const medicalField = (
    <Flex vertical gap={2}>
      <InlineEditField<Dayjs | null>
        label="lékařský posudek"
        value={fromIsoDate(study.medicalCertificateDate)}
        display={formatDate(study.medicalCertificateDate)}
        placeholder="Nevyplněn"
        isUnchanged={(a, b) => toIsoDate(a) === toIsoDate(b)}
        renderInput={(draft, setDraft) => (
          <DayPicker autoFocus aria-label="Lékařský posudek" value={draft} onChange={setDraft} latest={schoolToday(browserNow())} />
        )}
        onSave={(draft) => save('studentStudyInfo', { ...study, medicalCertificateDate: toIsoDate(draft) ?? null })}
      />
      {medicalWarning && <Typography.Text type="warning">{medicalWarning}</Typography.Text>}
    </Flex>
  );

  const interpreterName = student.studentInterpreter ? fullName(student.studentInterpreter.interpreter.interpreterInfo) : '';

  const left: DescriptionsProps['items'] = [
    { key: 'birthDate', label: 'Datum narození', children: birthDate },
    { key: 'birthPlace', label: 'Místo narození', children: text('studentInfo', 'birthPlace', 'místo narození') },
    {
      key: 'citizenship',
      label: 'Státní občanství',
      children: select<string>('studentInfo', 'citizenship', 'státní občanství', info.citizenship, (v, set) => (
        <CitizenshipSelect autoFocus aria-label="Státní občanství" value={v} onChange={set} style={fullWidth} />
      )),
    },
    ...(info.citizenship !== CZECH_CITIZENSHIP
      ? [
          {
            key: 'interpreter',
            label: 'Tlumočník',
            children: select<string | null>('student', 'interpreterId', 'tlumočníka', interpreterName, (v, set) => (
              <InterpreterSelect aria-label="Tlumočník" value={v} onChange={(x) => set(x ?? null)} style={fullWidth} />
            )),
          },
        ]
      : []),
    { key: 'docId', label: 'Doklad totožnosti', children: text('studentInfo', 'docId', 'doklad totožnosti') },
    { key: 'carIdNumber', label: 'Číslo řidičského průkazu', children: text('studentStudyInfo', 'carIdNumber', 'číslo řidičského průkazu') },
    { key: 'address', label: 'Adresa', children: addressField },
    { key: 'phone', label: 'Telefon', children: text('studentInfo', 'phone', 'telefon', { placeholder: 'Telefon nevyplněn' }) },
    { key: 'email', label: 'E-mail', children: text('studentInfo', 'email', 'e-mail', { placeholder: 'E-mail nevyplněn' }) },
  ];

  const groupField = (key: 'group' | 'currentGroups', label: string) =>
    select<LicenceGroup[]>('studentStudyInfo', key, label, groupsText(study[key]), (v, set) => (
      <LicenceGroupSelect autoFocus aria-label={label} value={v} onChange={set} style={fullWidth} />
    ));

  const right: NonNullable<DescriptionsProps['items']> = [
    { key: 'registrationNumber', label: 'Evidenční číslo', children: text('student', 'registrationNumber', 'evidenční číslo') },
    ...(isBasic
      ? [{ key: 'group', label: 'Skupina', children: groupField('group', 'skupinu') }]
      : [
          { key: 'currentGroups', label: 'Aktuální skupiny', children: groupField('currentGroups', 'aktuální skupiny') },
          { key: 'group', label: 'Požadovaná skupina', children: groupField('group', 'požadovanou skupinu') },
        ]),
    { key: 'start', label: 'Zahájení výcviku', children: formatDate(student.dateOfInProgress) || '—' },
    { key: 'end', label: 'Ukončení výcviku', children: formatDate(student.dateOfFinished) || '—' },
    { key: 'medical', label: 'Lékařský posudek', children: medicalField },
    {
      key: 'trainingKind',
      label: 'Druh výcviku',
      children: select<TrainingKind>('studentStudyInfo', 'trainingKind', 'druh výcviku', TRAINING_KIND_LABELS[study.trainingKind], (v, set) => (
        <TrainingKindSelect autoFocus aria-label="Druh výcviku" value={v} onChange={set} style={fullWidth} />
      )),
    },
    {
      key: 'trainingType',
      label: 'Typ výuky',
      children: select<TrainingType>('studentStudyInfo', 'trainingType', 'typ výuky', TRAINING_TYPE_LABELS[study.trainingType], (v, set) => (
        <TrainingTypeSelect autoFocus aria-label="Typ výuky" value={v} onChange={set} style={fullWidth} />
      )),
    },
    { key: 'note', label: 'Interní poznámka', children: text('studentStudyInfo', 'note', 'interní poznámku', { textarea: true, placeholder: 'Bez poznámky' }) },
  ];

  const onRemove = async () => {
    await remove.mutateAsync({ ...schoolOf(school), studentId: student.id });
    // The card (and its feedback scope) goes away: the shell's message holder shows it.
    notify.success('Žák byl úspěšně odstraněn');
    setDrawerStudentId(null);
    // The lists and recent searches follow the removal's live message.
    queryClient.removeQueries({ queryKey: trpc.student.student.queryKey({ ...schoolOf(school), id: student.id }) });
    navigate('/app');
  };

  // On a phone too the label sits beside its value, small, in tight rows (stacked, every field took two rows and tab 1
  // ~2,000 px); the training dates are left to the 'Stav výcviku' card above.
  const descriptions = isPhone
    ? ({ column: 1, size: 'small', className: 'app-compact-descriptions', styles: { label: { width: '38%' } } } as const)
    : ({ column: 1, size: 'small', styles: { label: { width: 170 } } } as const);
  const trainingItems = isPhone ? right.filter((item) => item.key !== 'start' && item.key !== 'end') : right;

  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, isPhone ? 12 : 16]}>
        <Col xs={24} lg={12}>
          <Card size="small" title="Stav výcviku" style={{ height: '100%' }}>
            <StudentStateActions student={student} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title="Průběh" style={{ height: '100%' }}>
            <ProgressCircles
              progress={{ ...student.progress, teaching: teachingProgress, training: trainingProgress, payment: paymentProgress }}
              compact={isPhone}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title="Informace o žákovi" style={{ height: '100%' }}>
            <Descriptions {...descriptions} items={left} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title="Údaje o výcviku" style={{ height: '100%' }}>
            <Descriptions {...descriptions} items={trainingItems} />
          </Card>
        </Col>
      </Row>
      {student.state === 'IN_PROGRESS' && <StudentReadiness studentId={student.id} />}
      <StudentExams studentId={student.id} />
      <Card size="small" title={STUDENT_ACCESS_TEXTS.section}>
        <StudentAccess studentId={student.id} />
      </Card>
      <Card size="small" title="Štítky">
        <StudentTags studentId={student.id} />
      </Card>
      <Card size="small" title="Historie stavů">
        <StudentLogs student={student} />
      </Card>
      {canRemove && (
        <Popconfirm
          title="Odstranit žáka"
          description={`Opravdu chcete odstranit žáka ${fullName(info)}?`}
          okText="Ano"
          cancelText="Zrušit"
          okButtonProps={{ danger: true, loading: remove.isPending }}
          onConfirm={() => onRemove().catch(() => undefined)}
        >
          <Button type="link" danger style={{ paddingInline: 0, alignSelf: 'flex-start' }}>
            Odstranit žáka
          </Button>
        </Popconfirm>
      )}
    </Flex>
  );
}
