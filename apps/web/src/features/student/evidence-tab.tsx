// Card tab 5 Evidence (spec §2): export the driving-training record and the class book as PDF, open the applicant pass.
import { Flex } from 'antd';
import { StudentPdfExports } from '../pdf/student-pdf-exports.tsx';
import { StudentPassActions } from '../student-pass/student-pass-actions.tsx';

export function EvidenceTab({ student }: { student: { id: string } }) {
  return (
    <Flex vertical gap={24}>
      <StudentPdfExports studentId={student.id} />
      <StudentPassActions studentId={student.id} />
    </Flex>
  );
}
