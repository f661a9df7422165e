import { describe, expect, it } from 'vitest';
import { canMarkAttended, changedLessons, editLesson, sectionProgress, shownValues } from './teaching-tab-rules.ts';

const lesson = (id: string, o: { userId?: string | null; date?: string | null; topic?: string | null; attended?: boolean } = {}) => ({
  id,
  userId: o.userId ?? null,
  date: o.date ?? null,
  topic: o.topic ?? null,
  attended: o.attended ?? false,
});

describe('Výuka tab rules', () => {
  it('fills the default teacher when a lesson without a teacher gets a date, not otherwise', () => {
    const a = lesson('a');
    expect(editLesson({}, a, { date: '2026-03-03' }, 't1').a).toEqual({ userId: 't1', date: '2026-03-03', topic: null, attended: false });
    // No default: the teacher stays empty.
    expect(editLesson({}, a, { date: '2026-03-03' }, null).a.userId).toBeNull();
    // A lesson with a teacher keeps it.
    expect(editLesson({}, lesson('b', { userId: 't2' }), { date: '2026-03-03' }, 't1').b.userId).toBe('t2');
    // Changing a date that was there already does not fill; nor does clearing the teacher.
    expect(editLesson({}, lesson('c', { date: '2026-03-01' }), { date: '2026-03-03' }, 't1').c.userId).toBeNull();
    const dated = editLesson({}, a, { date: '2026-03-03' }, 't1');
    expect(editLesson(dated, a, { userId: null }, 't1').a).toEqual({ userId: null, date: '2026-03-03', topic: null, attended: false });
  });

  it('sends only the lessons whose values differ from the saved ones', () => {
    const lessons = [lesson('a'), lesson('b', { topic: 'Úvod' }), lesson('c', { date: '2026-03-01' })];
    let drafts = editLesson({}, lessons[0], { date: '2026-03-03' }, null);
    drafts = editLesson(drafts, lessons[1], { topic: '' }, null);
    // Edited and edited back: nothing to send for it.
    drafts = editLesson(drafts, lessons[2], { date: '2026-03-02' }, null);
    drafts = editLesson(drafts, lessons[2], { date: '2026-03-01' }, null);
    expect(changedLessons(lessons, drafts)).toEqual([
      { id: 'a', userId: null, date: '2026-03-03', topic: null, attended: false },
      { id: 'b', userId: null, date: null, topic: null, attended: false },
    ]);
    expect(changedLessons(lessons, {})).toEqual([]);
    expect(shownValues(lessons[0], drafts).date).toBe('2026-03-03');
  });

  it('sends a change of attendance, and never an attended lesson without a date', () => {
    const lessons = [lesson('a', { date: '2026-03-03' }), lesson('b', { date: '2026-03-04', attended: true })];
    let drafts = editLesson({}, lessons[0], { attended: true }, null);
    drafts = editLesson(drafts, lessons[1], { date: null }, null);
    expect(changedLessons(lessons, drafts)).toEqual([
      { id: 'a', userId: null, date: '2026-03-03', topic: null, attended: true },
      { id: 'b', userId: null, date: null, topic: null, attended: false },
    ]);
  });

  it('lets “Přítomen” be ticked only for a lesson dated today or earlier', () => {
    expect(canMarkAttended('2026-03-03', '2026-03-03')).toBe(true);
    expect(canMarkAttended('2026-03-02', '2026-03-03')).toBe(true);
    expect(canMarkAttended('2026-03-04', '2026-03-03')).toBe(false);
    expect(canMarkAttended(null, '2026-03-03')).toBe(false);
  });

  it('shows a section’s progress and what remains', () => {
    expect(sectionProgress(2, 10)).toEqual({ percent: 20, text: 'Zbývá 8 lekcí' });
    expect(sectionProgress(1, 2)).toEqual({ percent: 50, text: 'Zbývá 1 lekce' });
    expect(sectionProgress(4, 4)).toEqual({ percent: 100, text: 'Dokončeno' });
    expect(sectionProgress(0, 0)).toEqual({ percent: 100, text: 'Dokončeno' });
  });
});
