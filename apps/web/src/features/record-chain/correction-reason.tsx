// 'Důvod opravy' (issue 22 §1) for a write that corrects a record already in the school's record chain: the server
// refuses such a write without a reason (the field error `correctionReason`), so a write is first sent as it is; only
// when the server asks, a small dialog asks for the reason (the server's message says why) and sends the write again
// with it. One piece for the deletion of a ride, Výuka, 'Docházka' and a group lesson's edit.
//
//   const reason = useCorrectionReason();
//   await reason.send((correctionReason) => remove.mutateAsync({ …, correctionReason }));
//   …{reason.dialog}
import { Input, Typography } from 'antd';
import { useId, useState } from 'react';
import { AppModal } from '../../components/app-modal.tsx';
import { describeError } from '../../lib/trpc.ts';

/** The server's message when it asks for 'Důvod opravy' (its field error `correctionReason`); null for any other error. */
export function correctionReasonAsked(error: unknown): string | null {
  return describeError(error).fieldErrors.correctionReason?.[0] ?? null;
}

interface Asked {
  message: string;
  title: string;
  okText: string;
  write: (reason: string) => Promise<unknown>;
}

export interface CorrectionDialogText {
  /** The dialog's title; 'Oprava zapsaného záznamu' unless told. */
  title?: string;
  /** The confirm button; 'Uložit' unless told. */
  okText?: string;
}

export function useCorrectionReason() {
  const [asked, setAsked] = useState<Asked | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const id = useId();

  /**
   * Sends the write without a reason; when the server asks for one, opens the dialog (the write is sent again from
   * there). Any other refusal is the write's own (its mutation's onError shows it); it is not thrown.
   */
  const send = async (write: (reason: string | null) => Promise<unknown>, text: CorrectionDialogText = {}) => {
    try {
      await write(null);
    } catch (err) {
      const message = correctionReasonAsked(err);
      if (message === null) return;
      setReason('');
      setError(null);
      setAsked({ message, title: text.title ?? 'Oprava zapsaného záznamu', okText: text.okText ?? 'Uložit', write });
    }
  };

  const confirm = async () => {
    if (!asked) return;
    if (!reason.trim()) {
      setError(asked.message);
      return;
    }
    setSending(true);
    try {
      await asked.write(reason.trim());
      setAsked(null);
    } catch (err) {
      // Asked again (e.g. a reason too long): the dialog stays with the message; anything else its onError shows.
      const message = correctionReasonAsked(err);
      if (message !== null) setError(message);
      else setAsked(null);
    } finally {
      setSending(false);
    }
  };

  const dialog = (
    <AppModal
      open={asked !== null}
      title={asked?.title}
      okText={asked?.okText}
      onOk={confirm}
      onCancel={() => setAsked(null)}
      confirmLoading={sending}
      destroyOnHidden
    >
      <Typography.Paragraph>{asked?.message} Původní údaje zůstanou v záznamech čitelné.</Typography.Paragraph>
      <label htmlFor={id}>Důvod opravy</label>
      <Input.TextArea
        id={id}
        value={reason}
        maxLength={500}
        autoSize={{ minRows: 2, maxRows: 4 }}
        status={error ? 'error' : undefined}
        aria-required
        onChange={(e) => {
          setReason(e.target.value);
          setError(null);
        }}
      />
      {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
    </AppModal>
  );

  return { send, dialog, asking: asked !== null };
}
