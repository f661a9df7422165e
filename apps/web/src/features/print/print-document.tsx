// One view-model, the matching printable document.
import type { DocumentVm } from '@volant/shared/pdf/view-models';
import { ClassBookPrint } from './class-book-print.tsx';
import { DrivingRecordPrint } from './driving-record-print.tsx';
import { ExamPrint } from './exam-print.tsx';
import { InvoicePrint } from './invoice-print.tsx';
import { PartialCompletionPrint } from './partial-completion-print.tsx';
import { RegisterBookPrint } from './register-book-print.tsx';
import { ReportPrint } from './report-print.tsx';

export function PrintDocument({ vm }: { vm: DocumentVm }) {
  switch (vm.kind) {
    case 'REPORT':
      return <ReportPrint vm={vm} />;
    case 'REPORT_VEHICLE_DRIVING_TRAINING':
      return <DrivingRecordPrint vm={vm} />;
    case 'REPORT_CLASS_BOOK':
      return <ClassBookPrint vm={vm} />;
    case 'EXAM':
      return <ExamPrint vm={vm} />;
    case 'INVOICE':
      return <InvoicePrint vm={vm} />;
    case 'REGISTER_BOOK':
      return <RegisterBookPrint vm={vm} />;
    case 'PARTIAL_COMPLETION':
      return <PartialCompletionPrint vm={vm} />;
  }
}
