// Staff notifications (spec §2 notification modal, issue 11 bell list); merged into `user` (spec §7 paths). The modal's
// `user.getNotifications` / `user.readNotification` stay in the user router; the bell's list is here.
import { uuidInput } from '@volant/shared/validation';
import { z } from 'zod';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { router } from '../../trpc/init.ts';
import { authedProcedure } from '../../trpc/procedures.ts';
import { countUnread, listNotifications, markAllRead } from './notification.queries.ts';

const listInput = z.object({
  limit: z.number().int().min(1).max(50).default(20),
  /** The last item of the previous page. */
  cursor: z.object({ createdAt: z.date(), id: uuidInput }).nullish(),
});

export const notificationUserRouter = router({
  /** The bell's list: every notification the user may see, newest first, with whether they read it. */
  getNotificationList: authedProcedure.input(listInput).query(async ({ ctx, input }) => {
    const rows = await listNotifications(ctx.db, ctx.user.id, input.limit + 1, input.cursor ?? null);
    const items = rows.slice(0, input.limit);
    const last = items.at(-1);
    return { items, nextCursor: rows.length > input.limit && last ? { createdAt: last.createdAt, id: last.id } : null };
  }),
  getUnreadNotificationCount: authedProcedure.query(async ({ ctx }) => ({ count: await countUnread(ctx.db, ctx.user.id) })),
  readAllNotifications: authedProcedure.mutation(({ ctx }) =>
    inTransaction(ctx, async (tx, after) => {
      const ids = await markAllRead(tx, ctx.user.id);
      const userId = ctx.user.id;
      // The user's other tabs drop them (the modal by id, the bell refetches).
      after.live((live) => {
        for (const id of ids) live.toUser(userId, { NotificationReadMessage: { id } });
      });
      return { count: ids.length };
    }),
  ),
});
