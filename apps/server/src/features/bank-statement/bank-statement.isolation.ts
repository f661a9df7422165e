import type { IsolationTable } from '../../testing/isolation.ts';
import { entity, school, theSchool, type Victim } from '../../testing/isolation.ts';
import { setOperator } from '../invoice/invoice.testing.ts';
import { aStatement, csvColumns } from './bank-statement.testing.ts';

/** The victim's own CSV columns, with a column name only it uses. */
async function aCsvMapping(_app: unknown, v: Victim) {
  await v.caller.bankStatement.saveCsvMapping({ schoolId: v.schoolId, columns: csvColumns({ payerName: 'Tajny-sloupec-platce' }) });
  return { column: 'Tajny-sloupec-platce' };
}

export const bankStatementIsolation: IsolationTable = {
  // The caller's own school gets the same (test) account first, so its own preview of the victim's file answers, and
  // must propose none of the victim's students. Through the gate (the victim's id) the set-up is refused and ignored.
  'bankStatement.previewBankStatement': school(
    aStatement,
    async (c, schoolId) => {
      await setOperator(c, schoolId).catch(() => undefined);
      const { content } = await aStatement(null, { caller: c, schoolId }).catch(() => ({ content: 'AAAA' }));
      return c.bankStatement.previewBankStatement({ schoolId, content });
    },
    (result, ids) => JSON.stringify(result).includes(ids.studentId),
  ),
  // The victim's student (and its transaction) in a confirmation: NOT_FOUND through the gate and under the caller's own id.
  'bankStatement.confirmBankStatement': entity(aStatement, (c, schoolId, { content, studentId, transactionId }) =>
    c.bankStatement.confirmBankStatement({ schoolId, content, decisions: [{ transactionId, studentId }] }),
  ),
  // Another school's answer (its own, none saved) must not show the victim's columns.
  'bankStatement.getCsvMapping': school(aCsvMapping, (c, schoolId) => c.bankStatement.getCsvMapping({ schoolId })),
  'bankStatement.saveCsvMapping': school(theSchool, (c, schoolId) => c.bankStatement.saveCsvMapping({ schoolId, columns: csvColumns() })),
};
