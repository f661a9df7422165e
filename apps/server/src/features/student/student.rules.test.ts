import { STUDENT_STATES, type StudentState } from '@volant/shared/enums';
import { normalizeSearch, studentSearchText } from '@volant/shared/search';
import { describe, expect, it } from 'vitest';
import { canTransition, STUDENT_TRANSITIONS } from '@volant/shared/student/states';
import { changeState, changedColumns, containsPattern, finishTraining, searchWords, suggestRegistrationNumber } from './student.rules.ts';

describe('student state machine', () => {
  const allowed: [StudentState, StudentState][] = [
    ['WAITING_FOR_ADMISSION', 'NOT_STARTED'],
    ['WAITING_FOR_ADMISSION', 'STORNO'],
    ['NOT_STARTED', 'IN_PROGRESS'],
    ['NOT_STARTED', 'STORNO'],
    ['NOT_STARTED', 'WAITING_FOR_ADMISSION'],
    ['IN_PROGRESS', 'FINISHED'],
    ['IN_PROGRESS', 'STORNO'],
    ['IN_PROGRESS', 'NOT_STARTED'],
    ['FINISHED', 'TO_EXAM'],
    ['FINISHED', 'IN_PROGRESS'],
    ['FINISHED', 'STORNO'],
    ['FINISHED', 'DONE'],
    ['TO_EXAM', 'EXAM_CORRECTION'],
    ['TO_EXAM', 'DONE'],
    ['TO_EXAM', 'FINISHED'],
    ['TO_EXAM', 'STORNO'],
    ['EXAM_CORRECTION', 'TO_EXAM'],
    ['EXAM_CORRECTION', 'DONE'],
    ['EXAM_CORRECTION', 'IN_PROGRESS'],
    ['EXAM_CORRECTION', 'STORNO'],
    ['DONE', 'EXAM_CORRECTION'],
    ['STORNO', 'NOT_STARTED'],
  ];

  it('allows exactly the listed transitions and refuses every other pair', () => {
    const key = (a: string, b: string) => `${a}→${b}`;
    const expected = new Set(allowed.map(([a, b]) => key(a, b)));
    for (const from of STUDENT_STATES) {
      for (const to of STUDENT_STATES) {
        expect(canTransition(from, to), key(from, to)).toBe(expected.has(key(from, to)));
      }
    }
  });

  it('lists a target for every state, so the web can show the buttons', () => {
    expect(Object.keys(STUDENT_TRANSITIONS).sort()).toEqual([...STUDENT_STATES].sort());
  });

  it('refuses staying in the same state', () => {
    for (const s of STUDENT_STATES) expect(canTransition(s, s)).toBe(false);
  });

  const base = { dateOfInProgress: null, dateOfFinished: null };

  it('starts training with the date and puts the student on the hlášenka', () => {
    expect(changeState({ ...base, state: 'NOT_STARTED' }, 'IN_PROGRESS', '2026-03-02')).toEqual({
      state: 'IN_PROGRESS',
      dateOfInProgress: '2026-03-02',
      dateOfFinished: null,
      startsTraining: true,
      undoesStart: false,
    });
  });

  it('undoing the start clears the start date', () => {
    expect(changeState({ state: 'IN_PROGRESS', dateOfInProgress: '2026-03-02', dateOfFinished: null }, 'NOT_STARTED', '2026-03-05')).toMatchObject({
      state: 'NOT_STARTED',
      dateOfInProgress: null,
      undoesStart: true,
    });
  });

  it('finishing sets the end date; reopening clears it and keeps the start', () => {
    const finished = changeState({ state: 'IN_PROGRESS', dateOfInProgress: '2026-03-02', dateOfFinished: null }, 'FINISHED', '2026-05-01');
    expect(finished).toMatchObject({ state: 'FINISHED', dateOfInProgress: '2026-03-02', dateOfFinished: '2026-05-01' });
    expect(changeState(finished!, 'IN_PROGRESS', '2026-05-02')).toMatchObject({
      state: 'IN_PROGRESS',
      dateOfInProgress: '2026-03-02',
      dateOfFinished: null,
      startsTraining: false,
    });
  });

  it('keeps the dates on other changes and refuses a forbidden one with null', () => {
    const s = { state: 'FINISHED' as const, dateOfInProgress: '2026-03-02', dateOfFinished: '2026-05-01' };
    expect(changeState(s, 'TO_EXAM', '2026-06-01')).toMatchObject({ dateOfInProgress: '2026-03-02', dateOfFinished: '2026-05-01' });
    expect(changeState(s, 'NOT_STARTED', '2026-06-01')).toBeNull();
  });

  it('ending training: from IN_PROGRESS finishes, past training only fills a missing date', () => {
    expect(finishTraining({ ...base, state: 'IN_PROGRESS' }, '2026-05-01')).toMatchObject({ state: 'FINISHED', dateOfFinished: '2026-05-01' });
    expect(finishTraining({ ...base, state: 'TO_EXAM' }, '2026-05-01')).toMatchObject({ state: 'TO_EXAM', dateOfFinished: '2026-05-01' });
    expect(finishTraining({ ...base, state: 'DONE', dateOfFinished: '2026-04-01' }, '2026-05-01')).toBe('unchanged');
    expect(finishTraining({ ...base, state: 'NOT_STARTED' }, '2026-05-01')).toBeNull();
    expect(finishTraining({ ...base, state: 'STORNO' }, '2026-05-01')).toBeNull();
  });
});

describe('next registration number', () => {
  it('continues the year/sequence pattern in the current year', () => {
    expect(suggestRegistrationNumber(['2026/010', '2026/009', '2025/120'], 2026)).toBe('2026/011');
  });

  it('restarts the sequence in a new year', () => {
    expect(suggestRegistrationNumber(['2025/120', '2025/119'], 2026)).toBe('2026/001');
  });

  it('takes the highest number of the year, not the newest row', () => {
    expect(suggestRegistrationNumber(['2026/003', '2026/015', '2026/004'], 2026)).toBe('2026/016');
  });

  it('keeps a wider sequence and the separator', () => {
    expect(suggestRegistrationNumber(['2026-0099'], 2026)).toBe('2026-0100');
    expect(suggestRegistrationNumber(['2026/999'], 2026)).toBe('2026/1000');
  });

  it('continues sequence/year', () => {
    expect(suggestRegistrationNumber(['7/2026', '6/2026'], 2026)).toBe('8/2026');
    expect(suggestRegistrationNumber(['012/2025'], 2026)).toBe('001/2026');
  });

  it('counts plain integers as max + 1', () => {
    expect(suggestRegistrationNumber(['41', '105', '7'], 2026)).toBe('106');
    expect(suggestRegistrationNumber(['0099'], 2026)).toBe('0100');
  });

  it('continues a prefix with a number', () => {
    expect(suggestRegistrationNumber(['AS-12', 'AS-3', 'XY-40'], 2026)).toBe('AS-13');
  });

  it('falls back to year/001 for a new school or a number with no sequence', () => {
    expect(suggestRegistrationNumber([], 2026)).toBe('2026/001');
    expect(suggestRegistrationNumber(['Novák'], 2026)).toBe('2026/001');
  });

  it('never suggests a number that is taken', () => {
    expect(suggestRegistrationNumber(['Novák', '2026/001', '2026/002'], 2026)).toBe('2026/003');
  });
});

describe('search normalisation', () => {
  it('drops diacritics and case, so novak meets Novák', () => {
    expect(normalizeSearch('  NOVÁK  Jiří ')).toBe('novak jiri');
    expect(studentSearchText({ firstName: 'Jiří', lastName: 'Nováková', registrationNumber: '2026/011' })).toBe('jiri novakova 2026/011');
  });

  it('splits the query into unique words', () => {
    expect(searchWords('Jan  Novák jan')).toEqual(['jan', 'novak']);
    expect(searchWords('   ')).toEqual([]);
    expect(searchWords(undefined)).toEqual([]);
  });

  it('escapes the pattern characters of ILIKE', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});

describe('change detection', () => {
  it('returns only the columns that differ, arrays by items and null like undefined', () => {
    const current = { firstName: 'Jan', phone: null as string | null, groups: ['B'], note: 'x' };
    expect(changedColumns(current, { firstName: 'Jan', phone: null, groups: ['B'] })).toEqual({});
    expect(changedColumns(current, { firstName: 'Jana', groups: ['B', 'A'], note: 'x' })).toEqual({ firstName: 'Jana', groups: ['B', 'A'] });
  });
});
