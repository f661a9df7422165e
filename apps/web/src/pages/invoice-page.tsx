// Route /app/payments/invoice/:id (issue 9): one document of the school.
import { APP_ERRORS } from '@volant/shared/errors';
import { Result } from 'antd';
import { useParams } from 'react-router';
import { InvoiceDetailScreen } from '../features/invoice/invoice-detail.tsx';

export default function InvoicePage() {
  const { id } = useParams();
  if (!id) return <Result status="404" title={APP_ERRORS.INVOICE_NOT_FOUND} />;
  return <InvoiceDetailScreen key={id} id={id} />;
}
