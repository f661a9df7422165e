import { describe, expect, it } from 'vitest';
import { interpreterInput } from '../interpreter/inputs.ts';
import { dateInput, isCalendarDate, latestBirthDate } from '../validation.ts';
import { studentInfoInput, studentStudyInfoInput } from './inputs.ts';

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
    const r = studentInfoInput(new Date('2026-05-14T10:00:00Z')).safeParse({
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

describe('a birth date is at most tomorrow in the school zone, by the clock the schema is built with', () => {
  const student = (birthDate: string) => ({
    firstName: 'Jan',
    lastName: 'Dvořák',
    birthDate,
    birthPlace: 'Brno',
    citizenship: 'Česká republika',
    docId: '123456789',
  });
  const issues = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    r.error?.issues.map((i) => `${i.path.map(String).join('.')}: ${i.message}`) ?? [];

  it('accepts tomorrow and refuses the day after with its own message', () => {
    const now = new Date('2026-05-14T10:00:00Z');
    expect(issues(studentInfoInput(now).safeParse(student('2026-05-15')))).toEqual([]);
    expect(issues(studentInfoInput(now).safeParse(student('2026-05-16')))).toEqual(['birthDate: Datum narození nemůže být v budoucnosti']);
  });

  it('takes tomorrow from the clock it is given, not from the machine', () => {
    expect(issues(studentInfoInput(new Date('2030-01-01T10:00:00Z')).safeParse(student('2030-01-02')))).toEqual([]);
    expect(issues(studentInfoInput(new Date('2020-01-01T10:00:00Z')).safeParse(student('2020-01-03')))).toEqual([
      'birthDate: Datum narození nemůže být v budoucnosti',
    ]);
  });

  it('counts tomorrow in Prague on the night of the autumn change (a 25-hour day)', () => {
    // 00:30 on Sunday 25 October in Prague; 24 hours later it is still the 25th there, but tomorrow is the 26th.
    const now = new Date('2026-10-24T22:30:00Z');
    expect(latestBirthDate(now)).toBe('2026-10-26');
    expect(issues(studentInfoInput(now).safeParse(student('2026-10-26')))).toEqual([]);
    expect(issues(studentInfoInput(now).safeParse(student('2026-10-27')))).toEqual(['birthDate: Datum narození nemůže být v budoucnosti']);
  });

  it('counts tomorrow in Prague late in the evening before the spring change, while UTC is a day behind', () => {
    // 23:59 on Saturday 28 March in Prague: tomorrow is the 29th, not the 30th of 24 hours later.
    const now = new Date('2026-03-28T22:59:00Z');
    expect(issues(studentInfoInput(now).safeParse(student('2026-03-30')))).toEqual(['birthDate: Datum narození nemůže být v budoucnosti']);
  });

  it('holds an interpreter to the same rule', () => {
    const now = new Date('2026-05-14T10:00:00Z');
    const interpreter = (birthDate: string) => ({
      interpreterInfo: { firstName: 'Olena', lastName: 'Kovalenko', degree: null, birthDate, phone: null },
      address: { street: 'Lidická', streetCode: '3', city: 'Brno', postCode: '60200' },
    });
    expect(issues(interpreterInput(now).safeParse(interpreter('2026-05-15')))).toEqual([]);
    expect(issues(interpreterInput(now).safeParse(interpreter('2026-05-16')))).toEqual(['interpreterInfo.birthDate: Datum narození nemůže být v budoucnosti']);
  });
});

describe('the driving licence number', () => {
  const study = (o: Record<string, unknown>) => ({ group: ['B'], currentGroups: [], trainingKind: 'BASIC', trainingType: 'COURSE', note: null, ...o });
  const messages = (value: unknown) => {
    const parsed = studentStudyInfoInput.safeParse(value);
    return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('is not asked of a first-time applicant (basic, associated or complementary training): stored as empty', () => {
    for (const trainingKind of ['BASIC', 'ASSOCIATED', 'COMPLEMENTARY']) {
      expect(studentStudyInfoInput.parse(study({ trainingKind })).carIdNumber).toBe('');
      expect(studentStudyInfoInput.parse(study({ trainingKind, carIdNumber: '  ' })).carIdNumber).toBe('');
      expect(studentStudyInfoInput.parse(study({ trainingKind, carIdNumber: null })).carIdNumber).toBe('');
    }
  });

  it('is required for extension (Rozšiřující) training, also beside other wrong fields', () => {
    expect(messages(study({ trainingKind: 'EXPANDING', currentGroups: ['B'], group: ['C'] }))).toEqual([
      'carIdNumber: Prosím zadejte číslo řidičského průkazu!',
    ]);
    expect(messages(study({ trainingKind: 'EXPANDING', carIdNumber: ' ' }))).toEqual(['carIdNumber: Prosím zadejte číslo řidičského průkazu!']);
    expect(messages(study({ trainingKind: 'EXPANDING', note: 'x'.repeat(1001) }))).toEqual([
      'note: Poznámka může mít nejvýše 1000 znaků',
      'carIdNumber: Prosím zadejte číslo řidičského průkazu!',
    ]);
    expect(studentStudyInfoInput.parse(study({ trainingKind: 'EXPANDING', carIdNumber: ' EH 123 ' })).carIdNumber).toBe('EH 123');
  });
});
