// Shows validation messages at the form fields: the shared zod schema's issues on submit, and the server's
// `zodError.fieldErrors` (from `describeError`) after a refused call.
import type { FormInstance } from 'antd';
import type { z } from 'zod';
import { describeError } from './trpc.ts';

export interface FieldError {
  name: (string | number)[];
  errors: string[];
}

type Issue = { path: readonly PropertyKey[]; message: string };

/** The first message per field path, in the order the schema reported them. Object-level issues are left out. */
export function issuesToFieldErrors(issues: readonly Issue[], prefix: (string | number)[] = []): FieldError[] {
  const seen = new Map<string, FieldError>();
  for (const issue of issues) {
    if (issue.path.length === 0) continue;
    const name = [...prefix, ...issue.path.map((p) => (typeof p === 'number' ? p : String(p)))];
    const key = name.join('.');
    if (!seen.has(key)) seen.set(key, { name, errors: [issue.message] });
  }
  return [...seen.values()];
}

/** Server field errors `{ email: ['…'] }` → antd fields; `prefix` maps nested inputs (e.g. ['info']). */
export function serverFieldErrors(fieldErrors: Record<string, string[] | undefined>, prefix: (string | number)[] = []): FieldError[] {
  return Object.entries(fieldErrors)
    .filter(([, errors]) => errors && errors.length > 0)
    .map(([name, errors]) => ({ name: [...prefix, name], errors: [errors![0]] }));
}

/**
 * Validates `values` with the shared schema. On failure the messages go to the fields and the result is null;
 * otherwise the parsed (trimmed, lower-cased, …) data comes back.
 */
export function validateForm<S extends z.ZodType>(form: FormInstance, schema: S, values: unknown): z.output<S> | null {
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  form.setFields(issuesToFieldErrors(result.error.issues));
  return null;
}

/** Puts a server input error at the fields; returns the Czech message for a general alert. */
export function showServerErrors(form: FormInstance, error: unknown, prefix: (string | number)[] = []): string {
  const { message, fieldErrors } = describeError(error);
  const fields = serverFieldErrors(fieldErrors, prefix);
  if (fields.length > 0) form.setFields(fields);
  return message;
}
