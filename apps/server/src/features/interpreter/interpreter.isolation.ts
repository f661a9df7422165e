import type { IsolationTable } from '../../testing/isolation.ts';
import type { Victim } from '../../testing/isolation.ts';
import { crossTenant } from '../student/student.testing.ts';

export const interpreterInputExample = {
  interpreterInfo: { firstName: 'Olena', lastName: 'Kovalenko', degree: null, birthDate: '1980-01-01', phone: '+420 777 000 111' },
  address: { street: 'Husova', streetCode: '3', city: 'Brno', postCode: '60200' },
};

const seed = async (v: Victim) => (await v.caller.interpreter.createInterpreter({ schoolId: v.schoolId, ...interpreterInputExample })).id;

export const interpreterIsolation: IsolationTable = {
  'interpreter.getInterpreters': { kind: 'attack', run: (a, v) => a.interpreter.getInterpreters({ schoolId: v.schoolId }) },
  'interpreter.createInterpreter': { kind: 'attack', run: (a, v) => a.interpreter.createInterpreter({ schoolId: v.schoolId, ...interpreterInputExample }) },
  'interpreter.updateInterpreter': {
    kind: 'attack',
    run: async (a, v) => {
      const interpreterId = await seed(v);
      return crossTenant(a, v.schoolId, (schoolId) => a.interpreter.updateInterpreter({ schoolId, interpreterId, ...interpreterInputExample }));
    },
  },
  'interpreter.removeInterpreter': {
    kind: 'attack',
    run: async (a, v) => {
      const interpreterId = await seed(v);
      return crossTenant(a, v.schoolId, (schoolId) => a.interpreter.removeInterpreter({ schoolId, interpreterId }));
    },
  },
};
