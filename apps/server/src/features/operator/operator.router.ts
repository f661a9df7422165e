// The operator's tools (user role ADMIN of spec §6): block a school, change its tier, send a notification.
import { schema } from '@volant/db/schema';
import { FEATURE_FLAGS, NOTIFICATION_TYPES, TIERS } from '@volant/shared/enums';
import { text, uuidInput } from '@volant/shared/validation';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { router } from '../../trpc/init.ts';
import { authedProcedure } from '../../trpc/procedures.ts';

const { schools, notifications, featureFlags } = schema;

const operatorProcedure = authedProcedure.use(async ({ ctx, next }) => {
  if (ctx.user.role !== 'ADMIN') throw new AppError('FORBIDDEN', 'FORBIDDEN');
  return next();
});

export const operatorRouter = router({
  listSchools: operatorProcedure.query(({ ctx }) =>
    ctx.db.select({ id: schools.id, name: schools.name, tier: schools.tier, isBlocked: schools.isBlocked }).from(schools).orderBy(asc(schools.name)),
  ),
  setSchoolBlocked: operatorProcedure.input(z.object({ targetSchoolId: uuidInput, isBlocked: z.boolean() })).mutation(async ({ ctx, input }) => {
    const [row] = await ctx.db.update(schools).set({ isBlocked: input.isBlocked }).where(eq(schools.id, input.targetSchoolId)).returning({ id: schools.id });
    if (!row) throw new AppError('NOT_FOUND', 'NOT_FOUND');
    await audit(ctx.db, { schoolId: row.id, userId: ctx.user.id, action: 'operator.setSchoolBlocked', entityType: 'school', entityId: row.id, data: input });
    ctx.live.setSchoolBlocked(row.id, input.isBlocked);
    return { ok: true as const };
  }),
  setSchoolTier: operatorProcedure.input(z.object({ targetSchoolId: uuidInput, tier: z.enum(TIERS) })).mutation(async ({ ctx, input }) => {
    const [row] = await ctx.db.update(schools).set({ tier: input.tier }).where(eq(schools.id, input.targetSchoolId)).returning({ id: schools.id });
    if (!row) throw new AppError('NOT_FOUND', 'NOT_FOUND');
    await audit(ctx.db, { schoolId: row.id, userId: ctx.user.id, action: 'operator.setSchoolTier', entityType: 'school', entityId: row.id, data: input });
    ctx.live.toSchool(row.id, { TierChangedMessage: { schoolId: row.id } });
    return { ok: true as const };
  }),
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
    .mutation(async ({ ctx, input }) => {
      if (!input.targetSchoolId === !input.targetUserId) throw new AppError('INVALID_INPUT', 'BAD_REQUEST', 'Zadejte buď autoškolu, nebo uživatele.');
      const [n] = await ctx.db
        .insert(notifications)
        .values({ schoolId: input.targetSchoolId ?? null, userId: input.targetUserId ?? null, type: input.type, title: input.title, message: input.message })
        .returning({ id: notifications.id });
      const message = { NotificationMessage: { id: n.id, type: input.type } };
      if (input.targetUserId) ctx.live.toUser(input.targetUserId, message);
      else if (input.targetSchoolId) ctx.live.toSchool(input.targetSchoolId, message);
      return { id: n.id };
    }),
  /** Turns a feature flag on or off for everybody (no user) or for one user. */
  setFeatureFlag: operatorProcedure
    .input(z.object({ name: z.enum(FEATURE_FLAGS), targetUserId: uuidInput.nullish(), isEnabled: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      const userId = input.targetUserId ?? null;
      await ctx.db.transaction(async (tx) => {
        await tx.delete(featureFlags).where(and(eq(featureFlags.name, input.name), userId ? eq(featureFlags.userId, userId) : isNull(featureFlags.userId)));
        await tx.insert(featureFlags).values({ name: input.name, userId, isEnabled: input.isEnabled });
        await audit(tx, { schoolId: null, userId: ctx.user.id, action: 'operator.setFeatureFlag', entityType: 'featureFlag', data: input });
      });
      return { ok: true as const };
    }),
});
