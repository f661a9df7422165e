// Tags (spec §3): a school's labels with a colour, attached to students. A student's tag change is a
// StudentInfoMessage for that student; a change of the school's tags is a TagMessage.
import type { tagInput } from '@volant/shared/tag/inputs';
import type { TagEntityType } from '@volant/shared/enums';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/pg-error.ts';
import type { AppDeps } from '../../trpc/context.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { recordEvent } from '../../events/record.ts';
import type { Live } from '../../live/live.ts';
import { studentExists } from '../student/student.queries.ts';
import {
  deleteStudentTagLink,
  deleteTag,
  deleteTagLinksOfTag,
  insertStudentTagLink,
  insertTag,
  listStudentTags,
  tagExists,
  updateTagRow,
} from './tag.queries.ts';

type Input = z.output<typeof tagInput>;
interface EntityRef {
  entityId: string;
  entityType: TagEntityType;
  tagId: string;
}

const tagNotFound = () => new AppError('TAG_NOT_FOUND');
export const tagMessage = (live: Live, schoolId: SchoolId, tagId: string) => live.toSchool(schoolId, { TagMessage: { schoolId, tagId } });

function nameTaken(err: unknown): never {
  if (isUniqueViolation(err, 'tags_school_name_key')) throw new AppError('TAG_NAME_TAKEN');
  throw err;
}

export function createTag(deps: AppDeps, schoolId: SchoolId, userId: string, input: Input) {
  return inTransaction(deps, async (tx, after) => {
    const tag = await insertTag(tx, schoolId, input).catch(nameTaken);
    await recordEvent(deps, tx, after, { name: 'tag.create', schoolId, userId, entityType: 'tag', entityId: tag.id, data: input });
    return tag;
  });
}

export function updateTag(deps: AppDeps, schoolId: SchoolId, userId: string, tagId: string, input: Input) {
  return inTransaction(deps, async (tx, after) => {
    const tag = await updateTagRow(tx, schoolId, tagId, input).catch(nameTaken);
    if (!tag) throw tagNotFound();
    await recordEvent(deps, tx, after, { name: 'tag.update', schoolId, userId, entityType: 'tag', entityId: tag.id, data: input });
    return tag;
  });
}

export async function removeTag(deps: AppDeps, schoolId: SchoolId, userId: string, tagId: string) {
  await inTransaction(deps, async (tx, after) => {
    const linked = await deleteTagLinksOfTag(tx, schoolId, tagId);
    const tag = await deleteTag(tx, schoolId, tagId);
    if (!tag) throw tagNotFound();
    await recordEvent(deps, tx, after, { name: 'tag.remove', schoolId, userId, entityType: 'tag', entityId: tagId, data: { ...tag, studentIds: linked } });
  });
  return { ok: true as const };
}

export async function getEntityTags(deps: AppDeps, schoolId: SchoolId, ref: Omit<EntityRef, 'tagId'>) {
  if (!(await studentExists(deps.db, schoolId, ref.entityId))) throw new AppError('STUDENT_NOT_FOUND');
  return listStudentTags(deps.db, schoolId, ref.entityId);
}

export async function addTagToEntity(deps: AppDeps, schoolId: SchoolId, userId: string, ref: EntityRef) {
  await inTransaction(deps, async (tx, after) => {
    const result = await insertStudentTagLink(tx, schoolId, ref.tagId, ref.entityId);
    if (result === 'missing') {
      throw (await tagExists(tx, schoolId, ref.tagId)) ? new AppError('STUDENT_NOT_FOUND') : tagNotFound();
    }
    if (result === 'linked') {
      await recordEvent(deps, tx, after, { name: 'tag.link', schoolId, userId, entityType: 'student', entityId: ref.entityId, data: { tagId: ref.tagId } });
    }
  });
  return { ok: true as const };
}

export async function removeTagFromEntity(deps: AppDeps, schoolId: SchoolId, userId: string, ref: EntityRef) {
  await inTransaction(deps, async (tx, after) => {
    if (!(await deleteStudentTagLink(tx, schoolId, ref.tagId, ref.entityId))) throw tagNotFound();
    await recordEvent(deps, tx, after, { name: 'tag.unlink', schoolId, userId, entityType: 'student', entityId: ref.entityId, data: { tagId: ref.tagId } });
  });
  return { ok: true as const };
}
