// The cars' live reactions (composed by lib/live.ts).
import type { LiveQueries } from '../../lib/live-queries.ts';
import { trpcOptions as t } from '../../lib/trpc.ts';

export const schoolCarLive = {
  // The Vozidla settings and the car pickers read the school's car list.
  SchoolCarMessage: ({ schoolId }) => [t.schoolCar.getSchoolCar.queryFilter({ schoolId })],
} satisfies LiveQueries<'SchoolCarMessage'>;
