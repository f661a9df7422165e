import { type IsolationTable, school, type Victim } from '../../testing/isolation.ts';
import { entity } from '../../testing/isolation.ts';
import { aStudent } from '../student/student.testing.ts';

/** A student of the victim's school and a job for their Potvrzení o částečném absolvování. */
export async function aPdfJob(app: unknown, v: Victim) {
  const { studentId } = await aStudent(app, v);
  const { id } = await v.caller.pdfFile.requestPdf({ schoolId: v.schoolId, kind: 'PARTIAL_COMPLETION', studentId, clientCode: 'isolation' });
  return { studentId, pdfFileId: id };
}

export const pdfFileIsolation: IsolationTable = {
  'pdfFile.requestPdf': entity(aStudent, (c, schoolId, { studentId }) =>
    c.pdfFile.requestPdf({ schoolId, kind: 'PARTIAL_COMPLETION', studentId, clientCode: 'attack' }),
  ),
  'pdfFile.getPdfFiles': school(aPdfJob, (c, schoolId) => c.pdfFile.getPdfFiles({ schoolId })),
  'pdfFile.getPdfFile': entity(aPdfJob, (c, schoolId, { pdfFileId }) => c.pdfFile.getPdfFile({ schoolId, id: pdfFileId })),
  'student.exportReportClassBook': entity(aStudent, (c, schoolId, { studentId }) =>
    c.student.exportReportClassBook({ schoolId, studentId, clientCode: 'attack' }),
  ),
  'student.exportReportVehicleDrivingTraining': entity(aStudent, (c, schoolId, { studentId }) =>
    c.student.exportReportVehicleDrivingTraining({ schoolId, studentId, clientCode: 'attack' }),
  ),
};
