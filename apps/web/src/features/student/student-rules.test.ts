import { STUDENT_STATES } from '@volant/shared/enums';
import { describe, expect, it } from 'vitest';
import { ageText, cycleIndex, DEFAULT_TAB, isUnchanged, normalizeTab, STUDENT_TRANSITIONS, stateActions } from './student-rules.ts';

describe('stateActions', () => {
  it('offers "Zahájit výcvik" only to a student who has not started, and keeps IN_PROGRESS out of the other states', () => {
    const a = stateActions('NOT_STARTED');
    expect(a.canStart).toBe(true);
    expect(a.canFinish).toBe(false);
    expect(a.otherStates).toEqual(['STORNO', 'WAITING_FOR_ADMISSION']);
  });

  it('offers "Ukončit výcvik" to a student in progress, and keeps FINISHED out of the other states', () => {
    const a = stateActions('IN_PROGRESS');
    expect(a.canStart).toBe(false);
    expect(a.canFinish).toBe(true);
    expect(a.otherStates).toEqual(['STORNO', 'NOT_STARTED']);
  });

  it('shows the end date for finished, done, to-exam and exam-correction students only', () => {
    const shown = STUDENT_STATES.filter((s) => stateActions(s).showsEndDate);
    expect(shown.sort()).toEqual(['DONE', 'EXAM_CORRECTION', 'FINISHED', 'TO_EXAM']);
  });

  it('lets a cancelled student go back to not started only', () => {
    expect(stateActions('STORNO')).toEqual({ canStart: false, canFinish: false, showsEndDate: false, otherStates: ['NOT_STARTED'] });
  });

  it('offers every allowed transition either as a button or in the state menu', () => {
    for (const s of STUDENT_STATES) {
      const a = stateActions(s);
      const offered = [...a.otherStates, ...(a.canStart ? ['IN_PROGRESS'] : []), ...(a.canFinish ? ['FINISHED'] : [])];
      expect(offered.sort()).toEqual([...STUDENT_TRANSITIONS[s]].sort());
    }
  });
});

describe('ageText', () => {
  it('uses "let" for five and more years', () => {
    expect(ageText('2004-03-12', '2026-05-01')).toBe('22 let');
  });
  it('uses "roky" for two to four years and "rok" for one', () => {
    expect(ageText('2023-01-01', '2026-01-01')).toBe('3 roky');
    expect(ageText('2025-01-01', '2026-01-01')).toBe('1 rok');
  });
  it('counts a birthday not yet reached this year', () => {
    expect(ageText('2004-03-12', '2026-03-11')).toBe('21 let');
    expect(ageText('2004-03-12', '2026-03-12')).toBe('22 let');
  });
  it('is empty for a birth date in the future', () => {
    expect(ageText('2026-03-13', '2026-03-12')).toBe('');
  });
});

describe('cycleIndex', () => {
  it('starts at the first row going down and at the last going up', () => {
    expect(cycleIndex(-1, 5, 1)).toBe(0);
    expect(cycleIndex(-1, 5, -1)).toBe(4);
  });
  it('wraps around at both ends', () => {
    expect(cycleIndex(4, 5, 1)).toBe(0);
    expect(cycleIndex(0, 5, -1)).toBe(4);
    expect(cycleIndex(2, 5, 1)).toBe(3);
  });
  it('highlights nothing in an empty list', () => {
    expect(cycleIndex(0, 0, 1)).toBe(-1);
  });
});

describe('isUnchanged', () => {
  it('treats an empty string and a missing value as the same', () => {
    expect(isUnchanged({ phone: null }, { phone: '' })).toBe(true);
    expect(isUnchanged(null, '  ')).toBe(true);
  });
  it('ignores surrounding spaces and the order of groups', () => {
    expect(isUnchanged({ firstName: 'Jan', group: ['B', 'A'] }, { firstName: ' Jan ', group: ['A', 'B'] })).toBe(true);
  });
  it('sees a real change', () => {
    expect(isUnchanged({ firstName: 'Jan' }, { firstName: 'Jana' })).toBe(false);
    expect(isUnchanged({ group: ['B'] }, { group: ['B', 'BpE'] })).toBe(false);
  });
});

describe('normalizeTab', () => {
  it('keeps a known tab and falls back to the first tab otherwise', () => {
    expect(normalizeTab('3')).toBe('3');
    expect(normalizeTab(null)).toBe(DEFAULT_TAB);
    expect(normalizeTab('9')).toBe('1');
  });
});
