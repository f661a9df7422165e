// Route /app/payments (issue 9): the school's money — 'Nedoplatky' (students who owe) and 'Doklady' (invoices,
// receipts, credit notes). The tab lives in the URL (?tab=doklady) so it can be linked.
import { UrlTabsPage } from '../components/url-tabs-page.tsx';
import { InvoicesList } from '../features/invoice/invoices-list.tsx';
import { OwingList } from '../features/payment-item/owing-list.tsx';
import { BankImportButton } from '../features/payment-item/bank-import.tsx';
import { withFeedback } from '../components/feedback-scope.tsx';

function PaymentsView() {
  return (
    <UrlTabsPage
      title="Platby"
      extra={<BankImportButton />}
      tabs={[
        { key: 'nedoplatky', label: 'Nedoplatky', children: <OwingList /> },
        { key: 'doklady', label: 'Doklady', children: <InvoicesList /> },
      ]}
    />
  );
}

const PaymentsPage = withFeedback(PaymentsView);
export default PaymentsPage;
