// Pure rules of the Výuka plan: how a student's lessons follow the plan. No I/O.
import { TEACHING_SECTIONS, type TeachingSection } from '@volant/shared/enums';

export interface PlannedLesson {
  id: string;
  type: TeachingSection;
  position: number;
  date: string | null;
}

export interface Replan {
  add: { type: TeachingSection; position: number }[];
  remove: string[];
}

/**
 * Brings the lessons to the plan, per section: every lesson with a date stays; rows are added after the last
 * position up to the planned count; surplus rows without a date go, the highest positions first. Applying the
 * result and replanning again changes nothing.
 */
export function replan(lessons: readonly PlannedLesson[], planned: Record<TeachingSection, number>): Replan {
  const result: Replan = { add: [], remove: [] };
  for (const type of TEACHING_SECTIONS) {
    const mine = lessons.filter((l) => l.type === type).sort((a, b) => a.position - b.position);
    const target = Math.max(0, planned[type]);
    if (mine.length < target) {
      const last = mine.at(-1)?.position ?? 0;
      for (let i = 1; i <= target - mine.length; i++) result.add.push({ type, position: last + i });
    } else {
      let surplus = mine.length - target;
      for (const lesson of [...mine].reverse()) {
        if (surplus === 0) break;
        if (lesson.date !== null) continue;
        result.remove.push(lesson.id);
        surplus -= 1;
      }
    }
  }
  return result;
}
