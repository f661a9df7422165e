// What every document prints about the school (its header and operator), read with the school filter inside the statement.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { addressLine, type SchoolVm } from '@volant/shared/pdf/view-models';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';

const { schools } = schema;

export async function loadSchoolVm(db: DbOrTx, schoolId: SchoolId): Promise<SchoolVm> {
  const [s] = await db.select().from(schools).where(eq(schools.id, schoolId)).limit(1);
  if (!s) throw new AppError('NOT_FOUND');
  const operatorAddress = addressLine({ street: s.operatorStreet, streetCode: s.operatorStreetCode, city: s.operatorCity, postCode: s.operatorPostCode });
  return {
    name: s.name,
    number: s.number,
    address: addressLine(s),
    city: s.city,
    office: s.office,
    numberPrague: s.numberPrague,
    operator: s.operatorName ? { name: s.operatorName, companyNumber: s.operatorCompanyNumber, address: operatorAddress || null } : null,
    phone: s.contactPhone,
    email: s.contactEmail,
  };
}
