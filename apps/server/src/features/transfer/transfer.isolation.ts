// 'Převod žáka' in the isolation table: another school's student id is refused (NOT_FOUND) by every procedure; a
// record ISSUED by another school is what the import is for, so the seeded file comes from a third school's key.
import { entity, type IsolationTable, type Victim } from '../../testing/isolation.ts';
import { aStudent } from '../student/student.testing.ts';
import { aSignedFile } from './transfer.testing.ts';

async function studentAndFile(app: unknown, v: Victim) {
  const { studentId } = await aStudent(app, v);
  return { studentId, ...aSignedFile() };
}

export const transferIsolation: IsolationTable = {
  'transfer.exportTransfer': entity(aStudent, (c, schoolId, { studentId }) => c.transfer.exportTransfer({ schoolId, studentId })),
  'transfer.previewTransferImport': entity(studentAndFile, (c, schoolId, { studentId, document }) =>
    c.transfer.previewTransferImport({ schoolId, studentId, document }),
  ),
  'transfer.importTransfer': entity(studentAndFile, (c, schoolId, { studentId, document, keyFingerprint }) =>
    c.transfer.importTransfer({ schoolId, studentId, document, keyFingerprint }),
  ),
  'transfer.getPriorTrainings': entity(aStudent, (c, schoolId, { studentId }) => c.transfer.getPriorTrainings({ schoolId, studentId })),
};
