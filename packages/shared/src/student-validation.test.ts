import { describe, expect, it } from 'vitest';
import { dateInput, isCalendarDate, studentInfoInput } from './student-validation.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('calendar dates', () => {
  it.each([
    '2026-02-30',
    '0000-01-01',
    '2026-13-01',
    '2026-00-10',
    '2026-01-00',
    '2025-02-29',
    '2026-04-31',
    '1899-12-31',
    '2101-01-01',
    '2026-1-1',
    '+02026-01-01',
    '2026-01-01T00:00',
  ])('refuses %s with the date message', (value) => {
    expect(isCalendarDate(value)).toBe(false);
    expect(firstMessage(dateInput('Prosím zadejte datum!').safeParse(value))).toBe('Neplatné datum');
  });

  it.each(['2024-02-29', '2000-02-29', '2026-12-31', '1900-01-01', '2100-12-31'])('accepts %s', (value) => {
    expect(dateInput('Prosím zadejte datum!').parse(value)).toBe(value);
  });

  it('keeps the required message for a missing date', () => {
    expect(firstMessage(dateInput('Prosím zadejte datum!').safeParse(undefined))).toBe('Prosím zadejte datum!');
    expect(firstMessage(dateInput('Prosím zadejte datum!').safeParse(''))).toBe('Prosím zadejte datum!');
  });

  it('refuses an impossible birth date of a student at the field', () => {
    const r = studentInfoInput.safeParse({
      firstName: 'Jan',
      lastName: 'Dvořák',
      birthDate: '2005-02-30',
      birthPlace: 'Brno',
      citizenship: 'Česká republika',
      docId: '123456789',
    });
    expect(r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual(['birthDate: Neplatné datum']);
  });
});
