// Tags of a school and their links to entities (students). Both ends are checked inside the statements.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';

const { tags, tagLinks, students } = schema;

export type TagValues = { name: string; color: string };
const tagColumns = { id: tags.id, name: tags.name, color: tags.color };

export function listTags(db: DbOrTx, schoolId: SchoolId) {
  return db
    .select(tagColumns)
    .from(tags)
    .where(eq(tags.schoolId, schoolId))
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
}

export async function insertTag(tx: DbOrTx, schoolId: SchoolId, values: TagValues) {
  const [row] = await tx
    .insert(tags)
    .values({ ...values, schoolId })
    .returning(tagColumns);
  return row;
}

export async function updateTagRow(tx: DbOrTx, schoolId: SchoolId, id: string, values: TagValues) {
  const [row] = await tx
    .update(tags)
    .set(values)
    .where(and(eq(tags.schoolId, schoolId), eq(tags.id, id)))
    .returning(tagColumns);
  return row;
}

/** Unlinks the tag everywhere; returns the students that had it. */
export async function deleteTagLinksOfTag(tx: DbOrTx, schoolId: SchoolId, tagId: string) {
  const rows = await tx
    .delete(tagLinks)
    .where(and(eq(tagLinks.schoolId, schoolId), eq(tagLinks.tagId, tagId)))
    .returning({ entityId: tagLinks.entityId });
  return rows.map((r) => r.entityId);
}

export async function deleteTag(tx: DbOrTx, schoolId: SchoolId, id: string) {
  const [row] = await tx
    .delete(tags)
    .where(and(eq(tags.schoolId, schoolId), eq(tags.id, id)))
    .returning(tagColumns);
  return row;
}

/** The tags on one student, by name. */
export function listStudentTags(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  return db
    .select(tagColumns)
    .from(tagLinks)
    .innerJoin(tags, and(eq(tags.schoolId, tagLinks.schoolId), eq(tags.id, tagLinks.tagId)))
    .where(and(eq(tagLinks.schoolId, schoolId), eq(tagLinks.entityType, 'STUDENT'), eq(tagLinks.entityId, studentId)))
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
}

export async function tagExists(db: DbOrTx, schoolId: SchoolId, id: string) {
  const [row] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.schoolId, schoolId), eq(tags.id, id)))
    .limit(1);
  return !!row;
}

/**
 * Links a tag of the school to a visible student of the school in one statement; the row is written only when
 * both exist there. Returns 'linked', 'already' or 'missing'.
 */
export async function insertStudentTagLink(tx: DbOrTx, schoolId: SchoolId, tagId: string, studentId: string) {
  const source = tx
    .select({
      schoolId: students.schoolId,
      tagId: tags.id,
      entityType: sql<'STUDENT'>`'STUDENT'`.as('entity_type'),
      entityId: students.id,
      createdAt: sql<Date>`now()`.as('created_at'),
    })
    .from(students)
    .innerJoin(tags, and(eq(tags.schoolId, students.schoolId), eq(tags.id, tagId)))
    .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId), isNull(students.removedAt)));
  const inserted = await tx.insert(tagLinks).select(source).onConflictDoNothing().returning({ tagId: tagLinks.tagId });
  if (inserted.length > 0) return 'linked' as const;
  const [existing] = await source.limit(1);
  return existing ? ('already' as const) : ('missing' as const);
}

export async function deleteStudentTagLink(tx: DbOrTx, schoolId: SchoolId, tagId: string, studentId: string) {
  const rows = await tx
    .delete(tagLinks)
    .where(and(eq(tagLinks.schoolId, schoolId), eq(tagLinks.entityType, 'STUDENT'), eq(tagLinks.entityId, studentId), eq(tagLinks.tagId, tagId)))
    .returning({ tagId: tagLinks.tagId });
  return rows.length > 0;
}
