import { entity, type IsolationTable } from '../../testing/isolation.ts';
import { aStudent } from '../student/student.testing.ts';

export const printIsolation: IsolationTable = {
  'print.createPrintToken': entity(aStudent, (c, schoolId, { studentId }) =>
    c.print.createPrintToken({ schoolId, kind: 'PARTIAL_COMPLETION', entityId: studentId }),
  ),
  'print.openPrintDocument': {
    kind: 'public',
    why: 'the token names its school and subject under a MAC keyed by the issuing session; print.int.test.ts shows a changed or foreign token refused',
  },
};
