import type { IsolationTable } from '../../testing/isolation.ts';

export const applicationFormIsolation: IsolationTable = {};
