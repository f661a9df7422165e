import { entity, type IsolationTable, school, theSchool, type Victim } from '../../testing/isolation.ts';

export const interpreterInputExample = {
  interpreterInfo: { firstName: 'Olena', lastName: 'Kovalenko', degree: null, birthDate: '1980-01-01', phone: '+420 777 000 111' },
  address: { street: 'Husova', streetCode: '3', city: 'Brno', postCode: '60200' },
};

async function anInterpreter(_app: unknown, v: Victim) {
  return { interpreterId: (await v.caller.interpreter.createInterpreter({ schoolId: v.schoolId, ...interpreterInputExample })).id };
}

export const interpreterIsolation: IsolationTable = {
  'interpreter.getInterpreters': school(anInterpreter, (c, schoolId) => c.interpreter.getInterpreters({ schoolId })),
  'interpreter.createInterpreter': school(theSchool, (c, schoolId) => c.interpreter.createInterpreter({ schoolId, ...interpreterInputExample })),
  'interpreter.updateInterpreter': entity(anInterpreter, (c, schoolId, { interpreterId }) =>
    c.interpreter.updateInterpreter({ schoolId, interpreterId, ...interpreterInputExample }),
  ),
  'interpreter.removeInterpreter': entity(anInterpreter, (c, schoolId, { interpreterId }) => c.interpreter.removeInterpreter({ schoolId, interpreterId })),
};
