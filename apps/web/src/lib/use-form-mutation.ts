// One form's write (model: refine's useForm/useDrawerForm): `submit(values)` validates with the shared schema, sends,
// shows the success text, updates the cache from the answer and maps a refusal onto the form's fields; `error` is the
// refusal's message for the form's alert. The rules are in lib/form-mutation.ts.
import { type QueryFilters, useQueryClient } from '@tanstack/react-query';
import { App, type FormInstance } from 'antd';
import { useState } from 'react';
import type { z } from 'zod';
import { notify } from './antd-static.ts';
import { applyWrite, type FormOutcome, type FormWrite, submitFormWrite } from './form-mutation.ts';

export interface UseFormMutation<S extends z.ZodType, TData> extends FormWrite<S, TData> {
  /** After the answer is in the cache (close the drawer, go to the new item). */
  onSaved?: (answer: TData) => void;
  /** A refusal the form handles itself: return the alert's text, or null for none; undefined keeps the server's message. */
  onRefused?: (error: unknown) => string | null | undefined;
}

export function useFormMutation<S extends z.ZodType, TData>(form: FormInstance, write: UseFormMutation<S, TData>) {
  const queryClient = useQueryClient();
  // A screen's own feedback scope (components/feedback-scope.tsx) when it has one, else the app's static message.
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: unknown): Promise<FormOutcome<TData>> => {
    setError(null);
    try {
      const outcome = await submitFormWrite(write, values, {
        form,
        queryClient,
        success: (text) => (message.success ? message.success(text) : notify.success(text)),
        // Only a parsed input is sent: an invalid submit never shows the button loading (lib/form-mutation.ts).
        sending: () => setSaving(true),
      });
      if (outcome.status === 'saved') write.onSaved?.(outcome.answer);
      if (outcome.status === 'refused') {
        const text = write.onRefused?.(outcome.error);
        setError(text === undefined ? outcome.message : text);
      }
      return outcome;
    } finally {
      setSaving(false);
    }
  };
  return { submit, saving, error, setError };
}

/** For a write outside a form: `(filters) => …` applies its feature's live reaction on the answer (lib/form-mutation.ts). */
export function useApplyWrite() {
  const queryClient = useQueryClient();
  return (writes: QueryFilters[]) => applyWrite(queryClient, writes);
}
