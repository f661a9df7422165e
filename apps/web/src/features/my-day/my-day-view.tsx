// 'Můj den' (issue 20 §1–2): the teacher's rides and lessons of a day, the next one on top, and one flow per ride —
// 'Zahájit jízdu', 'Ukončit jízdu', both signatures on one screen, 'Zaevidovat' — saved on the device first and sent
// when there is a connection ('Neodesláno (n)'). A conflict with the office's change is shown and the teacher decides.
import { CheckOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Drawer, Empty, Flex, Input, InputNumber, Segmented, Space, Tag, Typography } from 'antd';
import { fullName, formatDate, formatTime, pluralCs } from '@volant/shared/format';
import { TEACHING_SECTION_LABELS } from '@volant/shared/enums';
import { actualMinutes, flowStep, MY_DAY_LABELS, type OutboxState, outboxStateLabel, rideOutboxState, unitsText } from '@volant/shared/my-day/rules';
import { addDays, schoolDateOf, schoolToday } from '@volant/shared/school-time';
import { useEffect, useId, useRef, useState } from 'react';
import type SignaturePadType from 'signature_pad';
import { SignatureCanvas } from '../../components/signature-dialog.tsx';
import { browserNow } from '../../lib/clock.ts';
import { MARK_OPTIONS, type Mark, markOf, presentOf } from '../course/lesson-attendance.tsx';
import type { DayGroupLesson, DayRide, StoredEntry } from './day-store.ts';
import { useMyDay } from './use-my-day.ts';

const weekday = new Intl.DateTimeFormat('cs-CZ', { weekday: 'long', timeZone: 'Europe/Prague' });
const dayTitle = (date: string) => `${weekday.format(new Date(`${date}T12:00:00Z`))} ${formatDate(date)}`;

const STATE_COLORS: Record<OutboxState, string> = { PENDING: 'orange', SENT: 'green', CONFLICT: 'red', FAILED: 'red' };

/** Active rides first in time order (the next one on top), then the registered and cancelled ones. */
export function inDayOrder(rides: readonly DayRide[]): DayRide[] {
  const open = rides.filter((r) => ['START', 'END', 'SIGN'].includes(flowStep(r)));
  return [...open, ...rides.filter((r) => !open.includes(r))];
}

/** The tachometer's pre-fill: the car's last reading the server knows, or a later one from this day on the device. */
function lastReading(ride: DayRide, rides: readonly DayRide[]): number | null {
  let best = ride.carLastTachometer ?? null;
  for (const r of rides) {
    if (r.id === ride.id || !ride.car || r.car?.id !== ride.car.id || r.tachometerAfter === null) continue;
    if (new Date(r.startTime) < new Date(ride.startTime) && (best === null || r.tachometerAfter > best)) best = r.tachometerAfter;
  }
  return best;
}

const readViewport = () => ({ w: window.innerWidth, h: window.innerHeight });

function useViewport() {
  const read = readViewport;
  const [size, setSize] = useState(read);
  useEffect(() => {
    const on = () => setSize(readViewport());
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return size;
}

/** Both signatures on one screen: side by side when the phone lies (landscape), one above the other when it stands. */
function SignSheet({ ride, open, onClose, onRegister }: { ride: DayRide; open: boolean; onClose: () => void; onRegister: (s: string, t: string) => void }) {
  const student = useRef<SignaturePadType | null>(null);
  const teacher = useRef<SignaturePadType | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { w, h } = useViewport();
  const landscape = w > h;
  const width = Math.floor(Math.min(420, landscape ? (w - 72) / 2 : w - 48));
  // Room left for the title, the time line, the labels and the footer.
  const height = Math.floor(Math.max(100, Math.min(landscape ? h - 250 : (h - 300) / 2, width * 0.6)));
  const name = ride.student ? fullName(ride.student) : '';
  const register = () => {
    const s = student.current;
    const t = teacher.current;
    if (!s || s.isEmpty() || !t || t.isEmpty()) {
      setError('Prosím podepište jízdu (žák i učitel)!');
      return;
    }
    onRegister(s.toSVG(), t.toSVG());
  };
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={`Podpisy: ${name}`}
      size="100%"
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>Zrušit</Button>
          <Button
            onClick={() => {
              student.current?.clear();
              teacher.current?.clear();
            }}
          >
            Znovu
          </Button>
          <Button type="primary" onClick={register}>
            {MY_DAY_LABELS.register}
          </Button>
        </Flex>
      }
    >
      {ride.startedAt && ride.endedAt && (
        <Typography.Paragraph>
          {formatTime(ride.startedAt)}–{formatTime(ride.endedAt)}, {actualMinutes(ride.startedAt, ride.endedAt)} min ={' '}
          {unitsText(actualMinutes(ride.startedAt, ride.endedAt))}
        </Typography.Paragraph>
      )}
      {error && <Alert type="error" title={error} style={{ marginBottom: 8 }} />}
      {open && (
        <Flex gap={16} wrap={!landscape} vertical={!landscape} justify="center">
          <div>
            <Typography.Text strong>Podpis žáka</Typography.Text>
            <SignatureCanvas padRef={student} width={width} height={height} label="Podpis žáka" />
          </div>
          <div>
            <Typography.Text strong>Podpis učitele</Typography.Text>
            <SignatureCanvas padRef={teacher} width={width} height={height} label="Podpis učitele" />
          </div>
        </Flex>
      )}
    </Drawer>
  );
}

/**
 * An action the server refused: 'Zahodit' (the server's version shows again), or — when it corrects a record already
 * in the school's record chain — 'Důvod opravy' and 'Odeslat s důvodem' (issue 22 §1), also later, from the outbox.
 */
function RefusedAction({ failed, resolve }: { failed: StoredEntry; resolve: ReturnType<typeof useMyDay>['resolve'] }) {
  const [reason, setReason] = useState('');
  const id = useId();
  const drop = <Button onClick={() => void resolve(failed, 'OFFICE')}>Zahodit</Button>;
  if (!failed.reasonAsked) return <Alert type="error" style={{ marginTop: 8 }} title={failed.message ?? 'Server akci odmítl.'} action={drop} />;
  return (
    <Alert
      type="error"
      style={{ marginTop: 8 }}
      title={failed.message ?? 'Server akci odmítl.'}
      description={
        <Flex vertical gap={8} style={{ marginTop: 8 }}>
          <label htmlFor={id}>Důvod opravy</label>
          <Input.TextArea id={id} value={reason} maxLength={500} autoSize={{ minRows: 2 }} onChange={(e) => setReason(e.target.value)} />
          <Flex gap={8} wrap>
            <Button type="primary" disabled={!reason.trim()} onClick={() => void resolve(failed, { reason: reason.trim() })}>
              Odeslat s důvodem
            </Button>
            {drop}
          </Flex>
        </Flex>
      }
    />
  );
}

interface RideCardProps {
  ride: DayRide;
  rides: readonly DayRide[];
  entries: readonly StoredEntry[];
  act: ReturnType<typeof useMyDay>['act'];
  resolve: ReturnType<typeof useMyDay>['resolve'];
}

function RideCard({ ride, rides, entries, act, resolve }: RideCardProps) {
  const step = flowStep(ride);
  const [before, setBefore] = useState<number | null>(null);
  const [after, setAfter] = useState<number | null>(null);
  const [signing, setSigning] = useState(false);
  /** The note being edited (null: not editing). */
  const [note, setNote] = useState<string | null>(null);
  const editingNote = note !== null;
  const name = ride.student ? fullName(ride.student) : 'Bez žáka';
  const outbox = rideOutboxState(entries, ride.id);
  const conflict = entries.find((e) => e.recordId === ride.id && e.state === 'CONFLICT');
  const failed = entries.find((e) => e.recordId === ride.id && e.state === 'FAILED');
  const prefillBefore = before ?? lastReading(ride, rides);
  const prefillAfter = after ?? ride.tachometerBefore;
  return (
    <Card size="small" role="article" aria-label={`Jízda ${name}`} style={{ marginBottom: 12 }}>
      <Flex justify="space-between" align="baseline" wrap gap={4}>
        <Typography.Text strong style={{ fontSize: 16 }}>
          {formatTime(ride.startTime)}–{formatTime(ride.endTime)} {name}
        </Typography.Text>
        <Space size={4}>
          {/* Registered only once the server has it; until then it is signed on the phone. */}
          {step === 'DONE' && (outbox === null || outbox === 'SENT' ? <Tag color="green">Zaevidováno</Tag> : <Tag color="blue">Podepsáno v telefonu</Tag>)}
          {step === 'CANCELLED' && <Tag>Zrušeno</Tag>}
          {outbox && <Tag color={STATE_COLORS[outbox]}>{outboxStateLabel(outbox)}</Tag>}
        </Space>
      </Flex>
      <Flex vertical gap={2} style={{ marginTop: 4 }}>
        {ride.student?.phone && (
          <a href={`tel:${ride.student.phone.replaceAll(' ', '')}`} aria-label={`Zavolat ${name}`}>
            {ride.student.phone}
          </a>
        )}
        <Typography.Text type="secondary">
          {[ride.student?.groups?.length ? `Skupina ${ride.student.groups.join(', ')}` : null, ride.car ? `${ride.car.carType} ${ride.car.regNumber}` : null]
            .filter(Boolean)
            .join(' · ')}
        </Typography.Text>
        {ride.progress && (
          <Typography.Text>
            Jízdy: {String(ride.progress.done).replace('.', ',')} z {ride.progress.required} h{ride.progress.isMet ? ' (splněno minimum)' : ''}
          </Typography.Text>
        )}
        {ride.note && !editingNote && (
          <Typography.Text italic>
            Poznámka: {ride.note}{' '}
            {step !== 'DONE' && step !== 'CANCELLED' && (
              <Button type="link" size="small" onClick={() => setNote(ride.note ?? '')}>
                Upravit poznámku
              </Button>
            )}
          </Typography.Text>
        )}
        {!ride.note && !editingNote && step !== 'DONE' && step !== 'CANCELLED' && (
          <Button type="link" size="small" style={{ padding: 0, alignSelf: 'flex-start' }} onClick={() => setNote('')}>
            Přidat poznámku
          </Button>
        )}
        {editingNote && (
          <Flex gap={8} wrap>
            <Input aria-label="Poznámka" value={note ?? ''} maxLength={1000} onChange={(e) => setNote(e.target.value)} style={{ flex: '1 1 200px' }} />
            <Button
              onClick={() => {
                void act(ride.id, { kind: 'NOTE', note: note?.trim() || null });
                setNote(null);
              }}
            >
              Uložit poznámku
            </Button>
          </Flex>
        )}
      </Flex>
      {ride.warnings.length > 0 && step !== 'DONE' && (
        <Alert type="warning" showIcon style={{ marginTop: 8 }} title={ride.warnings.map((w) => <div key={w}>{w}</div>)} />
      )}
      {conflict && (
        <Alert
          type="error"
          style={{ marginTop: 8 }}
          title={MY_DAY_LABELS.conflictText}
          description={
            <Flex gap={8} wrap style={{ marginTop: 8 }}>
              {conflict.officeRide && (
                <Typography.Text style={{ width: '100%' }}>
                  Verze kanceláře: {formatTime(conflict.officeRide.startTime)}–{formatTime(conflict.officeRide.endTime)}
                  {conflict.officeRide.note ? `, poznámka: ${conflict.officeRide.note}` : ''}
                </Typography.Text>
              )}
              <Button onClick={() => void resolve(conflict, 'MINE')}>{MY_DAY_LABELS.keepMine}</Button>
              <Button onClick={() => void resolve(conflict, 'OFFICE')}>{MY_DAY_LABELS.takeOffice}</Button>
            </Flex>
          }
        />
      )}
      {failed && !conflict && <RefusedAction failed={failed} resolve={resolve} />}
      {step === 'START' && (
        <Flex gap={8} align="end" wrap style={{ marginTop: 8 }}>
          <label htmlFor={`before-${ride.id}`}>
            <div>Tachometr před jízdou</div>
            <InputNumber id={`before-${ride.id}`} aria-label="Tachometr před jízdou" min={0} value={prefillBefore} onChange={(v) => setBefore(v ?? null)} />
          </label>
          <Button type="primary" size="large" onClick={() => void act(ride.id, { kind: 'START', at: browserNow(), tachometerBefore: prefillBefore })}>
            {MY_DAY_LABELS.start}
          </Button>
        </Flex>
      )}
      {step === 'END' && (
        <Flex gap={8} align="end" wrap style={{ marginTop: 8 }}>
          <Typography.Text>Zahájeno {ride.startedAt ? formatTime(ride.startedAt) : ''}</Typography.Text>
          <label htmlFor={`after-${ride.id}`}>
            <div>Tachometr po jízdě</div>
            <InputNumber id={`after-${ride.id}`} aria-label="Tachometr po jízdě" min={0} value={prefillAfter} onChange={(v) => setAfter(v ?? null)} />
          </label>
          <Button type="primary" size="large" onClick={() => void act(ride.id, { kind: 'END', at: browserNow(), tachometerAfter: prefillAfter })}>
            {MY_DAY_LABELS.end}
          </Button>
        </Flex>
      )}
      {step === 'SIGN' && ride.startedAt && ride.endedAt && (
        <Flex gap={8} align="center" wrap style={{ marginTop: 8 }}>
          <Typography.Text>
            {formatTime(ride.startedAt)}–{formatTime(ride.endedAt)}: {actualMinutes(ride.startedAt, ride.endedAt)} min ={' '}
            {unitsText(actualMinutes(ride.startedAt, ride.endedAt))}
          </Typography.Text>
          <Button type="primary" size="large" onClick={() => setSigning(true)}>
            Podpisy a zaevidování
          </Button>
          <SignSheet
            ride={ride}
            open={signing}
            onClose={() => setSigning(false)}
            onRegister={(signature, teacherSignature) => {
              setSigning(false);
              void act(ride.id, { kind: 'REGISTER', signature, teacherSignature });
            }}
          />
        </Flex>
      )}
    </Card>
  );
}

interface LessonCardProps {
  lesson: DayGroupLesson;
  entries: readonly StoredEntry[];
  act: ReturnType<typeof useMyDay>['act'];
  resolve: ReturnType<typeof useMyDay>['resolve'];
}

/**
 * A group theory lesson ('Hodina výuky') of the teacher's day with its 'Docházka': each mark is saved on the phone
 * and sent through the same outbox as the rides (ATTENDANCE), from the lesson's start on (never before).
 */
function GroupLessonCard({ lesson, entries, act, resolve }: LessonCardProps) {
  const outbox = rideOutboxState(entries, lesson.id);
  const conflict = entries.find((e) => e.recordId === lesson.id && e.state === 'CONFLICT');
  const failed = entries.find((e) => e.recordId === lesson.id && e.state === 'FAILED');
  const startsIn = new Date(lesson.startTime).getTime() - browserNow().getTime();
  const [, setTick] = useState(0);
  // Marking opens at the lesson's start (also without signal): re-render then.
  useEffect(() => {
    if (startsIn <= 0) return;
    const timer = window.setTimeout(() => setTick((n) => n + 1), Math.min(startsIn + 500, 2 ** 31 - 1));
    return () => window.clearTimeout(timer);
  }, [startsIn]);
  const started = startsIn <= 0;
  const present = lesson.students.filter((s) => s.present === true).length;
  const unmarked = lesson.students.filter((s) => s.present === null);
  const n = lesson.students.length;
  const section = TEACHING_SECTION_LABELS[lesson.section];
  const mark = (marks: { studentId: string; present: boolean | null }[]) => void act(lesson.id, { kind: 'ATTENDANCE', marks });
  return (
    <Card size="small" role="article" aria-label={`Hodina výuky ${formatTime(lesson.startTime)} ${section}`} style={{ marginBottom: 12 }}>
      <Flex justify="space-between" align="baseline" wrap gap={4}>
        <Typography.Text strong style={{ fontSize: 16 }}>
          {formatTime(lesson.startTime)}–{formatTime(lesson.endTime)} {section}
          {lesson.topic ? `: ${lesson.topic}` : ''}
        </Typography.Text>
        <Space size={4}>
          <Tag color="purple">Výuka</Tag>
          {outbox && <Tag color={STATE_COLORS[outbox]}>{outboxStateLabel(outbox)}</Tag>}
        </Space>
      </Flex>
      <Typography.Text type="secondary">
        {[lesson.courseName, lesson.classroom?.name, `${n} ${pluralCs(n, ['žák', 'žáci', 'žáků'])}`].filter(Boolean).join(' · ')}
      </Typography.Text>
      {conflict && (
        <Alert
          type="error"
          style={{ marginTop: 8 }}
          title={conflict.message ?? MY_DAY_LABELS.lessonConflictText}
          description={
            <Flex gap={8} wrap style={{ marginTop: 8 }}>
              {conflict.officeLesson && (
                <Typography.Text style={{ width: '100%' }}>
                  Verze kanceláře: {formatDate(schoolDateOf(new Date(conflict.officeLesson.startTime)))} {formatTime(conflict.officeLesson.startTime)}–
                  {formatTime(conflict.officeLesson.endTime)} {TEACHING_SECTION_LABELS[conflict.officeLesson.section]}
                  {conflict.officeLesson.topic ? `: ${conflict.officeLesson.topic}` : ''}
                </Typography.Text>
              )}
              {conflict.officeLesson && <Button onClick={() => void resolve(conflict, 'MINE')}>{MY_DAY_LABELS.keepMine}</Button>}
              <Button onClick={() => void resolve(conflict, 'OFFICE')}>{MY_DAY_LABELS.takeOffice}</Button>
            </Flex>
          }
        />
      )}
      {failed && !conflict && <RefusedAction failed={failed} resolve={resolve} />}
      {!started && <Alert type="info" showIcon style={{ marginTop: 8 }} title={MY_DAY_LABELS.attendanceNotYet} />}
      {started && (
        <Flex vertical gap={4} style={{ marginTop: 8 }}>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Text strong>
              Docházka: přítomno {present} z {n}
            </Typography.Text>
            {unmarked.length > 0 && (
              <Button icon={<CheckOutlined />} onClick={() => mark(unmarked.map((s) => ({ studentId: s.id, present: true })))}>
                Ostatní přítomni
              </Button>
            )}
          </Flex>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Žáci na hodině">
            {lesson.students.map((s) => (
              <li key={s.id} style={{ padding: '8px 0', borderTop: '1px solid var(--ant-color-split)' }}>
                <Flex justify="space-between" align="center" wrap gap={8}>
                  <span>
                    <Typography.Text strong>{`${s.lastName} ${s.firstName}`}</Typography.Text> {s.extra && <Tag>navíc</Tag>}
                    {s.present === true && <Tag color="success">přítomen</Tag>}
                    {s.present === false && <Tag color="error">nepřítomen</Tag>}
                  </span>
                  <fieldset aria-label={`Docházka ${s.lastName} ${s.firstName}`} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
                    <Segmented<Mark>
                      size="middle"
                      options={MARK_OPTIONS}
                      value={markOf(s.present)}
                      onChange={(value) => mark([{ studentId: s.id, present: presentOf(value) }])}
                    />
                  </fieldset>
                </Flex>
              </li>
            ))}
          </ul>
        </Flex>
      )}
    </Card>
  );
}

type DayItem = { kind: 'ride'; ride: DayRide; at: number } | { kind: 'lesson'; lesson: DayGroupLesson; at: number };

/** The day's items: active rides and group lessons in time order (the next one on top), then the closed rides. */
export function dayItems(rides: readonly DayRide[], lessons: readonly DayGroupLesson[]): DayItem[] {
  const ordered = inDayOrder(rides);
  const open = ordered.filter((r) => ['START', 'END', 'SIGN'].includes(flowStep(r)));
  const active: DayItem[] = [
    ...open.map((ride) => ({ kind: 'ride' as const, ride, at: new Date(ride.startTime).getTime() })),
    ...lessons.map((lesson) => ({ kind: 'lesson' as const, lesson, at: new Date(lesson.startTime).getTime() })),
  ].sort((a, b) => a.at - b.at);
  const closed = ordered.filter((r) => !open.includes(r)).map((ride) => ({ kind: 'ride' as const, ride, at: new Date(ride.startTime).getTime() }));
  return [...active, ...closed];
}

export function MyDayView() {
  const [date, setDate] = useState(() => schoolToday(browserNow()));
  const { day, rides, groupLessons, entries, unsent, online, loading, error, act, resolve, sync } = useMyDay(date);
  const touch = useRef<number | null>(null);
  // The signature pad's code is fetched now, while there is signal: the car may have none when the ride ends.
  useEffect(() => {
    void import('signature_pad');
  }, []);
  const items = dayItems(rides, groupLessons);
  const today = schoolToday(browserNow());
  return (
    <div
      style={{ maxWidth: 720 }}
      // Swipe left/right for the next/previous day.
      onTouchStart={(e) => {
        touch.current = e.touches[0]?.clientX ?? null;
      }}
      onTouchEnd={(e) => {
        const start = touch.current;
        const end = e.changedTouches[0]?.clientX;
        touch.current = null;
        if (start === null || end === undefined || Math.abs(end - start) < 80) return;
        setDate((d) => addDays(d, end < start ? 1 : -1));
      }}
    >
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {MY_DAY_LABELS.title}
        </Typography.Title>
        <Space size={4} wrap>
          {!online && <Tag>Bez připojení</Tag>}
          {unsent > 0 && (
            <Tag color="orange" role="status">
              {MY_DAY_LABELS.unsent(unsent)}
            </Tag>
          )}
          {unsent > 0 && online && (
            <Button size="small" onClick={() => void sync()}>
              Odeslat
            </Button>
          )}
        </Space>
      </Flex>
      <Flex align="center" gap={8} style={{ margin: '12px 0' }} wrap>
        <Button onClick={() => setDate((d) => addDays(d, -1))}>{MY_DAY_LABELS.yesterday}</Button>
        {date !== today && <Button onClick={() => setDate(today)}>{MY_DAY_LABELS.today}</Button>}
        <Button onClick={() => setDate((d) => addDays(d, 1))}>{MY_DAY_LABELS.tomorrow}</Button>
        <Typography.Text strong>{dayTitle(date)}</Typography.Text>
      </Flex>
      {error && <Alert type="error" title={error} style={{ marginBottom: 8 }} />}
      {!day && !loading && <Alert type="info" title={online ? 'Den se nepodařilo načíst.' : 'Bez připojení: tento den není uložen v telefonu.'} />}
      {day && items.length === 0 && day.lessons.length === 0 && <Empty description="Na tento den nemáte žádné jízdy ani výuku." />}
      {items.map((item) =>
        item.kind === 'ride' ? (
          <RideCard key={item.ride.id} ride={item.ride} rides={rides} entries={entries} act={act} resolve={resolve} />
        ) : (
          <GroupLessonCard key={item.lesson.id} lesson={item.lesson} entries={entries} act={act} resolve={resolve} />
        ),
      )}
      {day && day.lessons.length > 0 && (
        <Card size="small" title="Výuka" style={{ marginBottom: 12 }}>
          {day.lessons.map((l) => (
            <div key={l.id}>
              {l.section} {l.position}. hodina{l.topic ? `: ${l.topic}` : ''} — {fullName(l.student)}
              {l.student.phone && (
                <>
                  {' '}
                  <a href={`tel:${l.student.phone.replaceAll(' ', '')}`}>{l.student.phone}</a>
                </>
              )}
              {l.attended ? ' (přítomen)' : ''}
            </div>
          ))}
        </Card>
      )}
    </div>
  );
}
