// 'Podklady pro kontrolu' (issue 22 §2): admins only (INSPECTION_PACK_ROLES; the permission table says the same).
import { INSPECTION_PACK_ROLES, inspectionPackIdInput, inspectionPackInput } from '@volant/shared/inspection-pack/inputs';
import { router } from '../../trpc/init.ts';
import { roleProcedure } from '../../trpc/procedures.ts';
import { createPack, getPack, getPacks } from './inspection-pack.service.ts';

const packProcedure = roleProcedure(...INSPECTION_PACK_ROLES);

export const inspectionPackRouter = router({
  /** 'Vytvořit podklady': stores the job; the answer is the pack as the page lists it (status NEW). */
  createPack: packProcedure.input(inspectionPackInput).mutation(({ ctx, input }) => createPack(ctx, ctx.school.id, ctx.user.id, input)),
  /** The school's latest packs, newest first. */
  getPacks: packProcedure.query(({ ctx }) => getPacks(ctx, ctx.school.id)),
  /** One pack's status and progress (the page polls it while it is built). */
  getPack: packProcedure.input(inspectionPackIdInput).query(({ ctx, input }) => getPack(ctx, ctx.school.id, input.id)),
});
