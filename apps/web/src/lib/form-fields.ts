// Form glue beside lib/form-errors.ts: DatePicker values ↔ calendar dates, and clearing a message once the field changes.
import type { FormInstance } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';

export const DATE_FORMAT = 'D.M.YYYY';

/** A DatePicker value → 'YYYY-MM-DD' (undefined when empty). */
export function toIsoDate(value: Dayjs | null | undefined): string | undefined {
  return value ? value.format('YYYY-MM-DD') : undefined;
}

/** 'YYYY-MM-DD' or an instant → a DatePicker value. */
export function fromIsoDate(value: string | Date | null | undefined): Dayjs | null {
  return value ? dayjs(value) : null;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;
}

/** Name paths of the leaves in antd's `changedValues` ({ a: { b: 1 } } → [['a', 'b']]). Arrays and dates are leaves. */
export function changedPaths(changed: unknown, prefix: string[] = []): string[][] {
  if (!isPlainObject(changed)) return prefix.length ? [prefix] : [];
  return Object.entries(changed).flatMap(([k, v]) => changedPaths(v, [...prefix, k]));
}

/** `onValuesChange` handler: a field the user changes loses its submit-time message. */
export function clearErrorsOnChange(form: FormInstance) {
  return (changed: unknown) => {
    const fields = changedPaths(changed)
      .filter((name) => form.getFieldError(name).length > 0)
      .map((name) => ({ name, errors: [] as string[] }));
    if (fields.length) form.setFields(fields);
  };
}

/** `form.setFields` for messages whose paths are known only at run time (server errors, a changed field). */
export function setFieldErrors(form: FormInstance, fields: { name: (string | number)[] | string; errors: string[] }[]) {
  form.setFields(fields);
}
