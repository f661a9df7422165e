import { router } from '../../trpc/init.ts';

export const schoolCarRouter = router({});
