// The public application form (issue 11): the school's forms and applications (school-scoped) and the two public
// calls of the embeddable page.
import { router } from '../../trpc/init.ts';

export const applicationFormRouter = router({});
