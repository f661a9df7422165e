import type { SchoolRow } from './school.queries.ts';

/** What the shell and the settings pages get about a school. */
export function toGroupSettings(s: SchoolRow) {
  return {
    id: s.id,
    schoolInfo: { name: s.name, number: s.number, office: s.office, numberPrague: s.numberPrague },
    schoolAddress: { street: s.street, streetCode: s.streetCode, city: s.city, postCode: s.postCode },
    schoolOperator: s.operatorName
      ? {
          name: s.operatorName,
          companyNumber: s.operatorCompanyNumber ?? '',
          street: s.operatorStreet ?? '',
          streetCode: s.operatorStreetCode ?? '',
          city: s.operatorCity ?? '',
          postCode: s.operatorPostCode ?? '',
          vatPayer: s.operatorVatPayer,
          vatId: s.operatorVatId,
          bankAccount: s.operatorBankAccount,
          /** The account's IBAN; null when there is no account or it was saved before it was validated (issue 17). */
          bankIban: s.operatorBankIban,
          invoiceDueDays: s.invoiceDueDays,
        }
      : null,
    schoolContact: { email: s.contactEmail, phone: s.contactPhone, web: s.contactWeb },
    tier: s.tier,
    isBlocked: s.isBlocked,
  };
}
export type GroupSettings = ReturnType<typeof toGroupSettings>;
