// Route /app/payments (issue 9): the school's money — 'Nedoplatky' (students who owe) and 'Doklady' (invoices,
// receipts, credit notes). The tab lives in the URL (?tab=doklady) so it can be linked.
import { Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { InvoicesList } from '../features/invoice/invoices-list.tsx';
import { OwingList } from '../features/payment-item/owing-list.tsx';
import { withFeedback } from '../features/student/feedback-scope.tsx';

export const PAYMENTS_TABS = ['nedoplatky', 'doklady'] as const;
type PaymentsTab = (typeof PAYMENTS_TABS)[number];
const isTab = (tab: string | null): tab is PaymentsTab => PAYMENTS_TABS.includes(tab as PaymentsTab);

function PaymentsView() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab');
  const active: PaymentsTab = isTab(tab) ? tab : 'nedoplatky';
  return (
    <div style={{ minWidth: 0 }}>
      <Typography.Title level={3}>Platby</Typography.Title>
      <Tabs
        activeKey={active}
        onChange={(key) =>
          setParams(
            (p) => {
              p.set('tab', key);
              return p;
            },
            { replace: true },
          )
        }
        destroyOnHidden
        items={[
          { key: 'nedoplatky', label: 'Nedoplatky', children: <OwingList /> },
          { key: 'doklady', label: 'Doklady', children: <InvoicesList /> },
        ]}
      />
    </div>
  );
}

const PaymentsPage = withFeedback(PaymentsView);
export default PaymentsPage;
