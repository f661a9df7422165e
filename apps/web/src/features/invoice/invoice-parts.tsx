// Small pieces the documents' screens share: the state tag, the kind with the document it corrects, the customer.
import { INVOICE_KIND_LABELS, type InvoiceKind } from '@volant/shared/enums';
import { INVOICE_ISSUER_ROLES } from '@volant/shared/invoice/inputs';
import { Tag } from 'antd';
import { Link } from 'react-router';
import { useMembership } from '../../app/use-school.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';

export type InvoiceListItem = RouterOutputs['invoice']['getInvoices']['items'][number];
export type InvoiceDetail = RouterOutputs['invoice']['getInvoice'];

export const invoicePath = (id: string) => `/app/payments/invoice/${id}`;
export const studentPaymentsPath = (studentId: string) => `/app/student/${studentId}?activeTab=4`;

/** 'Stornováno' in red for a cancelled document, 'Platný' otherwise. */
export function InvoiceStateTag({ isCancelled }: { isCancelled: boolean }) {
  return isCancelled ? <Tag color="red">Stornováno</Tag> : <Tag color="green">Platný</Tag>;
}

/** 'Opravný doklad k 20260001' links to the document a credit note cancels. */
export function InvoiceKindText({ item }: { item: Pick<InvoiceListItem, 'kind' | 'creditNoteFor'> }) {
  const label = INVOICE_KIND_LABELS[item.kind as InvoiceKind];
  if (!item.creditNoteFor) return <>{label}</>;
  return (
    <>
      {label} k <Link to={invoicePath(item.creditNoteFor.id)}>{item.creditNoteFor.number}</Link>
    </>
  );
}

/** Whether the caller may issue and cancel documents (admins and assistants). */
export function useIsInvoiceIssuer() {
  const { data } = useMembership();
  return !!data?.role && (INVOICE_ISSUER_ROLES as readonly string[]).includes(data.role);
}
