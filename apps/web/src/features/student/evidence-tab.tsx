// Card tab 5 Evidence (spec §2): the legal minimum's state (issue 17), export the driving-training record, the class
// book and the partial-completion certificate as PDF, 'Převod žáka' (issue 22 §4), open the applicant pass.
import { Flex } from 'antd';
import { StudentPdfExports } from '../pdf/student-pdf-exports.tsx';
import { StudentPassActions } from '../student-pass/student-pass-actions.tsx';
import { StudentTransfer } from '../transfer/student-transfer.tsx';
import { LegalMinimumStatus } from './legal-minimum-status.tsx';

export function EvidenceTab({ student }: { student: { id: string; state: string; earlyEndReason: string | null } }) {
  const trainingStarted = student.state !== 'NOT_STARTED' && student.state !== 'WAITING_FOR_ADMISSION';
  return (
    <Flex vertical gap={24}>
      {trainingStarted && <LegalMinimumStatus studentId={student.id} earlyEndReason={student.earlyEndReason} />}
      <StudentPdfExports studentId={student.id} />
      <StudentTransfer studentId={student.id} />
      <StudentPassActions studentId={student.id} />
    </Flex>
  );
}
