// A teacher's 'Dostupnost' (issue 19 §3): weekly working hours (per weekday one or more intervals), absences and usual
// cars. Shown on Učitelé (the office keeps any teacher's) and in Uživatelské Nastavení (a teacher keeps their own);
// students book rides only inside these hours. Each part saves on its own; the answer goes straight into the cache and
// other screens follow the live message.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AVAILABILITY_MESSAGES,
  absenceInput,
  formatMinute,
  parseMinute,
  setCarsInput,
  setWeekInput,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type Weekday,
} from '@volant/shared/availability/inputs';
import type { StaffRole } from '@volant/shared/enums';
import { formatDate } from '@volant/shared/format';
import { isOwnOnly, mayCall } from '@volant/shared/permissions';
import { Alert, Button, Card, DatePicker, Flex, Input, List, Popconfirm, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { schoolOf, useSchoolInput, withSchool } from '../../app/use-school.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { notify } from '../../lib/antd-static.ts';
import { DATE_FORMAT, toIsoDate } from '../../lib/form-fields.ts';
import { useIsPhone } from '../../lib/media.ts';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';

type Availability = RouterOutputs['availability']['get'];
interface DraftInterval {
  start: string;
  end: string;
}
type DraftWeek = Record<Weekday, DraftInterval[]>;

const toDraft = (week: Availability['week']): DraftWeek =>
  Object.fromEntries(
    WEEKDAYS.map((day) => [day, week.filter((i) => i.weekday === day).map((i) => ({ start: formatMinute(i.startMinute), end: formatMinute(i.endMinute) }))]),
  ) as DraftWeek;

/** The week's text fields as intervals, or the first day whose time is not a time. */
function parseDraft(draft: DraftWeek): { intervals: { weekday: number; startMinute: number; endMinute: number }[] } | { badDay: Weekday } {
  const intervals: { weekday: number; startMinute: number; endMinute: number }[] = [];
  for (const day of WEEKDAYS) {
    for (const i of draft[day]) {
      const startMinute = parseMinute(i.start);
      const endMinute = parseMinute(i.end);
      if (startMinute === null || endMinute === null) return { badDay: day };
      intervals.push({ weekday: day, startMinute, endMinute });
    }
  }
  return { intervals };
}

/** Saves the answer of a write into the teacher's query (the live message refreshes the other screens). */
function usePutAvailability(teacherId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const school = useSchoolInput();
  return (answer: Availability) => queryClient.setQueryData(trpc.availability.get.queryKey({ ...schoolOf(school), teacherId }), answer);
}

function WeekCard({ availability, canEdit }: { availability: Availability; canEdit: boolean }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const put = usePutAvailability(availability.teacherId);
  const [draft, setDraft] = useState<DraftWeek>(() => toDraft(availability.week));
  const [errors, setErrors] = useState<{ day: Weekday | null; text: string } | null>(null);
  const save = useMutation(trpc.availability.setWeek.mutationOptions());

  const change = (day: Weekday, index: number, key: keyof DraftInterval, value: string) => {
    setErrors(null);
    setDraft((d) => ({ ...d, [day]: d[day].map((i, n) => (n === index ? { ...i, [key]: value } : i)) }));
  };
  const add = (day: Weekday) => setDraft((d) => ({ ...d, [day]: [...d[day], { start: '', end: '' }] }));
  const remove = (day: Weekday, index: number) => {
    setErrors(null);
    setDraft((d) => ({ ...d, [day]: d[day].filter((_, n) => n !== index) }));
  };

  const submit = async () => {
    const parsed = parseDraft(draft);
    if ('badDay' in parsed) {
      setErrors({ day: parsed.badDay, text: `${AVAILABILITY_MESSAGES.time} Zadejte čas např. 8:00.` });
      return;
    }
    const checked = setWeekInput.safeParse({ teacherId: availability.teacherId, intervals: parsed.intervals });
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const index = issue?.path[1];
      const day = typeof index === 'number' ? (parsed.intervals[index]?.weekday as Weekday) : null;
      setErrors({ day, text: issue?.message ?? AVAILABILITY_MESSAGES.time });
      return;
    }
    try {
      put(await save.mutateAsync({ ...schoolOf(school), ...checked.data }));
      notify.success('Pracovní doba byla uložena');
    } catch (e) {
      setErrors({ day: null, text: describeError(e).message });
    }
  };

  return (
    <Card size="small" title="Pracovní doba">
      <Flex vertical gap={8}>
        {WEEKDAYS.map((day) => {
          const label = WEEKDAY_LABELS[day];
          return (
            <Flex key={day} gap={8} wrap align="flex-start" role="group" aria-label={label} style={{ borderBottom: '1px solid #f0f0f0', paddingBottom: 8 }}>
              <Typography.Text strong style={{ width: 70, paddingTop: 4 }}>
                {label}
              </Typography.Text>
              <Flex vertical gap={6} style={{ flex: 1, minWidth: 200 }}>
                {draft[day].length === 0 && (
                  <Typography.Text type="secondary" style={{ paddingTop: 4 }}>
                    Nepracuje
                  </Typography.Text>
                )}
                {draft[day].map((i, n) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the draft's rows have no ids; a row is its place in the day.
                  <Flex key={n} gap={6} align="center">
                    <Input
                      aria-label={`${label} od`}
                      placeholder="8:00"
                      value={i.start}
                      disabled={!canEdit}
                      onChange={(e) => change(day, n, 'start', e.target.value)}
                      style={{ width: 76 }}
                    />
                    <span>–</span>
                    <Input
                      aria-label={`${label} do`}
                      placeholder="16:00"
                      value={i.end}
                      disabled={!canEdit}
                      onChange={(e) => change(day, n, 'end', e.target.value)}
                      style={{ width: 76 }}
                    />
                    {canEdit && <Button type="text" icon={<DeleteOutlined />} aria-label={`Odebrat čas – ${label}`} onClick={() => remove(day, n)} />}
                  </Flex>
                ))}
                {errors && errors.day === day && <Typography.Text type="danger">{errors.text}</Typography.Text>}
              </Flex>
              {canEdit && (
                <Button size="small" icon={<PlusOutlined />} aria-label={`Přidat čas – ${label}`} onClick={() => add(day)}>
                  Přidat čas
                </Button>
              )}
            </Flex>
          );
        })}
        {errors && errors.day === null && <Alert type="error" showIcon title={errors.text} />}
        {canEdit && (
          <Button type="primary" onClick={submit} loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
            Uložit pracovní dobu
          </Button>
        )}
      </Flex>
    </Card>
  );
}

function AbsencesCard({ availability, canEdit }: { availability: Availability; canEdit: boolean }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const isPhone = useIsPhone();
  const put = usePutAvailability(availability.teacherId);
  const [from, setFrom] = useState<Dayjs | null>(null);
  const [to, setTo] = useState<Dayjs | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useMutation(trpc.availability.addAbsence.mutationOptions());
  const remove = useMutation(trpc.availability.removeAbsence.mutationOptions());

  const submit = async () => {
    const checked = absenceInput.safeParse({ fromDate: toIsoDate(from) ?? '', toDate: toIsoDate(to) ?? '', note });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? AVAILABILITY_MESSAGES.absenceFrom);
      return;
    }
    try {
      put(await add.mutateAsync({ ...schoolOf(school), teacherId: availability.teacherId, absence: checked.data }));
      notify.success('Nepřítomnost byla přidána');
      setFrom(null);
      setTo(null);
      setNote('');
    } catch (e) {
      setError(describeError(e).message);
    }
  };
  const onRemove = async (absenceId: string) => {
    try {
      put(await remove.mutateAsync({ ...schoolOf(school), teacherId: availability.teacherId, absenceId }));
      notify.success('Nepřítomnost byla odebrána');
    } catch (e) {
      notify.error(describeError(e).message);
    }
  };
  const range = (a: { fromDate: string; toDate: string }) =>
    a.fromDate === a.toDate ? formatDate(a.fromDate) : `${formatDate(a.fromDate)} – ${formatDate(a.toDate)}`;

  return (
    <Card size="small" title="Nepřítomnost">
      <List
        aria-label="Nepřítomnosti"
        size="small"
        dataSource={availability.absences}
        locale={{ emptyText: 'Žádná nepřítomnost' }}
        renderItem={(a) => (
          <List.Item
            actions={
              canEdit
                ? [
                    <Popconfirm key="remove" title="Odebrat nepřítomnost?" okText="Odebrat" cancelText="Zrušit" onConfirm={() => onRemove(a.id)}>
                      <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Odebrat nepřítomnost ${range(a)}`} />
                    </Popconfirm>,
                  ]
                : []
            }
          >
            <List.Item.Meta title={range(a)} description={a.note ?? undefined} />
          </List.Item>
        )}
      />
      {canEdit && (
        <Flex vertical gap={8} style={{ marginTop: 12 }}>
          <Flex gap={8} wrap>
            <DatePicker
              aria-label="Nepřítomen od"
              placeholder="Od (D.M.RRRR)"
              format={DATE_FORMAT}
              value={from}
              onChange={(v) => {
                setError(null);
                setFrom(v);
                if (v && (!to || to.isBefore(v))) setTo(v);
              }}
              style={{ width: isPhone ? '100%' : 170 }}
            />
            <DatePicker
              aria-label="Nepřítomen do"
              placeholder="Do (D.M.RRRR)"
              format={DATE_FORMAT}
              value={to}
              onChange={(v) => {
                setError(null);
                setTo(v);
              }}
              style={{ width: isPhone ? '100%' : 170 }}
            />
            <Input
              aria-label="Poznámka k nepřítomnosti"
              placeholder="Poznámka (např. dovolená)"
              maxLength={200}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              style={{ flex: 1, minWidth: 180 }}
            />
          </Flex>
          {error && <Typography.Text type="danger">{error}</Typography.Text>}
          <Button icon={<PlusOutlined />} onClick={submit} loading={add.isPending} style={{ alignSelf: 'flex-start' }}>
            Přidat nepřítomnost
          </Button>
        </Flex>
      )}
    </Card>
  );
}

function CarsCard({ availability, canEdit }: { availability: Availability; canEdit: boolean }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const put = usePutAvailability(availability.teacherId);
  const cars = useQuery(trpc.schoolCar.getSchoolCar.queryOptions(school));
  const [chosen, setChosen] = useState<string[]>(() => availability.cars.filter((c) => !c.isRetired).map((c) => c.schoolCarId));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(trpc.availability.setCars.mutationOptions());
  const options = (cars.data ?? []).filter((c) => !c.retiredAt).map((c) => ({ value: c.id, label: `${c.regNumber} – ${c.carType}` }));

  const submit = async () => {
    const checked = setCarsInput.safeParse({ teacherId: availability.teacherId, schoolCarIds: chosen });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? null);
      return;
    }
    try {
      put(await save.mutateAsync({ ...schoolOf(school), ...checked.data }));
      notify.success('Vozidla byla uložena');
    } catch (e) {
      setError(describeError(e).message);
    }
  };

  return (
    <Card size="small" title="Obvyklá vozidla">
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">Rezervovaná jízda dostane první z nich, které je v tu dobu volné.</Typography.Text>
        <Select
          mode="multiple"
          aria-label="Obvyklá vozidla"
          placeholder={options.length ? 'Vyberte vozidla' : 'Autoškola nemá žádné vozidlo v provozu'}
          options={options}
          value={chosen}
          disabled={!canEdit}
          loading={cars.isPending}
          onChange={(v) => {
            setError(null);
            setChosen(v);
          }}
          style={{ width: '100%' }}
        />
        {error && <Typography.Text type="danger">{error}</Typography.Text>}
        {canEdit && (
          <Button onClick={submit} loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
            Uložit vozidla
          </Button>
        )}
      </Flex>
    </Card>
  );
}

/** Whether the caller may keep this teacher's Dostupnost: the office anyone's, a teacher their own (the permission table). */
export function mayEditAvailability(membership: { role?: StaffRole; memberId?: string } | undefined, teacherId: string): boolean {
  const role = membership?.role;
  return mayCall('availability.setWeek', role) && (!isOwnOnly('availability.setWeek', role) || membership?.memberId === teacherId);
}

/** The three parts of a teacher's Dostupnost; `canEdit` false shows them read-only. */
export function TeacherAvailability({ teacherId, canEdit }: { teacherId: string; canEdit: boolean }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.availability.get.queryOptions(withSchool(useSchoolInput(), { teacherId })));
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <Alert type="error" showIcon title={describeError(query.error).message} />;
  const data = query.data;
  // A change from elsewhere (live) restarts the editors from the saved values.
  const weekVersion = JSON.stringify(data.week);
  const carsVersion = data.cars.map((c) => c.schoolCarId).join(',');
  return (
    <Flex vertical gap={16}>
      <WeekCard key={weekVersion} availability={data} canEdit={canEdit} />
      <AbsencesCard availability={data} canEdit={canEdit} />
      <CarsCard key={carsVersion} availability={data} canEdit={canEdit} />
    </Flex>
  );
}
