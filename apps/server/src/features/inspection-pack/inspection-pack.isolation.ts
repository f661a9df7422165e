import { entity, type IsolationTable, school, type Victim } from '../../testing/isolation.ts';

/** The victim school's pack (its job row; no worker builds it here). */
const aPack = async (_app: unknown, v: Victim) => {
  const pack = await v.caller.inspectionPack.createPack({ schoolId: v.schoolId, from: '2031-01-01', to: '2031-12-31' });
  return { packId: pack.id };
};

export const inspectionPackIsolation: IsolationTable = {
  'inspectionPack.createPack': school(aPack, (c, schoolId) => c.inspectionPack.createPack({ schoolId, from: '2031-02-01', to: '2031-02-28' })),
  'inspectionPack.getPacks': school(aPack, (c, schoolId) => c.inspectionPack.getPacks({ schoolId })),
  'inspectionPack.getPack': entity(aPack, (c, schoolId, { packId }) => c.inspectionPack.getPack({ schoolId, id: packId })),
};
