// The cars' live reactions (composed by lib/live.ts, and applied by the car drawer itself on its answer).
import type { QueryFilters } from '@tanstack/react-query';
import type { LiveQueries } from '../../lib/live-queries.ts';
import { trpcOptions as t } from '../../lib/trpc.ts';

/** The Vozidla settings and the car pickers read the school's car list. */
export const schoolCarQueries = (schoolId: string): QueryFilters[] => [t.schoolCar.getSchoolCar.queryFilter({ schoolId })];

export const schoolCarLive = {
  SchoolCarMessage: ({ schoolId }) => schoolCarQueries(schoolId),
} satisfies LiveQueries<'SchoolCarMessage'>;
