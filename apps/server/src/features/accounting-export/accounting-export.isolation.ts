import { type IsolationTable, school } from '../../testing/isolation.ts';
import { aDocument } from '../invoice/invoice.testing.ts';

export const accountingExportIsolation: IsolationTable = {
  'accountingExport.getAccountingExport': school(
    aDocument,
    (c, schoolId) => c.accountingExport.getAccountingExport({ schoolId, from: '2031-01-01', to: '2031-12-31', format: 'CSV' }),
    (result, { year }) => JSON.stringify(result).includes(`${year}0001`),
  ),
};
