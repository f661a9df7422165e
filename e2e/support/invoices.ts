// Helpers for the documents journeys (issue 9): the school's operator set over the API, the number a document of this
// year gets, and Czech money as the app prints it.
import type { Api } from './api.ts';
import type { SchoolSession } from './students.ts';

export const OPERATOR = {
  name: 'Volant Test s.r.o.',
  companyNumber: '27584231',
  street: 'Kounicova',
  streetCode: '688/38',
  city: 'Brno',
  postCode: '602 00',
  bankAccount: '19-2000145399/0800',
  invoiceDueDays: 14,
};

/** Sets the school's operator (the documents' supplier); a payer gets a DIČ; `bankAccount: null` leaves the account out. */
export function setOperator(api: Api, session: SchoolSession, o: { vatPayer?: boolean; bankAccount?: string | null } = {}) {
  return api.mutation(
    'school.updateSchool',
    {
      schoolId: session.schoolId,
      operator: {
        ...OPERATOR,
        vatPayer: !!o.vatPayer,
        vatId: o.vatPayer ? 'CZ27584231' : null,
        ...(o.bankAccount !== undefined ? { bankAccount: o.bankAccount } : {}),
      },
    },
    session.token,
  );
}

/** The school's year (Europe/Prague), whose series numbers the documents: 2026 → '20260001' for the first. */
export function docNumber(seq: number): string {
  const year = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Prague', year: 'numeric' }).format(new Date());
  return `${year}${String(seq).padStart(4, '0')}`;
}

/** Czech money as the app prints it (the thousands separator is a no-break space). */
export const kc = (text: string) => new RegExp(text.replaceAll(' ', '\\s'));
