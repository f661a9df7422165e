import type { IsolationTable } from '../../testing/isolation.ts';

export const invoiceIsolation: IsolationTable = {};
