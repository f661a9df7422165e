import type { IsolationTable } from '../../testing/isolation.ts';

export const userSettingsIsolation: IsolationTable = {};
