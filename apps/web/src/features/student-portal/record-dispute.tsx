// 'Nesouhlasím se záznamem' on the student's side (issue 19 §2): under a record of the student's ride or lesson list,
// the dispute's state — 'Rozporováno' until the office answers, then 'Vyřešeno' with its note — and, for a past
// record with no open dispute, the button that asks for the reason. One query of the student's disputes serves every
// record of the list (the student place's own cache).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DISPUTE_STATE_LABELS, type DisputeRecordKind } from '@volant/shared/enums';
import { ERROR_TITLES } from '@volant/shared/errors';
import { DISPUTE_REASON_MAX, disputeReason } from '@volant/shared/record-dispute/inputs';
import { Alert, App, Button, Flex, Input, Tag, Typography } from 'antd';
import { useState } from 'react';
import { AppModal } from '../../components/app-modal.tsx';
import { describeError, type RouterOutputs } from '../../lib/trpc.ts';
import { useStudentTRPC } from './student-trpc.ts';

type MyDispute = RouterOutputs['studentDispute']['getMyDisputes'][number];

export interface RecordDisputeProps {
  /** 'RIDE': a ride or PV lesson (driving lesson record); 'LESSON': a theory lesson (teaching lesson record). */
  recordKind: DisputeRecordKind;
  recordId: string;
  /** Whether the record is past (the list knows its time); only a past record may be disputed. */
  isPast: boolean;
}

/** The student's disputes, one query for the whole list (cached a minute; refreshed on focus and after a dispute). */
function useMyDisputes() {
  const trpc = useStudentTRPC();
  return useQuery({ ...trpc.studentDispute.getMyDisputes.queryOptions(), staleTime: 60_000 });
}

/** The record's latest dispute: an open one wins over resolved ones. */
function disputeOf(disputes: MyDispute[] | undefined, kind: DisputeRecordKind, recordId: string) {
  const mine = (disputes ?? []).filter((d) => d.recordKind === kind && d.recordId === recordId);
  return mine.find((d) => d.state === 'OPEN') ?? mine.at(-1);
}

function DisputeDialog({ recordKind, recordId, onClose }: { recordKind: DisputeRecordKind; recordId: string; onClose: () => void }) {
  const trpc = useStudentTRPC();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const dispute = useMutation(
    trpc.studentDispute.disputeRecord.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.studentDispute.getMyDisputes.queryFilter());
        message.success('Autoškola dostala váš nesouhlas se záznamem');
        onClose();
      },
    }),
  );
  const submit = () => {
    const parsed = disputeReason.safeParse(reason);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    dispute.mutate({ recordKind, recordId, reason: parsed.data });
  };
  return (
    <AppModal title="Nesouhlasím se záznamem" open onCancel={onClose} onOk={submit} okText="Odeslat" confirmLoading={dispute.isPending} destroyOnHidden>
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">Napište, s čím nesouhlasíte. Autoškola dostane upozornění a odpoví vám zde.</Typography.Text>
        <label htmlFor={`dispute-reason-${recordId}`}>Důvod</label>
        <Input.TextArea
          id={`dispute-reason-${recordId}`}
          value={reason}
          maxLength={DISPUTE_REASON_MAX}
          showCount
          autoSize={{ minRows: 3, maxRows: 8 }}
          status={error ? 'error' : undefined}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
        />
        {error && <Typography.Text type="danger">{error}</Typography.Text>}
        {dispute.isError && <Alert type="error" showIcon title={ERROR_TITLES.error} description={describeError(dispute.error).message} />}
      </Flex>
    </AppModal>
  );
}

/** Under one record of the student's list: its dispute state, or 'Nesouhlasím se záznamem' for a past record. */
export function RecordDispute({ recordKind, recordId, isPast }: RecordDisputeProps) {
  const disputes = useMyDisputes();
  const [open, setOpen] = useState(false);
  const current = disputeOf(disputes.data, recordKind, recordId);
  const canDispute = isPast && disputes.isSuccess && current?.state !== 'OPEN';
  return (
    <Flex vertical gap={4} align="flex-start" className="record-dispute" data-testid="record-dispute">
      {current?.state === 'OPEN' && (
        <span>
          <Tag color="orange">{DISPUTE_STATE_LABELS.OPEN}</Tag>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {current.reason}
          </Typography.Text>
        </span>
      )}
      {current?.state === 'RESOLVED' && (
        <span>
          <Tag color="green">{DISPUTE_STATE_LABELS.RESOLVED}</Tag>
          <Typography.Text style={{ fontSize: 13 }}>{current.resolutionNote}</Typography.Text>
        </span>
      )}
      {canDispute && (
        <Button size="small" onClick={() => setOpen(true)}>
          Nesouhlasím se záznamem
        </Button>
      )}
      {open && <DisputeDialog recordKind={recordKind} recordId={recordId} onClose={() => setOpen(false)} />}
    </Flex>
  );
}
