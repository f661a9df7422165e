// The operator's tools (user role ADMIN of spec §6): block a school, change its tier, send a notification.
import { FEATURE_FLAGS, NOTIFICATION_TYPES, TIERS } from '@volant/shared/enums';
import { text, uuidInput } from '@volant/shared/validation';
import { z } from 'zod';
import { router } from '../../trpc/init.ts';
import { operatorProcedure } from '../../trpc/procedures.ts';
import { findUsersByText, listAllSchools, listFeatureFlagRows } from './operator.queries.ts';
import { createNotification, setFeatureFlag, setSchoolBlocked, setSchoolTier } from './operator.service.ts';

export const operatorRouter = router({
  listSchools: operatorProcedure.query(({ ctx }) => listAllSchools(ctx.db)),
  setSchoolBlocked: operatorProcedure
    .input(z.object({ targetSchoolId: uuidInput, isBlocked: z.boolean() }))
    .mutation(({ ctx, input }) => setSchoolBlocked(ctx, ctx.user.id, input)),
  setSchoolTier: operatorProcedure
    .input(z.object({ targetSchoolId: uuidInput, tier: z.enum(TIERS) }))
    .mutation(({ ctx, input }) => setSchoolTier(ctx, ctx.user.id, input)),
  createNotification: operatorProcedure
    .input(
      z.object({
        targetSchoolId: uuidInput.optional(),
        targetUserId: uuidInput.optional(),
        type: z.enum(NOTIFICATION_TYPES),
        title: text().trim().min(1).max(200),
        message: text().trim().min(1).max(2000),
      }),
    )
    .mutation(({ ctx, input }) => createNotification(ctx, input)),
  /** The Debug page's job table: jobs due, waiting for their time, running and failed, by kind (jobs/runner.ts). */
  getJobQueues: operatorProcedure.query(({ ctx }) => ctx.jobs?.counts() ?? []),
  /** The flags switched for everybody and per user. */
  getFeatureFlags: operatorProcedure.query(({ ctx }) => listFeatureFlagRows(ctx.db)),
  /** Users by e-mail or name, to switch a flag for one of them. */
  findUsers: operatorProcedure.input(z.object({ query: text().trim().min(2).max(200) })).query(({ ctx, input }) => findUsersByText(ctx.db, input.query)),
  /** Turns a feature flag on or off for everybody (no user) or for one user. */
  setFeatureFlag: operatorProcedure
    .input(z.object({ name: z.enum(FEATURE_FLAGS), targetUserId: uuidInput.nullish(), isEnabled: z.boolean() }))
    .mutation(({ ctx, input }) => setFeatureFlag(ctx, ctx.user.id, input)),
});
