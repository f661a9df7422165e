import type { IsolationTable } from '../../testing/isolation.ts';

export const notificationIsolation: IsolationTable = {};
