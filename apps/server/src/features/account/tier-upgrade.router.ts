// Tier upgrade requests (issue 11 Tarif page): the school asks (merged into `account`), the operator sees and settles
// them (merged into `operator`).
import { requestTierUpgradeInput } from '@volant/shared/user/inputs';
import { uuidInput } from '@volant/shared/validation';
import { z } from 'zod';
import { router } from '../../trpc/init.ts';
import { adminProcedure, memberProcedure, operatorProcedure } from '../../trpc/procedures.ts';
import {
  cancelTierUpgradeRequest,
  getTierUpgradeRequest,
  listTierUpgradeRequestsForOperator,
  requestTierUpgrade,
  resolveTierUpgradeRequest,
} from './tier-upgrade.service.ts';

export const tierUpgradeRouter = router({
  getTierUpgradeRequest: memberProcedure.query(({ ctx }) => getTierUpgradeRequest(ctx, ctx.school.id)),
  requestTierUpgrade: adminProcedure.input(requestTierUpgradeInput).mutation(({ ctx, input }) => requestTierUpgrade(ctx, ctx.school.id, ctx.user.id, input)),
  cancelTierUpgradeRequest: adminProcedure.mutation(({ ctx }) => cancelTierUpgradeRequest(ctx, ctx.school.id, ctx.user.id)),
});

export const tierUpgradeOperatorRouter = router({
  getTierUpgradeRequests: operatorProcedure.query(({ ctx }) => listTierUpgradeRequestsForOperator(ctx)),
  resolveTierUpgradeRequest: operatorProcedure
    .input(z.object({ requestId: uuidInput, approve: z.boolean() }))
    .mutation(({ ctx, input }) => resolveTierUpgradeRequest(ctx, ctx.user.id, input)),
});
