// Staff notifications (spec §2 notification modal, issue 11 bell list); merged into `user` (spec §7 paths).
import { router } from '../../trpc/init.ts';

export const notificationUserRouter = router({});
