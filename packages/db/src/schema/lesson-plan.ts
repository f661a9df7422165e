import { check, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { LICENCE_GROUPS, TRAINING_KINDS } from '@volant/shared/enums';
import { PLAN_ITEMS } from '@volant/shared/lesson-plan/law';
import { oneOf } from './checks.ts';
import { schools } from './school.ts';

/**
 * A school's own figures above the legal lesson plan (packages/shared/src/lesson-plan/law.ts holds the law's, as
 * versioned data). The service refuses a figure below the law's.
 */
export const schoolLessonPlanRaises = pgTable(
  'school_lesson_plan_raises',
  {
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    group: text({ enum: LICENCE_GROUPS }).notNull(),
    kind: text({ enum: TRAINING_KINDS }).notNull(),
    variant: text({ enum: ['COURSE', 'ISP'] }).notNull(),
    item: text({ enum: PLAN_ITEMS }).notNull(),
    hours: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.group, t.kind, t.variant, t.item] }),
    oneOf('school_lesson_plan_raises_group_check', t.group, LICENCE_GROUPS),
    oneOf('school_lesson_plan_raises_kind_check', t.kind, TRAINING_KINDS),
    oneOf('school_lesson_plan_raises_variant_check', t.variant, ['COURSE', 'ISP']),
    oneOf('school_lesson_plan_raises_item_check', t.item, PLAN_ITEMS),
    check('school_lesson_plan_raises_hours_check', sql`${t.hours} between 0 and 1000`),
  ],
);
