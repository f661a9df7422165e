// A button that exports one document as PDF through the job pipeline (usePdfExport): busy only while the request is
// sent; the notice then follows the job, so the user may go on working (and export more) meanwhile.
import { FilePdfOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { useState } from 'react';
import { usePdfExport } from './use-pdf-export.tsx';

export function PdfExportButton({
  label,
  document,
  request,
  ...button
}: {
  /** The button's text, e.g. 'Třídní kniha (PDF)'. */
  label: string;
  /** The document's name in the notice. */
  document: string;
  request: (clientCode: string) => Promise<{ id: string }>;
} & Omit<ButtonProps, 'onClick' | 'children'>) {
  const exportPdf = usePdfExport();
  const [sending, setSending] = useState(false);
  const onClick = () => {
    setSending(true);
    const sent = () => setSending(false);
    void exportPdf(document, (clientCode) => {
      const started = request(clientCode);
      started.then(sent, sent);
      return started;
    }).finally(sent);
  };
  return (
    <Button icon={<FilePdfOutlined />} loading={sending} onClick={onClick} {...button}>
      {label}
    </Button>
  );
}
