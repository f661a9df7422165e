// What an interpreter's events mean after commit (events/processors.ts): the interpreter refreshes on open screens.
import type { EventDefinition, EventDefinitions } from '../../events/event.ts';
import { interpreterMessage } from './interpreter.service.ts';

const refreshInterpreter: EventDefinition = {
  live(live, { schoolId, entityId }) {
    if (schoolId && entityId) interpreterMessage(live, schoolId, entityId);
  },
};

export const interpreterEvents: EventDefinitions = {
  'interpreter.create': refreshInterpreter,
  'interpreter.update': refreshInterpreter,
  'interpreter.remove': refreshInterpreter,
};
