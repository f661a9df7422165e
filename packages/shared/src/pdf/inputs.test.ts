import { describe, expect, it } from 'vitest';
import { daysInRange, registerBookRangeInput, requestPdfInput } from './inputs.ts';

const id = '0b0e7c8e-3f0a-4a7b-9f5e-1c2d3e4f5a6b';
const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('requestPdfInput', () => {
  it('takes each kind with its own subject', () => {
    expect(requestPdfInput.parse({ kind: 'REPORT', reportId: id, clientCode: 'abc-1' })).toEqual({ kind: 'REPORT', reportId: id, clientCode: 'abc-1' });
    expect(requestPdfInput.safeParse({ kind: 'EXAM', examId: id, clientCode: 'x' }).success).toBe(true);
    expect(requestPdfInput.safeParse({ kind: 'INVOICE', invoiceId: id, clientCode: 'x' }).success).toBe(true);
    expect(requestPdfInput.safeParse({ kind: 'PARTIAL_COMPLETION', studentId: id, clientCode: 'x' }).success).toBe(true);
    expect(requestPdfInput.safeParse({ kind: 'REGISTER_BOOK', from: '2026-01-01', to: '2026-12-31', clientCode: 'x' }).success).toBe(true);
  });

  it('refuses a subject of another kind, an unknown kind and a bad client code', () => {
    expect(requestPdfInput.safeParse({ kind: 'REPORT', examId: id, clientCode: 'x' }).success).toBe(false);
    expect(requestPdfInput.safeParse({ kind: 'SECRET', clientCode: 'x' }).success).toBe(false);
    expect(messages(requestPdfInput.safeParse({ kind: 'EXAM', examId: id, clientCode: 'a b' }))).toEqual(['clientCode: Neplatný kód požadavku']);
  });

  it('bounds the Evidenční kniha to at most a year, from before to', () => {
    expect(messages(requestPdfInput.safeParse({ kind: 'REGISTER_BOOK', from: '2026-02-01', to: '2026-01-31', clientCode: 'x' }))).toEqual([
      'to: Datum do nesmí být před datem od',
    ]);
    expect(registerBookRangeInput.safeParse({ from: '2024-01-01', to: '2024-12-31' }).success).toBe(true); // 366 days
    expect(messages(registerBookRangeInput.safeParse({ from: '2025-01-01', to: '2026-01-02' }))).toEqual(['to: Rozsah může být nejvýše jeden rok']);
    expect(messages(registerBookRangeInput.safeParse({ from: '2026-02-30', to: '2026-03-01' }))).toEqual(['from: Neplatné datum']);
    expect(daysInRange('2026-03-28', '2026-03-30')).toBe(3); // across the DST change
  });
});
