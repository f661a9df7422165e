// An application as the office's list gets it (applicationForm.getApplications), and how its applicant is named.
import type { RouterOutputs } from '../../lib/trpc.ts';

export type ApplicationRow = RouterOutputs['applicationForm']['getApplications'][number];

export const applicantName = (a: Pick<ApplicationRow, 'firstName' | 'lastName'>) => `${a.firstName} ${a.lastName}`;
