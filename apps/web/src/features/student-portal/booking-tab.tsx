// 'Rezervace' (issue 19 §3): the student picks a day in the strip of days within the school's horizon, sees the free
// slots grouped by teacher, books one after a confirmation that states the cancellation terms, and keeps their
// bookings in 'Moje rezervace' with 'Zrušit jízdu' (the late-cancel charge said before confirming). 375 px first.
// Student place: the student's own client (useStudentTRPC), never the staff one.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LATE_CANCEL_LABEL } from '@volant/shared/booking/rules';
import { WAITLIST_TITLE } from '@volant/shared/booking/waitlist';
import { formatDate, formatTime } from '@volant/shared/format';
import { addDays, type CalendarDate, schoolToday } from '@volant/shared/school-time';
import { Alert, App, Button, Card, Empty, Flex, List, Modal, Skeleton, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useStudentTRPC } from './student-trpc.ts';

const WEEKDAYS = ['ne', 'po', 'út', 'st', 'čt', 'pá', 'so'];
const dayLabel = (day: CalendarDate) => {
  const d = new Date(`${day}T12:00:00Z`);
  return { weekday: WEEKDAYS[d.getUTCDay()], date: `${d.getUTCDate()}.${d.getUTCMonth() + 1}.` };
};
const errorText = (e: unknown) => (e instanceof Error ? e.message : 'Je nám líto, ale něco se nepovedlo.');
const range = (start: Date | string, end: Date | string) => `${formatTime(start)}–${formatTime(end)}`;

interface Slot {
  start: Date;
  end: Date;
  length: number;
}

export function BookingTab() {
  const trpc = useStudentTRPC();
  const options = useQuery(trpc.booking.getBookingOptions.queryOptions());
  if (options.isLoading) return <Skeleton active />;
  if (options.error) return <Alert type="error" showIcon message={errorText(options.error)} />;
  const o = options.data;
  if (!o) return null;
  return (
    <Flex vertical gap={16} data-testid="booking-tab">
      <Typography.Title level={4} style={{ margin: 0 }}>
        Rezervace jízd
      </Typography.Title>
      {o.refusal ? (
        <Alert type="info" showIcon message={o.refusal} />
      ) : (
        <>
          <Alert
            type="info"
            message="Pravidla autoškoly"
            description={
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {o.rules.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            }
          />
          <FreeSlots firstDay={o.firstDay} lastDay={o.lastDay} />
        </>
      )}
      <MyBookings />
    </Flex>
  );
}

function daysBetween(first: CalendarDate, last: CalendarDate): CalendarDate[] {
  const out: CalendarDate[] = [];
  for (let d = first; d <= last && out.length < 400; d = addDays(d, 1)) out.push(d);
  return out;
}

function DayStrip({ days, value, onChange }: { days: CalendarDate[]; value: CalendarDate; onChange: (d: CalendarDate) => void }) {
  return (
    <div role="tablist" aria-label="Vyberte den" style={{ display: 'flex', gap: 8, overflowX: 'auto', paddingBottom: 4, WebkitOverflowScrolling: 'touch' }}>
      {days.map((d) => {
        const { weekday, date } = dayLabel(d);
        const selected = d === value;
        return (
          <Button
            key={d}
            role="tab"
            aria-selected={selected}
            aria-label={formatDate(d)}
            type={selected ? 'primary' : 'default'}
            onClick={() => onChange(d)}
            style={{
              flex: '0 0 auto',
              height: 56,
              width: 56,
              padding: 0,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            <span style={{ fontSize: 12, lineHeight: '14px' }}>{weekday}</span>
            <span style={{ fontWeight: 600 }}>{date}</span>
          </Button>
        );
      })}
    </div>
  );
}

/** A short Czech date of a school day: '24.3.' */
const shortDay = (day: CalendarDate) => dayLabel(day).date;

/**
 * 'Čekací listina' for the picked day: the student asks to be told by e-mail when a slot of that day frees up (a
 * cancelled ride); the first to book it gets it. The days on the list are said below, each can be taken off.
 */
function WaitlistDay({ day }: { day: CalendarDate }) {
  const trpc = useStudentTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.booking.getMyWaitlist.queryOptions());
  const join = useMutation(trpc.booking.joinWaitlist.mutationOptions());
  const leave = useMutation(trpc.booking.leaveWaitlist.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const days = list.data?.days ?? [];
  const run = async (call: Promise<{ studentId: string; days: string[] }>) => {
    try {
      queryClient.setQueryData(trpc.booking.getMyWaitlist.queryKey(), await call);
      setError(null);
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <section aria-label={WAITLIST_TITLE}>
      <Typography.Text strong>{WAITLIST_TITLE}</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ margin: '4px 0 8px' }}>
        Když se v hlídaný den uvolní termín (někdo jízdu zruší), pošleme vám e-mail. Dostane ho ten, kdo si ho rezervuje jako první.
      </Typography.Paragraph>
      {days.includes(day) ? (
        <Button loading={leave.isPending} onClick={() => void run(leave.mutateAsync({ date: day }))}>
          Nehlídat {shortDay(day)}
        </Button>
      ) : (
        <Button loading={join.isPending} disabled={list.isLoading} onClick={() => void run(join.mutateAsync({ date: day }))}>
          Přidat {shortDay(day)} na čekací listinu
        </Button>
      )}
      {days.length > 0 && (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          Hlídáte: {days.map(shortDay).join(', ')}
        </Typography.Paragraph>
      )}
      {error && <Alert type="warning" showIcon message={error} style={{ marginTop: 8 }} />}
    </section>
  );
}

function FreeSlots({ firstDay, lastDay }: { firstDay: CalendarDate; lastDay: CalendarDate }) {
  const trpc = useStudentTRPC();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const days = useMemo(() => daysBetween(firstDay, lastDay), [firstDay, lastDay]);
  // The waiting list's e-mail links to /zak/rezervace?den=<day>: the tab opens on the freed day when it is bookable.
  const [params] = useSearchParams();
  const linked = params.get('den');
  const [day, setDay] = useState<CalendarDate>(days.find((d) => d === linked) ?? days[0] ?? schoolToday(new Date()));
  const [picked, setPicked] = useState<{ teacherId: string; teacherName: string; slot: Slot } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const slots = useQuery(trpc.booking.getFreeSlots.queryOptions({ date: day }));
  const bookings = useQuery(trpc.booking.getBookingOptions.queryOptions());
  const book = useMutation(trpc.booking.bookRide.mutationOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.booking.pathKey() });

  const confirm = async () => {
    if (!picked) return;
    try {
      await book.mutateAsync({ teacherId: picked.teacherId, start: new Date(picked.slot.start), length: picked.slot.length });
      message.success('Jízda je rezervovaná');
      setRefusal(null);
    } catch (e) {
      setRefusal(errorText(e));
    }
    setPicked(null);
    await refresh();
  };

  const teachers = slots.data?.teachers ?? [];
  return (
    <Card size="small" title="Volné termíny">
      <Flex vertical gap={12}>
        <DayStrip days={days} value={day} onChange={setDay} />
        {refusal && <Alert type="warning" showIcon message={refusal} closable onClose={() => setRefusal(null)} />}
        {slots.isLoading ? (
          <Skeleton active />
        ) : slots.data?.refusal ? (
          <Alert type="info" showIcon message={slots.data.refusal} />
        ) : teachers.every((t) => t.slots.length === 0) ? (
          <Empty description={`${formatDate(day)} není žádný volný termín`} />
        ) : (
          teachers
            .filter((t) => t.slots.length > 0)
            .map((t) => (
              <section key={t.id} aria-label={`${t.firstName} ${t.lastName}`}>
                <Typography.Text strong>
                  {t.firstName} {t.lastName}
                </Typography.Text>
                <Flex wrap gap={8} style={{ marginTop: 8 }}>
                  {t.slots.map((s) => (
                    <Button
                      key={`${new Date(s.start).getTime()}-${s.length}`}
                      onClick={() => setPicked({ teacherId: t.id, teacherName: `${t.firstName} ${t.lastName}`, slot: s })}
                      style={{ minWidth: 104 }}
                    >
                      {range(s.start, s.end)}
                    </Button>
                  ))}
                </Flex>
              </section>
            ))
        )}
        {(slots.data?.mine.length ?? 0) > 0 && (
          <Typography.Text type="secondary">Vaše jízdy v tento den: {slots.data?.mine.map((m) => range(m.start, m.end)).join(', ')}</Typography.Text>
        )}
        {!slots.data?.refusal && <WaitlistDay day={day} />}
      </Flex>
      <Modal
        open={picked !== null}
        title="Rezervovat jízdu"
        okText="Rezervovat jízdu"
        cancelText="Zpět"
        confirmLoading={book.isPending}
        onOk={confirm}
        onCancel={() => setPicked(null)}
      >
        {picked && (
          <Space direction="vertical">
            <Typography.Text>
              {formatDate(picked.slot.start)} {range(picked.slot.start, picked.slot.end)} ({picked.slot.length} min), učitel {picked.teacherName}
            </Typography.Text>
            <Typography.Text type="secondary">
              Jízdu můžete zrušit zdarma nejpozději {bookings.data?.freeCancelHours ?? 24} h před začátkem. Později se účtuje poplatek {LATE_CANCEL_LABEL} podle
              ceníku autoškoly.
            </Typography.Text>
          </Space>
        )}
      </Modal>
    </Card>
  );
}

function MyBookings() {
  const trpc = useStudentTRPC();
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  const list = useQuery(trpc.booking.getMyBookings.queryOptions());
  const cancel = useMutation(trpc.booking.cancelRide.mutationOptions());

  const ask = (ride: NonNullable<typeof list.data>[number]) => {
    const charge = ride.cancel.late && (ride.cancel.price ?? 0) > 0;
    modal.confirm({
      title: 'Zrušit jízdu',
      content: `${formatDate(ride.start)} ${range(ride.start, ride.end)}. ${ride.cancel.text}`,
      okText: 'Zrušit jízdu',
      okButtonProps: { danger: true },
      cancelText: 'Ponechat',
      async onOk() {
        try {
          await cancel.mutateAsync({ rideId: ride.id, acceptLateCharge: charge });
          message.success('Jízda je zrušená');
        } catch (e) {
          message.error(errorText(e));
        }
        await queryClient.invalidateQueries({ queryKey: trpc.booking.pathKey() });
      },
    });
  };

  return (
    <Card size="small" title="Moje rezervace">
      {list.isLoading ? (
        <Skeleton active />
      ) : (
        <List
          dataSource={list.data ?? []}
          locale={{ emptyText: 'Nemáte žádnou naplánovanou jízdu' }}
          renderItem={(ride) => (
            <List.Item
              actions={
                ride.cancel.cancellable
                  ? [
                      <Button key="cancel" danger size="small" onClick={() => ask(ride)}>
                        Zrušit jízdu
                      </Button>,
                    ]
                  : []
              }
            >
              <List.Item.Meta
                title={`${formatDate(ride.start)} ${range(ride.start, ride.end)}`}
                description={
                  <Space size={4} wrap>
                    {ride.teacher && <span>{`${ride.teacher.firstName} ${ride.teacher.lastName}`}</span>}
                    {ride.car && <span>· {ride.car.regNumber}</span>}
                    <Tag color="blue">Naplánovaná</Tag>
                    {ride.cancel.late && <Tag color="orange">Po lhůtě pro zrušení zdarma</Tag>}
                  </Space>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
