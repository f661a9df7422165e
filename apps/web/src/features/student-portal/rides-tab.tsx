// 'Jízdy' of 'Můj výcvik' (issue 19 §2): the student's rides, PV lessons and theory lessons, upcoming and past, each
// with its state in words decided by the server ('Naplánovaná', 'Absolvovaná', 'Nezaevidovaná', 'Zrušená'), teacher,
// car, length, the tachometer distance, both signatures and the server's times of recording and signing, and
// 'Upraveno po podpisu' with its time. A time the record does not have is said so ('čas neznámý'), never guessed.
// `renderRecordExtra` puts something of the caller's under each past record (the lead's dispute button).
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatDateTime, formatTime } from '@volant/shared/format';
import { type RideStateWord, TIME_UNKNOWN } from '@volant/shared/student-portal/views';
import { Alert, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { describeError, type RouterOutputs } from '../../lib/trpc.ts';
import { type ChainRecord, RecordFingerprint } from './record-fingerprint.tsx';
import { useStudentTRPC } from './student-trpc.ts';
import './student-place.css';

/** One ride or lesson as the student sees it (studentPortal.getRides). */
export type StudentRideRecord = RouterOutputs['studentPortal']['getRides']['past'][number];

const STATE_COLORS: Record<RideStateWord, string> = {
  Naplánovaná: 'blue',
  Absolvovaná: 'green',
  Nezaevidovaná: 'orange',
  Zrušená: 'default',
};

const when = (r: StudentRideRecord) =>
  r.startTime && r.endTime ? `${formatDate(r.startTime)} ${formatTime(r.startTime)}–${formatTime(r.endTime)}` : formatDate(r.date);

const stamp = (at: Date | null) => (at ? formatDateTime(at) : TIME_UNKNOWN);

/** The label–value lines of one record; only what the record has. */
function fieldsOf(r: StudentRideRecord): { label: string; value: ReactNode }[] {
  const f: { label: string; value: ReactNode }[] = [];
  if (r.teacher) f.push({ label: 'Učitel', value: r.teacher });
  if (r.car) f.push({ label: 'Vozidlo', value: r.car });
  if (r.length !== null) f.push({ label: 'Délka', value: `${r.length} min` });
  if (r.distanceKm !== null) f.push({ label: 'Ujeto', value: `${r.distanceKm} km` });
  if (r.topic) f.push({ label: 'Téma', value: r.topic });
  if (r.kind === 'RIDE') {
    if (r.state === 'Absolvovaná') f.push({ label: 'Zaevidováno', value: stamp(r.recordedAt) });
    if (r.state !== 'Naplánovaná' && r.state !== 'Zrušená') {
      f.push({ label: 'Podpis žáka', value: r.studentSigned ? `Ano, ${stamp(r.signedAt)}` : 'Ne' });
      f.push({ label: 'Podpis učitele', value: r.teacherSigned ? `Ano, ${stamp(r.teacherSignedAt)}` : 'Ne' });
    }
  } else if (r.state === 'Absolvovaná' && r.recordedAt) {
    f.push({ label: 'Docházka zapsána', value: formatDateTime(r.recordedAt) });
  }
  return f;
}

function RecordList({
  label,
  items,
  emptyText,
  renderExtra,
  chain,
}: {
  label: string;
  items: StudentRideRecord[];
  emptyText: string;
  renderExtra?: (record: StudentRideRecord) => ReactNode;
  /** The record chain's entries by `${kind}:${id}` (issue 22 §1). */
  chain?: Map<string, ChainRecord>;
}) {
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  return (
    <ul className="student-place__list" aria-label={label}>
      {items.map((r) => {
        const extra = renderExtra?.(r);
        const chained = chain?.get(`${r.kind}:${r.id}`);
        return (
          <li key={`${r.kind}-${r.id}`} className="student-place__item" aria-label={`${r.title} ${when(r)}`}>
            <div className="student-place__head">
              <div className="student-place__title">
                {r.title}
                <div>
                  <Typography.Text type="secondary">{when(r)}</Typography.Text>
                </div>
              </div>
              <Flex vertical align="end" gap={4}>
                <Tag color={STATE_COLORS[r.state]} style={{ marginInlineEnd: 0 }}>
                  {r.state}
                </Tag>
                {r.changedAfterSigningAt ? (
                  <Tag color="red" style={{ marginInlineEnd: 0 }}>
                    Upraveno po podpisu
                  </Tag>
                ) : null}
              </Flex>
            </div>
            {r.stateNote ? <Typography.Text type="secondary">{r.stateNote}</Typography.Text> : null}
            <dl className="student-place__fields">
              {fieldsOf(r).map((f) => (
                <div key={f.label} style={{ display: 'contents' }}>
                  <dt>{f.label}</dt>
                  <dd>{f.value}</dd>
                </div>
              ))}
              {r.changedAfterSigningAt ? (
                <div style={{ display: 'contents' }}>
                  <dt>Upraveno po podpisu</dt>
                  <dd>{formatDateTime(r.changedAfterSigningAt)}</dd>
                </div>
              ) : null}
            </dl>
            {chained ? <RecordFingerprint record={chained} /> : null}
            {extra ? <div className="student-place__extra">{extra}</div> : null}
          </li>
        );
      })}
    </ul>
  );
}

export interface StudentRidesTabProps {
  /** Rendered under each PAST record (e.g. 'Nesouhlasím se záznamem'); nothing when it returns null. */
  renderRecordExtra?: (record: StudentRideRecord) => ReactNode;
}

export function StudentRidesTab({ renderRecordExtra }: StudentRidesTabProps) {
  const trpc = useStudentTRPC();
  const rides = useQuery(trpc.studentPortal.getRides.queryOptions());
  const chainQuery = useQuery(trpc.studentRecordChain.getMyRecordChain.queryOptions());
  const chain = new Map((chainQuery.data?.records ?? []).map((c) => [`${c.entityType}:${c.entityId}`, c]));
  if (rides.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (rides.isError) return <Alert type="error" showIcon title={describeError(rides.error).message} />;
  return (
    <Flex vertical gap={16}>
      <section aria-labelledby="student-rides-upcoming">
        <Typography.Title level={5} id="student-rides-upcoming" style={{ marginTop: 0 }}>
          Nadcházející
        </Typography.Title>
        <RecordList label="Nadcházející jízdy a lekce" items={rides.data.upcoming} emptyText="Nemáte žádnou naplánovanou jízdu ani lekci" />
      </section>
      <section aria-labelledby="student-rides-past">
        <Typography.Title level={5} id="student-rides-past" style={{ marginTop: 0 }}>
          Proběhlé
        </Typography.Title>
        <RecordList
          label="Proběhlé jízdy a lekce"
          items={rides.data.past}
          emptyText="Zatím žádné jízdy ani lekce"
          renderExtra={renderRecordExtra}
          chain={chain}
        />
      </section>
    </Flex>
  );
}
