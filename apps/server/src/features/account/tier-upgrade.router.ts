// Tier upgrade requests (issue 11 Tarif page): the school asks (merged into `account`), the operator sees and settles
// them (merged into `operator`).
import { router } from '../../trpc/init.ts';

export const tierUpgradeRouter = router({});
export const tierUpgradeOperatorRouter = router({});
