// The export buttons other screens place where their document belongs (one line in the host): the hlášenka detail,
// the exam term, an invoice. Each makes the document as a PDF job (usePdfExport) and downloads it when ready.
import { PDF_KIND_LABELS } from '@volant/shared/enums';
import type { ButtonProps } from 'antd';
import { schoolOf, useSchoolInput } from '../../app/use-school.ts';
import { useTRPCClient } from '../../lib/trpc.ts';
import { PdfExportButton } from './pdf-export-button.tsx';

type Extra = Omit<ButtonProps, 'onClick' | 'children'>;

/** Hlášenka detail: 'Exportovat PDF'. */
export function ReportPdfExport({ reportId, ...button }: { reportId: string } & Extra) {
  const client = useTRPCClient();
  const school = useSchoolInput();
  return (
    <PdfExportButton
      label="Exportovat PDF"
      document={PDF_KIND_LABELS.REPORT}
      request={(clientCode) => client.pdfFile.requestPdf.mutate({ ...schoolOf(school), kind: 'REPORT', reportId, clientCode })}
      {...button}
    />
  );
}

/** Exam term: 'Přihláška ke zkoušce (PDF)'. */
export function ExamPdfExport({ examId, ...button }: { examId: string } & Extra) {
  const client = useTRPCClient();
  const school = useSchoolInput();
  return (
    <PdfExportButton
      label="Přihláška ke zkoušce (PDF)"
      document={PDF_KIND_LABELS.EXAM}
      request={(clientCode) => client.pdfFile.requestPdf.mutate({ ...schoolOf(school), kind: 'EXAM', examId, clientCode })}
      {...button}
    />
  );
}

/** An invoice, receipt or credit note: 'Stáhnout PDF'. */
export function InvoicePdfExport({ invoiceId, label = 'Stáhnout PDF', ...button }: { invoiceId: string; label?: string } & Extra) {
  const client = useTRPCClient();
  const school = useSchoolInput();
  return (
    <PdfExportButton
      label={label}
      document={PDF_KIND_LABELS.INVOICE}
      request={(clientCode) => client.pdfFile.requestPdf.mutate({ ...schoolOf(school), kind: 'INVOICE', invoiceId, clientCode })}
      {...button}
    />
  );
}
