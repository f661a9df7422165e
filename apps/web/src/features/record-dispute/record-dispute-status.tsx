// 'Nesouhlasím se záznamem' on the office's side (issue 19 §2): on the student card's lists of rides and theory
// lessons, a record the student disputes shows 'Rozporováno' with the student's reason and 'Vyřešit' (for the roles
// that may resolve it); once resolved, 'Vyřešeno' with the office's note. Refreshed live (RecordDisputeMessage).
import { useMutation, useQuery } from '@tanstack/react-query';
import { DISPUTE_STATE_LABELS, type DisputeRecordKind } from '@volant/shared/enums';
import { ERROR_TITLES } from '@volant/shared/errors';
import { formatDateTime } from '@volant/shared/format';
import { DISPUTE_NOTE_MAX, resolutionNote } from '@volant/shared/record-dispute/inputs';
import { App, Button, Flex, Input, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { schoolOf, useMembership, useSchoolInput, withSchool } from '../../app/use-school.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';

export type StaffDispute = RouterOutputs['recordDispute']['getStudentDisputes'][number];

/** The student's disputes by record (`kind:id`): the open one if any, else the latest resolved one. */
export function useStudentDisputes(studentId: string) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const query = useQuery(trpc.recordDispute.getStudentDisputes.queryOptions(withSchool(school, { studentId })));
  const byRecord = new Map<string, StaffDispute>();
  for (const d of query.data ?? []) {
    const key = `${d.recordKind}:${d.recordId}`;
    const known = byRecord.get(key);
    // Oldest first from the server: a later one replaces an earlier, but never an open one by a resolved one.
    if (known?.state !== 'OPEN') byRecord.set(key, d);
  }
  return (kind: DisputeRecordKind, recordId: string) => byRecord.get(`${kind}:${recordId}`);
}

function ResolveDialog({ dispute, onClose }: { dispute: StaffDispute; onClose: () => void }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const { message, notification } = App.useApp();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const resolve = useMutation(
    trpc.recordDispute.resolveDispute.mutationOptions({
      onSuccess: () => {
        message.success('Rozpor byl vyřešen');
        onClose();
      },
      onError: (err) => notification.error({ title: ERROR_TITLES.error, description: describeError(err).message }),
    }),
  );
  const submit = () => {
    const parsed = resolutionNote.safeParse(note);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    resolve.mutate({ ...schoolOf(school), disputeId: dispute.id, note: parsed.data });
  };
  return (
    <AppModal title="Vyřešit rozpor" open onCancel={onClose} onOk={submit} okText="Vyřešit" confirmLoading={resolve.isPending} destroyOnHidden>
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">Žák nesouhlasí se záznamem ({formatDateTime(dispute.createdAt)}):</Typography.Text>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>„{dispute.reason}“</Typography.Paragraph>
        <label htmlFor="dispute-note">Jak byl rozpor vyřešen (žák poznámku uvidí)</label>
        <Input.TextArea
          id="dispute-note"
          value={note}
          maxLength={DISPUTE_NOTE_MAX}
          autoSize={{ minRows: 3, maxRows: 8 }}
          status={error ? 'error' : undefined}
          onChange={(e) => {
            setNote(e.target.value);
            setError(null);
          }}
        />
        {error && <Typography.Text type="danger">{error}</Typography.Text>}
      </Flex>
    </AppModal>
  );
}

/** The record's dispute state in its row: nothing, 'Rozporováno' (+ reason, 'Vyřešit') or 'Vyřešeno' (+ note). */
export function DisputeStatus({ dispute }: { dispute: StaffDispute | undefined }) {
  const mayResolve = useMembership().may('recordDispute.resolveDispute');
  const [open, setOpen] = useState(false);
  if (!dispute) return null;
  if (dispute.state === 'RESOLVED')
    return (
      <Tooltip title={dispute.resolutionNote}>
        <Flex vertical gap={2} onClick={(e) => e.stopPropagation()} data-testid="dispute-status">
          <span>
            <Tag color="green">{DISPUTE_STATE_LABELS.RESOLVED}</Tag>
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 12, maxWidth: 260 }} ellipsis={{ tooltip: false }}>
            {dispute.resolutionNote}
          </Typography.Text>
        </Flex>
      </Tooltip>
    );
  return (
    // A click here is no click on the row (which opens the record's form).
    <Flex vertical gap={2} align="flex-start" onClick={(e) => e.stopPropagation()} data-testid="dispute-status">
      <Tooltip title={dispute.reason}>
        <Tag color="orange">{DISPUTE_STATE_LABELS.OPEN}</Tag>
      </Tooltip>
      <Typography.Text style={{ fontSize: 12, maxWidth: 260 }} ellipsis={{ tooltip: dispute.reason }}>
        {dispute.reason}
      </Typography.Text>
      {mayResolve && (
        <Button size="small" onClick={() => setOpen(true)}>
          Vyřešit
        </Button>
      )}
      {open && <ResolveDialog dispute={dispute} onClose={() => setOpen(false)} />}
    </Flex>
  );
}
