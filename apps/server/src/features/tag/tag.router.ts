import { tagEntityInput, tagInput, tagLinkInput } from '@volant/shared/tag/inputs';
import { uuidInput } from '@volant/shared/validation';
import { z } from 'zod';
import { router } from '../../trpc/init.ts';
import { schoolProcedure } from '../../trpc/procedures.ts';
import { listTags } from './tag.queries.ts';
import { addTagToEntity, createTag, getEntityTags, removeTag, removeTagFromEntity, updateTag } from './tag.service.ts';

const byTagId = z.object({ tagId: uuidInput });

export const tagRouter = router({
  getTagsBySchoolId: schoolProcedure.query(({ ctx }) => listTags(ctx.db, ctx.school.id)),
  createTag: schoolProcedure.input(tagInput).mutation(({ ctx, input }) => createTag(ctx, ctx.school.id, ctx.user.id, input)),
  updateTag: schoolProcedure
    .input(byTagId)
    .input(tagInput)
    .mutation(({ ctx, input }) => updateTag(ctx, ctx.school.id, ctx.user.id, input.tagId, input)),
  removeTag: schoolProcedure.input(byTagId).mutation(({ ctx, input }) => removeTag(ctx, ctx.school.id, ctx.user.id, input.tagId)),
  getEntityTags: schoolProcedure.input(tagEntityInput).query(({ ctx, input }) => getEntityTags(ctx, ctx.school.id, input)),
  addTagToEntity: schoolProcedure.input(tagLinkInput).mutation(({ ctx, input }) => addTagToEntity(ctx, ctx.school.id, ctx.user.id, input)),
  removeTagFromEntity: schoolProcedure.input(tagLinkInput).mutation(({ ctx, input }) => removeTagFromEntity(ctx, ctx.school.id, ctx.user.id, input)),
});
