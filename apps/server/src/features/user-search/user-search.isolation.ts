import type { IsolationTable } from '../../testing/isolation.ts';

export const userSearchIsolation: IsolationTable = {
  'userSearch.getUserLastSearch': { kind: 'attack', run: (a, v) => a.userSearch.getUserLastSearch({ schoolId: v.schoolId }) },
};
