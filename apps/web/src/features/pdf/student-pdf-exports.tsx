// The Evidence tab's PDF exports (spec §2 tab 5; legal-cz §6): the driving-training record, the class book and the
// partial-completion certificate of this student, each made as a job and downloaded when ready.
import { PDF_KIND_LABELS } from '@volant/shared/enums';
import { Flex, Typography } from 'antd';
import { schoolOf, useSchoolInput } from '../../app/use-school.ts';
import { useTRPCClient } from '../../lib/trpc.ts';
import { PrintLinkButton } from '../print/print-link-button.tsx';
import { PdfExportButton } from './pdf-export-button.tsx';

export function StudentPdfExports({ studentId }: { studentId: string }) {
  const client = useTRPCClient();
  const school = useSchoolInput();
  return (
    <section aria-label="Dokumenty PDF">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        Dokumenty
      </Typography.Title>
      <Flex wrap gap={8} vertical={false}>
        <PdfExportButton
          label="Evidence výcviku (PDF)"
          document={PDF_KIND_LABELS.REPORT_VEHICLE_DRIVING_TRAINING}
          request={(clientCode) => client.student.exportReportVehicleDrivingTraining.mutate({ ...schoolOf(school), studentId, clientCode })}
        />
        <PdfExportButton
          label="Třídní kniha (PDF)"
          document={PDF_KIND_LABELS.REPORT_CLASS_BOOK}
          request={(clientCode) => client.student.exportReportClassBook.mutate({ ...schoolOf(school), studentId, clientCode })}
        />
        <PdfExportButton
          label="Potvrzení o částečném absolvování (PDF)"
          document={PDF_KIND_LABELS.PARTIAL_COMPLETION}
          request={(clientCode) => client.pdfFile.requestPdf.mutate({ ...schoolOf(school), kind: 'PARTIAL_COMPLETION', studentId, clientCode })}
        />
      </Flex>
      <Flex wrap gap={8} vertical={false} style={{ marginTop: 8 }}>
        <PrintLinkButton label="Tisk evidence výcviku" input={{ kind: 'REPORT_VEHICLE_DRIVING_TRAINING', entityId: studentId }} />
        <PrintLinkButton label="Tisk třídní knihy" input={{ kind: 'REPORT_CLASS_BOOK', entityId: studentId }} />
      </Flex>
    </section>
  );
}
