// Tags of a school and their links to entities of the same school.
import { sql } from 'drizzle-orm';
import { foreignKey, index, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { TAG_ENTITY_TYPES } from '@volant/shared/enums';
import { oneOf } from './checks.ts';
import { schools } from './school.ts';
import { students } from './student.ts';
import { createdAt, id } from './columns.ts';

export const tags = pgTable(
  'tags',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    color: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('tags_school_id_id_key').on(t.schoolId, t.id), uniqueIndex('tags_school_name_key').on(t.schoolId, sql`lower(${t.name})`)],
);

/**
 * A tag of the school on an entity of the same school. Both ends are composite foreign keys with the school, so a
 * link to another school's tag or student cannot exist. Students are only soft-deleted by the app (their links stay,
 * as their logs do); the links go with the student when the row itself is deleted (the school's removal). A second
 * entity type will need its own column and foreign key.
 */
export const tagLinks = pgTable(
  'tag_links',
  {
    schoolId: uuid().notNull(),
    tagId: uuid().notNull(),
    entityType: text({ enum: TAG_ENTITY_TYPES }).notNull(),
    entityId: uuid().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('tag_links_key').on(t.schoolId, t.entityId, t.tagId),
    index('tag_links_tag_idx').on(t.schoolId, t.tagId),
    foreignKey({ columns: [t.schoolId, t.tagId], foreignColumns: [tags.schoolId, tags.id] }).onDelete('cascade'),
    foreignKey({ name: 'tag_links_student_fk', columns: [t.schoolId, t.entityId], foreignColumns: [students.schoolId, students.id] }).onDelete('cascade'),
    oneOf('tag_links_entity_type_check', t.entityType, TAG_ENTITY_TYPES),
  ],
);
