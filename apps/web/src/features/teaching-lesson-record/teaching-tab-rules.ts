// The Výuka tab's rules as pure functions: edits kept as drafts over the saved lessons, the default teacher filled in
// when a lesson gets its date, what 'Uložit' sends, and a section's progress.
import { lessonsRemainingText } from '@volant/shared/format';

export interface LessonValues {
  userId: string | null;
  date: string | null;
  topic: string | null;
  /** 'Přítomen': the student attended (issue 17: a date alone only plans a lesson). */
  attended: boolean;
}
export interface SavedLesson extends LessonValues {
  id: string;
}
/** Edited values by lesson id (only lessons the user touched). */
export type Drafts = Readonly<Record<string, LessonValues>>;

const normalize = (v: LessonValues): LessonValues => ({
  userId: v.userId || null,
  date: v.date || null,
  topic: v.topic?.trim() ? v.topic : null,
  // Without a date a lesson cannot have been attended.
  attended: Boolean(v.date) && v.attended,
});

/** Whether 'Přítomen' can be ticked: the lesson has a date and it is not after today in the school's zone. */
export const canMarkAttended = (date: string | null, today: string) => date !== null && date <= today;

/** What a lesson shows: its draft, else its saved values. */
export const shownValues = (lesson: SavedLesson, drafts: Drafts): LessonValues => drafts[lesson.id] ?? lesson;

/**
 * The drafts after an edit of one lesson. A lesson that gets a date while it has no teacher gets the default
 * teacher (when one is set).
 */
export function editLesson(drafts: Drafts, lesson: SavedLesson, patch: Partial<LessonValues>, defaultTeacherId: string | null): Drafts {
  const current = shownValues(lesson, drafts);
  const next: LessonValues = { userId: current.userId, date: current.date, topic: current.topic, attended: current.attended, ...patch };
  if (patch.date && !current.date && !next.userId && defaultTeacherId && !('userId' in patch)) next.userId = defaultTeacherId;
  return { ...drafts, [lesson.id]: next };
}

/** The lessons whose draft differs from what is saved, as 'Uložit' sends them (each with all four fields). */
export function changedLessons(lessons: readonly SavedLesson[], drafts: Drafts): (LessonValues & { id: string })[] {
  const changed: (LessonValues & { id: string })[] = [];
  for (const lesson of lessons) {
    const draft = drafts[lesson.id];
    if (!draft) continue;
    const a = normalize(draft);
    const b = normalize(lesson);
    if (a.userId !== b.userId || a.date !== b.date || a.topic !== b.topic || a.attended !== b.attended) changed.push({ id: lesson.id, ...a });
  }
  return changed;
}

/** A section's bar and line: attended lessons of the total ('Dokončeno' / 'Zbývá N lekcí'). */
export function sectionProgress(done: number, total: number) {
  return { percent: total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 100, text: lessonsRemainingText(total - done) };
}
